import {
  buildPostFacturaPayload,
  CFDI_MSG,
  checkImage,
  checkInvoiceAgainst,
  checkInvoiceFiles,
  checkPdf,
  checkXmlFile,
  ddmmyyyyToIso,
  formatAmount,
  type InvoiceData,
  type InvoiceVariant,
  invoiceXmlFields,
  joinEntradas,
  readInvoice,
} from "@portal/cfdi";
import {
  autorizacionErpDe,
  distinctCurrencies,
  ENTRADAS_MONEDA_MSG,
  type EntradaFactura,
  ERP_AUTORIZACION_MSG,
  type EstatusFactura,
  type EstatusFacturaMostrado,
  type EstatusPagoFactura,
  estatusFactura as estatusFacturaCompartido,
  estatusFacturaMostrado,
  estatusPagoFactura,
  type FacturaRow,
  type FacturaSociedad,
  isFacturaExtranjera,
  MSG,
  type PatchFacturaRequest,
  type PostFacturaRequestInput,
  type ProveedorResumen,
  patchFacturaRequestSchema,
  postFacturaRequestSchema,
  saldoDeFactura,
} from "@portal/contracts";
import { clock } from "../../lib/clock";
import { type ArchivoLeido, checkSizes, type Revision, readXml, zodMessages } from "../../lib/read-file";
import type { Session } from "../../lib/session";
import { type Cantidades, checkCantidades, claveLinea, lineasDelEnvio, parteDeEntrada } from "./entrada-partes";

/**
 * Pure rules of the invoice screens (spec §2 /MisFacturas, 'Registro de la facturación', 'Datos generales';
 * §4 invoice status, payment status, read-only on acceptance; §5 invoice upload). The browser's checks are
 * for speed only: the server reads the XML again, verifies both seals and decides.
 */

export type { EstatusFactura } from "@portal/contracts";
export type EstatusPago = EstatusPagoFactura;

/** Spec §4 "Invoice status shown" (the shared rule of @portal/contracts). */
export const estatusFactura = (row: Pick<FacturaRow, "CANCELED" | "EstatusFactura">): EstatusFactura =>
  estatusFacturaCompartido(row);

/**
 * Invoice payment status (issue 23, decision 024): the ERP decides for every invoice, whatever the method —
 * Pagada only when the A/P invoice is not cancelled and the amount paid to date reaches the total.
 */
export const estatusPago = (row: Pick<FacturaRow, "CANCELED" | "PaidToDate" | "Total">): EstatusPago =>
  estatusPagoFactura(row);

/**
 * The list's status (and its search text): the payment status once something was paid or credited (issue 39:
 * 'Pagada', 'Pagada y acreditada', 'Saldada con nota de crédito', 'Pago parcial'), otherwise the invoice status.
 */
export const estatusMostrado = (row: FacturaRow): EstatusFacturaMostrado => estatusFacturaMostrado(row);

/**
 * Issue 39 (decision 058): the invoice's balance ('Saldo') and what made it, one sentence: the total less the ERP's
 * payments (with the last payment's date) and the accepted credit notes. '' when the row's amounts are not amounts.
 */
export function saldoMostrado(row: FacturaRow): { saldo: string; detalle: string } | null {
  const s = saldoDeFactura(row);
  if (!s) return null;
  const moneda = row.DocCur;
  const pago = row.FechaPago ? ` (último pago: ${fechaMostrada(row.FechaPago)})` : "";
  return {
    saldo: s.saldo,
    detalle: `Total ${formatAmount(row.Total)} − pagos ${formatAmount(s.pagos)}${pago} − notas de crédito aceptadas ${formatAmount(s.notas)} = ${formatAmount(s.saldo)} ${moneda}`,
  };
}

export const COLOR_ESTATUS: Record<EstatusFacturaMostrado, string> = {
  Pagada: "teal",
  "Pagada y acreditada": "teal",
  "Saldada con nota de crédito": "grape",
  "Pago parcial": "cyan",
  Aceptada: "blue",
  Rechazada: "red",
  Cancelado: "gray",
  Pendiente: "yellow",
};

/** How long after its acceptance an invoice reads 'Enviando al ERP…' rather than 'Pendiente en ERP' (issue 23). */
export const ENVIANDO_ERP_MS = 60_000;

/**
 * What is left of the invoice's first minute with the ERP (issue 23), in ms; 0 once it has passed, or when no job
 * is waiting (EnviadoERP null) or its time cannot be read.
 */
export function msEnviandoErp(row: Pick<FacturaRow, "EstadoERP" | "EnviadoERP">, now: Date = clock.now()): number {
  if (row.EstadoERP !== "pendiente" || !row.EnviadoERP) return 0;
  const desde = Date.parse(row.EnviadoERP);
  if (Number.isNaN(desde)) return 0;
  return Math.max(0, desde + ENVIANDO_ERP_MS - now.getTime());
}

/** An accepted invoice whose A/P invoice is still on its way (issue 23): its list refreshes itself meanwhile. */
export const awaitsErp = (row: Pick<FacturaRow, "EstatusFactura" | "EstadoERP">): boolean =>
  row.EstatusFactura === "A" && row.EstadoERP === "pendiente";

/**
 * Where an accepted invoice stands with the ERP (issue 13, not in the spec): its A/P invoice created ('Factura SAP
 * {FolioSAP}'), waiting for or retrying it ('Pendiente en ERP'), or refused / retries stopped ('Error en ERP').
 */
export interface EstadoErpMostrado {
  estado: "enviando" | "creada" | "pendiente" | "fallido";
  etiqueta: string;
  color: string;
  /** The ERP's last message ('' when none; the server never sends it to suppliers). */
  error: string;
  /** An employee may ask for the A/P invoice now: while it is not created yet. */
  canRetry: boolean;
}

/** 'Esperando autorización en SAP' / 'Autorización rechazada en SAP' when the job's message says so (issue 37). */
function etiquetaAutorizacion(error: string): string | null {
  const autorizacion = autorizacionErpDe(error);
  return autorizacion === "" ? null : ERP_AUTORIZACION_MSG[autorizacion];
}

/** The ERP state of an invoice, or null when it has none (not accepted, or a server without the ERP fields). */
export function estadoErp(
  row: Pick<FacturaRow, "EstatusFactura" | "EstadoERP" | "FolioSAP" | "ErrorERP" | "EnviadoERP">,
  now: Date = clock.now(),
): EstadoErpMostrado | null {
  const error = row.ErrorERP?.trim() ?? "";
  // Issue 23: just accepted, the worker is creating the A/P invoice: not an error and nothing to retry yet.
  if (row.EstadoERP === "pendiente" && error === "" && msEnviandoErp(row, now) > 0) {
    return { estado: "enviando", etiqueta: "Enviando al ERP…", color: "blue", error: "", canRetry: false };
  }
  switch (row.EstadoERP) {
    case "creada":
      return {
        estado: "creada",
        etiqueta: row.FolioSAP == null ? "Registrada en ERP" : `Factura SAP ${row.FolioSAP}`,
        color: "teal",
        error: "",
        canRetry: false,
      };
    case "pendiente":
    case "fallido":
      return {
        estado: row.EstadoERP,
        // Issue 37 (decision 046): an approval procedure of SAP holds the document as a draft, or rejected it.
        etiqueta: etiquetaAutorizacion(error) ?? (row.EstadoERP === "pendiente" ? "Pendiente en ERP" : "Error en ERP"),
        color: row.EstadoERP === "pendiente" ? "yellow" : "red",
        error,
        // Only accepted invoices go to the ERP: the server refuses the others (MSG.erpNoAceptada).
        canRetry: row.EstatusFactura === "A",
      };
    default:
      return null;
  }
}

/**
 * Spec §4 "Read-only on acceptance": files can only be viewed once Aceptada. Decision 073: a foreign supplier's
 * invoice without CFDI is never corrected in place (a rejected one is registered anew).
 */
export const canUploadArchivos = (row: FacturaRow): boolean =>
  estatusFactura(row) !== "Aceptada" && !isFacturaExtranjera(row);

/** Spec §2, §4: 'Actualizar' is disabled once the invoice is Aceptada or Cancelado (and for one without CFDI). */
export function canUpdateFactura(row: FacturaRow): boolean {
  const estatus = estatusFactura(row);
  return estatus !== "Aceptada" && estatus !== "Cancelado" && !isFacturaExtranjera(row);
}

/** Spec §2: "The date is shown as YYYY-MM-DD, converted from DD-MM-YYYY". */
export const fechaMostrada = (fecha: string | null): string => (fecha ? ddmmyyyyToIso(fecha) : "");

export type { ArchivoLeido, Revision } from "../../lib/read-file";

export interface ArchivosFactura {
  pdf: ArchivoLeido | null;
  xml: ArchivoLeido | null;
  recepcion: ArchivoLeido | null;
}

/** Our own messages where the spec gives none (a choice the user has not made yet). */
export const FORM_MSG = {
  sociedadRequerida: "Debe seleccionar la razón social",
  entradaRequerida: "Debe seleccionar la entrada de mercancia",
} as const;

/**
 * Issue 27: one CFDI is in one currency; issue 39: the refusal names each receipt with its currency, in the
 * server's words, and never adds them. Null when the receipts share one currency.
 */
export function refuseMixedCurrencies(entradas: readonly Pick<EntradaFactura, "DocNum" | "DocCur">[]): string | null {
  if (distinctCurrencies(entradas.map((e) => e.DocCur)).length < 2) return null;
  return ENTRADAS_MONEDA_MSG.entradasDeVariasMonedas(
    entradas.map((e) => ({ docNum: e.DocNum, moneda: e.DocCur.trim().toUpperCase() })),
  );
}

/** Issue 27: every receipt an invoice bills (servers before it send only the one `Entrada`). */
export const entradasDeFila = (row: Pick<FacturaRow, "Entrada" | "EntradasMercancia">): number[] =>
  row.EntradasMercancia && row.EntradasMercancia.length > 0 ? row.EntradasMercancia : [row.Entrada];

/**
 * The chosen receipts as postFactura sends them, by number then DocEntry: EntradaMercancia the numbers users read,
 * EntradaDocEntry (issue 37, decision 051) the ERP's keys in the same order, which tell apart receipts sharing a
 * number.
 */
const entradasDelEnvio = (entradas: readonly EntradaFactura[]) => {
  const orden = [...entradas].sort((a, b) => a.DocNum - b.DocNum || a.DocEntry - b.DocEntry);
  return { EntradaMercancia: orden.map((e) => e.DocNum), EntradaDocEntry: orden.map((e) => e.DocEntry) };
};

/**
 * Issue 37 (decision 051): every receipt an invoice bills with its DocEntry when the server gives it (null otherwise:
 * an older server, or a receipt stored before the portal kept it), for reading each one back by it.
 */
export const entradaRefsDeFila = (
  row: Pick<FacturaRow, "Entrada" | "EntradasMercancia" | "EntradasDocEntry">,
): { docNum: number; docEntry: number | null }[] => {
  const docNums = entradasDeFila(row);
  const docEntries = row.EntradasDocEntry?.length === docNums.length ? row.EntradasDocEntry : null;
  return docNums.map((docNum, i) => ({ docNum, docEntry: docEntries?.[i] ?? null }));
};

/** The picked XML read with the form's rules (spec §5: 'No cuenta con la estructura…' first). */
const readInvoiceXml = (xml: ArchivoLeido | null, variante: InvoiceVariant) =>
  readXml(xml, (bytes) => readInvoice(bytes, { variant: variante }));

/** What the §5 cross checks need of the chosen goods receipts, taken together (issue 27: one or several). */
const entradasParaReglas = (entradas: readonly EntradaFactura[]) =>
  joinEntradas(
    entradas.map((entrada) => ({
      DocNum: entrada.DocNum,
      DocTotal: entrada.DocTotal,
      PeyMethod: entrada.PeyMethod,
      U_B1SYS_MainUsage: entrada.U_B1SYS_MainUsage,
      CP: entrada.CP,
      GroupNum: entrada.GroupNum,
      Moneda: entrada.DocCur,
    })),
  );

/**
 * The RFCs and the currency, which the server checks too (issue 23: a CFDI for another sociedad says its RFC and
 * the expected one in the first toast, not after the browser's checks pass).
 */
function partesYMoneda(
  datos: InvoiceData,
  proveedor: ProveedorResumen,
  sociedad: FacturaSociedad,
  /** Null when the receipts are in several currencies (refused on their own, not against the XML's one). */
  entrada: EntradaFactura | null,
): string[] {
  const errores: string[] = [];
  const mismo = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();
  if (!mismo(datos.RFCEmisor, proveedor.LicTradNum)) {
    errores.push(CFDI_MSG.rfcEmisor(datos.RFCEmisor, proveedor.LicTradNum));
  }
  if (!mismo(datos.RFCReceptor, sociedad.RFC)) errores.push(CFDI_MSG.rfcReceptor(datos.RFCReceptor, sociedad.RFC));
  if (entrada && !mismo(datos.Moneda, entrada.DocCur)) errores.push(CFDI_MSG.moneda(datos.Moneda, entrada.DocCur));
  return errores;
}

interface NuevaFacturaContexto {
  session: Pick<Session, "id" | "operador">;
  proveedor: ProveedorResumen;
  sociedad: FacturaSociedad | null;
  /** The receipts chosen (issue 27: one or several), in the order shown. */
  entradas: readonly EntradaFactura[];
  archivos: ArchivosFactura;
  base64: (bytes: Uint8Array) => string;
  /** Issue 42 (decision 074): the quantities billed of each line when the CFDI bills part of the receipts. */
  cantidades?: Cantidades | null;
}

/**
 * 'Registro de la facturación' on submit (spec §5): the sociedad and receipt chosen, the three files required
 * and of their types, the XML with the stamp's structure, then every cross check against the supplier, the
 * chosen sociedad and the chosen receipt. Every failing message is returned together (one toast); when none
 * fails, the postFactura payload built from the XML read here.
 */
export function checkNewFactura(ctx: NuevaFacturaContexto): Revision<PostFacturaRequestInput> {
  const { sociedad, entradas, archivos } = ctx;
  const [entrada] = entradas;
  const errores: string[] = [];
  if (!sociedad) errores.push(FORM_MSG.sociedadRequerida);
  if (!entrada) errores.push(FORM_MSG.entradaRequerida);
  const variasMonedas = refuseMixedCurrencies(entradas);
  if (variasMonedas) errores.push(variasMonedas);
  errores.push(...checkSizes([archivos.pdf, archivos.xml, archivos.recepcion]));
  const archivoErrores = checkInvoiceFiles(archivos);
  errores.push(...archivoErrores);
  const { pdf, xml, recepcion } = archivos;
  const { datos, errores: xmlErrores } = readInvoiceXml(xml, "alta");
  errores.push(...xmlErrores);
  // Issue 42: a partial invoice is checked against the chosen part of each receipt.
  const { cantidades } = ctx;
  if (cantidades) errores.push(...checkCantidades(entradas, cantidades));
  const paraReglas = cantidades ? entradas.map((e) => parteDeEntrada(e, cantidades)) : entradas;
  if (datos && sociedad && entrada) {
    errores.push(
      ...checkInvoiceAgainst(
        datos,
        {
          proveedor: { CardName: ctx.proveedor.CardName },
          sociedad: { NomSociedad: sociedad.NomSociedad, Regimen: sociedad.Regimen, CP: sociedad.CP },
          entrada: entradasParaReglas(paraReglas),
        },
        "alta",
      ),
      ...partesYMoneda(datos, ctx.proveedor, sociedad, variasMonedas ? null : entrada),
    );
  }
  if (errores.length > 0 || !datos || !sociedad || !entrada || !pdf || !xml || !recepcion) {
    return { ok: false, errors: [...new Set(errores)] };
  }
  const archivo = ({ name, bytes }: ArchivoLeido) => ({ name, base64: ctx.base64(bytes) });
  const request: PostFacturaRequestInput = {
    usuario: ctx.session.id,
    operador: ctx.session.operador,
    id: ctx.session.id,
    ...buildPostFacturaPayload(datos, {
      RazonSocial: sociedad.BDSAP,
      ...entradasDelEnvio(entradas),
      // Spec §5: "The currency is taken from the receipt."
      Moneda: entrada.DocCur,
      archivos: { pdf: archivo(pdf), xml: archivo(xml), recepcion: archivo(recepcion) },
    }),
    ...(cantidades ? { Lineas: lineasDelEnvio(entradas, cantidades) } : {}),
  };
  const parsed = postFacturaRequestSchema.safeParse(request);
  return parsed.success ? { ok: true, request } : { ok: false, errors: zodMessages(parsed.error) };
}

interface ActualizacionContexto {
  session: Pick<Session, "id" | "operador">;
  row: FacturaRow;
  /**
   * The supplier (getProveedor) and the invoice's receipts (getEntradas by number, issue 27: every one), when
   * loaded.
   */
  proveedor: ProveedorResumen | null;
  entradas: readonly EntradaFactura[] | null;
  archivos: ArchivosFactura;
  base64: (bytes: Uint8Array) => string;
}

/** Messages of the files picked in the detail: each picked file of its type (nothing is required there). */
function checkChosenArchivos({ pdf, xml, recepcion }: ArchivosFactura): string[] {
  const errores = checkSizes([pdf, xml, recepcion]);
  if (recepcion) errores.push(...checkImage(recepcion.bytes, recepcion.mime));
  if (pdf) errores.push(...checkPdf(pdf.name, pdf.bytes));
  if (xml) errores.push(...checkXmlFile(xml.name, xml.bytes));
  return errores;
}

/**
 * Issue 42 (decision 074): the receipts as a partial invoice's checks see them (each reduced to the lines and
 * quantities it bills, when the server sent the receipt's lines); as they are for an invoice billing them whole.
 */
function parteDeFila(row: Pick<FacturaRow, "LineasFacturadas">, entradas: readonly EntradaFactura[]) {
  const lineas = row.LineasFacturadas ?? [];
  if (lineas.length === 0) return entradas;
  const cantidades = Object.fromEntries(lineas.map((l) => [claveLinea(l.EntradaDocEntry, l.LineNum), l.Cantidad]));
  return entradas.map((e) => (e.Lineas && e.Lineas.length > 0 ? parteDeEntrada(e, cantidades) : e));
}

/**
 * Issue 42 part 2 (decisions 076, 077): an invoice billing service lines of purchase orders. Its 'Entrada' is its
 * first order's number, not a receipt's: the update form loads no receipt for it and leaves the comparison of the
 * new XML with the part of the orders it bills to the server (as the services form does).
 */
export const isFacturaDePedido = (row: Pick<FacturaRow, "LineasFacturadas">): boolean =>
  (row.LineasFacturadas ?? []).some((l) => l.Pedido === true);

/**
 * 'Datos generales' on 'Actualizar' (spec §3 Invoice update payload, §5 update-form differences): only the
 * files picked are sent; the XML fields come from the new XML when one was picked (read with the update
 * form's rules: Folio required, SubTotal not; cross checks without régimen, postal codes and method), else
 * from the row.
 */
export function checkUpdate(ctx: ActualizacionContexto): Revision<PatchFacturaRequest> {
  const { row, archivos, entradas, proveedor } = ctx;
  // Issue 23: a correction must change a file (the same files would only go back to review).
  if (!archivos.pdf && !archivos.xml && !archivos.recepcion) return { ok: false, errors: [MSG.correccionSinArchivo] };
  const errores = checkChosenArchivos(archivos);
  const { pdf, xml, recepcion } = archivos;
  const { datos, errores: xmlErrores } = readInvoiceXml(xml, "actualizacion");
  errores.push(...xmlErrores);
  if (datos && entradas && entradas.length > 0 && proveedor && !isFacturaDePedido(row)) {
    errores.push(
      ...checkInvoiceAgainst(
        datos,
        {
          proveedor: { CardName: proveedor.CardName },
          sociedad: { NomSociedad: row.NomSociedad, Regimen: row.Regimen, CP: row.CPReceptor },
          // Issue 42: a partial invoice is compared with the part it bills.
          entrada: entradasParaReglas(parteDeFila(row, entradas)),
        },
        "actualizacion",
      ),
    );
  }
  if (errores.length > 0 || (xml && !datos)) return { ok: false, errors: [...new Set(errores)] };

  const delXml = datos
    ? invoiceXmlFields(datos)
    : {
        FolioFactura: row.FolioFactura,
        RFCEmisor: row.RFC,
        RFCReceptor: row.RFCReceptor,
        NombreEmisor: row.CardName,
        NombreReceptor: row.NomSociedad,
        UUID: row.UUID,
        FechaFactura: row.FechaFactura,
        Total: row.Total,
        FormaPago: row.FormaPago,
        UsoPrincipal: row.UsoPrincipal,
        MetodoPago: row.MetodoPago,
        CPReceptor: row.CPReceptor,
        CPEmisor: row.CPEmisor,
        Regimen: row.Regimen,
      };
  const request = {
    IdFactura: row.IdFactura,
    usuario: ctx.session.id,
    operador: ctx.session.operador,
    id: ctx.session.id,
    RazonSocial: row.BD,
    EntradaMercancia: row.Entrada,
    BD: row.BD,
    ...(pdf ? { PDF: pdf.name, PDF64: ctx.base64(pdf.bytes) } : {}),
    ...(xml ? { XML: xml.name, XML64: ctx.base64(xml.bytes) } : {}),
    ...(recepcion ? { Recepcion: recepcion.name, Recepcion64: ctx.base64(recepcion.bytes) } : {}),
    ...delXml,
    Estatus: estatusFactura(row),
    EstatusPago: estatusPago(row),
    FechaPago: row.FechaPago,
    Comentarios: row.Comentarios,
  };
  const parsed = patchFacturaRequestSchema.safeParse(request);
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, errors: zodMessages(parsed.error) };
}

/** 'Historial' (issues 13, 23): shared with the payment complements, in words. */
export { cambioHistorial, fechaHoraHistorial } from "../../lib/historial";
