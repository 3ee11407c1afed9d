/**
 * What the server checks of an invoice beyond the spec's §5 cross checks (packages/cfdi rules.ts), with the
 * Spanish messages a supplier reads (issue 12). Pure: every failing message is returned.
 */
import { CFDI_MSG, type InvoiceData, type WithholdingContext, type WithholdingRules } from "@portal/cfdi";
import { FACTURA_REGLAS_MSG, REVISION_MSG } from "@portal/contracts";
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
  ...FACTURA_REGLAS_MSG,
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
