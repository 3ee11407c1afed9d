/**
 * What the server checks of an invoice beyond the spec's §5 cross checks (packages/cfdi rules.ts), with the
 * Spanish messages a supplier reads (issue 12). Pure: every failing message is returned.
 */
import { CFDI_MSG, type InvoiceData, type WithholdingContext, type WithholdingRules } from "@portal/cfdi";
import { ENTRADAS_MONEDA_MSG, REVISION_MSG } from "@portal/contracts";
import {
  fieldsAgainstXml,
  partyFields,
  sameAmount,
  sameDate,
  sameIgnoringCase,
  sameNumber,
} from "../documentos/cfdi-compare";

export const FACTURA_MSG = {
  // Shared with the browser's checks (issue 23): the same words whoever says them first.
  rfcEmisor: CFDI_MSG.rfcEmisor,
  rfcReceptor: CFDI_MSG.rfcReceptor,
  moneda: CFDI_MSG.moneda,
  uuidRegistrado: (uuid: string) =>
    `El UUID ${uuid} ya está registrado en el portal; una factura se registra una sola vez.`,
  entradaConFactura: (docNum: number) => `La entrada de mercancía ${docNum} ya tiene una factura pendiente o aceptada.`,
  /** Issue 27: two uploads raced for receipts of one CFDI; the database kept the first. */
  entradasConFactura: (docNums: readonly number[]) =>
    `Alguna de las entradas de mercancía ${docNums.join(", ")} ya tiene una factura pendiente o aceptada.`,
  /** Issue 27: a decision would give a receipt a second invoice Pendiente or Aceptada. */
  entradasTomadas: (folio: string, docNums: readonly number[]) =>
    `La factura con folio ${folio} no puede quedar pendiente ni aceptada: ${
      docNums.length > 1 ? "las entradas de mercancía" : "la entrada de mercancía"
    } ${docNums.join(", ")} ya ${docNums.length > 1 ? "tienen" : "tiene"} otra factura pendiente o aceptada.`,
  /** Issue 27: one CFDI is in one currency, so its receipts must be too (issue 39: each named, never added). */
  entradasDeVariasMonedas: ENTRADAS_MONEDA_MSG.entradasDeVariasMonedas,
  entradaNoExiste: (docNum: number) =>
    `La entrada de mercancía ${docNum} no existe en la sociedad seleccionada o no es de su cuenta.`,
  /**
   * Issue 37 (decision 051): a receipt number without its DocEntry that names several of the supplier's receipts
   * (the ERP's numbering series repeat numbers).
   */
  entradaAmbigua: (docNum: number, cuantas: number) =>
    `El número de entrada ${docNum} corresponde a ${cuantas} entradas de mercancía suyas en la sociedad seleccionada (series de numeración distintas del ERP); vuelva a elegir la entrada en la lista para indicar cuál factura.`,
  /** Issue 37: EntradaDocEntry must name the receipts of EntradaMercancia, one for each, in the same order. */
  entradaDocEntryDistinta:
    "El campo EntradaDocEntry debe indicar una entrada por cada número de EntradaMercancia, en el mismo orden; vuelva a elegir las entradas en la lista.",
  entradaNoCorresponde: (docNum: number) =>
    `La entrada de mercancía elegida no es la número ${docNum}; vuelva a elegir la entrada en la lista.`,
  entradaCerrada: (docNum: number) =>
    `La entrada de mercancía ${docNum} está cerrada; ya no se le puede registrar una factura.`,
  sociedadNoVinculada: "La sociedad seleccionada no está vinculada a su cuenta o está inactiva.",
  noCoincide: (campo: string, enviado: string, xml: string) =>
    `El dato ${campo} enviado («${enviado}») no coincide con el del XML («${xml}»).`,
  facturaAceptada: (folio: string) => `La factura con folio ${folio} ya fue aceptada y no se puede modificar.`,
  /** Issue 22: the invoice changed (a reviewer decided) while the correction was being checked. */
  correccionDesactualizada: (folio: string) =>
    `La factura con folio ${folio} cambió mientras se procesaba su corrección; vuelva a cargarla para ver su estado.`,
  /** Issue 15: the SAT's list of taxpayers who invoice simulated operations (article 69-B of the CFF). */
  emisorDefinitivo69b: (rfc: string) =>
    `El emisor ${rfc} está en la lista definitiva del artículo 69-B del CFF (operaciones simuladas) publicada por ` +
    "el SAT; no se puede registrar su CFDI.",
  /**
   * Issue 27 (decision 036): a replacement CFDI (TipoRelacion 04) of an accepted invoice takes over its A/P invoice,
   * so it must bill the same receipts with the same total and currency.
   */
  sustitutaDistinta: (folio: string, uuid: string, entradas: readonly number[], total: string, moneda: string) =>
    `El CFDI sustituye (TipoRelacion 04) al CFDI ${uuid} de la factura aceptada con folio ${folio}; una sustitución debe conservar ${
      entradas.length > 1 ? "las entradas de mercancía" : "la entrada de mercancía"
    } ${entradas.join(", ")}, el total ${total} y la moneda ${moneda}. Si la factura es por otro importe o por otras entradas, regístrela cuando la factura ${folio} haya sido rechazada.`,
  /** Issue 27 (decision 036): another replacement of the same invoice was accepted first. */
  yaSustituida: (folio: string) =>
    `La factura con folio ${folio} ya fue sustituida por otra factura aceptada; esta sustitución ya no se puede aceptar.`,
  /** A replacement's correction must keep replacing the same accepted invoice. */
  sustitucionPerdida:
    "La factura sustituye a una factura aceptada y toma su factura de proveedor; el XML corregido debe sustituir al mismo CFDI (TipoRelacion 04) con las mismas entradas, total y moneda.",
  /** The audit line of the replaced invoice and of its replacement. */
  sustituidaPor: (folio: string, uuid: string) =>
    `Sustituida por la factura ${folio} (UUID ${uuid}), que toma su factura de proveedor en el ERP.`,
  sustituyeA: (folio: string, uuid: string) =>
    `Sustituye a la factura ${folio} (UUID ${uuid}) y toma su factura de proveedor en el ERP.`,
  cambioDeEntrada: "La sociedad y la entrada de mercancía de una factura registrada no se pueden cambiar.",
  // Review (issue 13): the sentences the browser shares (@portal/contracts)
  revisionNoExiste: REVISION_MSG.factura.noExiste,
  revisionBloqueada: REVISION_MSG.factura.bloqueada,
  revisionDesactualizada: REVISION_MSG.factura.desactualizada,
} as const;

export interface DatosEnviados {
  RFCEmisor: string;
  RFCReceptor: string;
  NombreEmisor: string;
  NombreReceptor: string;
  UUID: string;
  FechaFactura: string;
  Total: string | number;
  FormaPago: string;
  UsoPrincipal: string;
  MetodoPago: string;
  CPReceptor: string;
  CPEmisor: string;
  Regimen: string;
  FolioFactura?: string;
  Moneda?: string;
  TipoDeCambio?: string;
}

/**
 * Every field the client sends that also comes from the XML must be the XML's (the browser reads the XML to fill
 * them; the server re-reads it and never trusts them).
 */
export function camposContraXml(enviado: DatosEnviados, xml: InvoiceData): string[] {
  return fieldsAgainstXml(
    enviado,
    [
      ...partyFields(xml),
      ["FechaFactura", xml.FechaFactura, sameDate],
      ["Total", xml.Total, sameAmount],
      ["FormaPago", xml.FormaPago],
      ["UsoPrincipal", xml.UsoPrincipal, sameIgnoringCase],
      ["MetodoPago", xml.MetodoPago],
      ["CPReceptor", xml.CPReceptor],
      ["CPEmisor", xml.CPEmisor],
      ["Regimen", xml.Regimen],
      ["FolioFactura", xml.Folio],
      ["Moneda", xml.Moneda, sameIgnoringCase],
      ["TipoDeCambio", xml.TipoDeCambio, sameNumber],
    ],
    FACTURA_MSG.noCoincide,
  );
}

/**
 * Issue 27 (decision 031), issue 39 (decision 059): the withholding rules of the receiving sociedad (its switches,
 * whether it withholds IVA at all) and the ClaveProdServ codes it counts as professional fees (the fee concepts are
 * the base of the fee rules and, with rent, of RESICO's two thirds of the IVA).
 */
export function withholdingRulesOf(sociedad: {
  retencionResico: boolean;
  retencionArrendamiento: boolean;
  retencionHonorarios: boolean;
  noRetieneIva: boolean;
  clavesHonorarios: readonly string[];
}): { rules: WithholdingRules; context: WithholdingContext } {
  return {
    rules: {
      resico: sociedad.retencionResico,
      arrendamiento: sociedad.retencionArrendamiento,
      honorarios: sociedad.retencionHonorarios,
      noRetieneIva: sociedad.noRetieneIva,
    },
    context: { clavesHonorarios: sociedad.clavesHonorarios.map((clave) => clave.trim()) },
  };
}
