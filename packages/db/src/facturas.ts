import { addAmounts, type InvoiceData, roundAmount, subtractAmounts } from "@portal/cfdi";
import type { ErpFacturaProveedorNueva as FacturaProveedorNueva } from "@portal/erp";
import { comentarioFacturaProveedor } from "./comentario-erp";
import type { facturas } from "./schema/index";

/**
 * The fiscal columns of an invoice row (`facturas`), read from its CFDI: the XML is the source of truth, so the
 * API (postFactura, patchfactura) and the demo seed store exactly these. `diasCredito` is the receipt's.
 */
export function columnasDelCfdi(d: InvoiceData, diasCredito: number) {
  return {
    uuid: d.UUID.toUpperCase(),
    folio: d.Folio,
    rfcEmisor: d.RFCEmisor,
    nombreEmisor: d.NombreEmisor,
    rfcReceptor: d.RFCReceptor,
    nombreReceptor: d.NombreReceptor,
    cpEmisor: d.CPEmisor,
    cpReceptor: d.CPReceptor,
    regimenReceptor: d.Regimen,
    fechaCfdi: d.FechaFactura,
    fechaFactura: d.FechaFactura.slice(0, 10),
    fechaTimbrado: d.FechaTimbrado,
    diasCredito,
    subtotal: d.SubTotal ?? "0",
    descuento: d.Descuento,
    // Federal and local withholdings, added exactly (decimal strings, never binary floats).
    retenciones: addAmounts(d.TotalImpuestosRetenidos, d.TotalRetencionesLocales),
    total: d.Total,
    moneda: d.Moneda,
    tipoCambio: d.TipoDeCambio,
    formaPago: d.FormaPago,
    metodoPago: d.MetodoPago,
    usoCfdi: d.UsoPrincipal,
    // Issue 27 (decision 036): the CFDIs this one replaces (TipoRelacion 04), whose payment block its acceptance lifts.
    uuidsSustituidos: [
      ...new Set(
        d.CfdiRelacionados.filter((r) => r.TipoRelacion === "04")
          .flatMap((r) => r.UUIDs)
          .filter((u) => UUID_RE.test(u)),
      ),
    ],
  };
}

const UUID_RE = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/**
 * A goods receipt an invoice bills (issue 37, decision 051): its DocEntry, what identifies it, and its DocNum, what
 * users read. `docEntry` is null only for a receipt stored before migration 0026 that it could not resolve.
 */
export interface EntradaRef {
  docNum: number;
  docEntry: number | null;
}

/**
 * Whether two references name the same receipt: by DocEntry when both have one; else by number (an unresolved row
 * of before migration 0026 counts as holding every receipt of its number, the conservative reading).
 */
export const mismaEntrada = (a: EntradaRef, b: EntradaRef): boolean =>
  a.docEntry !== null && b.docEntry !== null ? a.docEntry === b.docEntry : a.docNum === b.docNum;

/** Receipts in the order the portal keeps them: by number, then DocEntry (the first is the invoice's own). */
export const ordenEntradas = (a: EntradaRef, b: EntradaRef): number =>
  a.docNum - b.docNum || (a.docEntry ?? 0) - (b.docEntry ?? 0);

/**
 * The A/P invoice (SAP OPCH) an accepted portal invoice becomes in the ERP (issue 13), from its stored CFDI
 * columns: the supplier's folio, the stamp UUID, the CFDI's date and Total (what is owed, after withholdings),
 * the transferred VAT (Total − SubTotal + Descuento + retenciones) and the withholdings. The portal's worker and
 * the demo seed build it here, so both create the same document. Issue 37 (decision 051): the receipts go by
 * DocEntry too (`entradaDocEntries`) when every one of them has it.
 */
export function facturaProveedorDe(
  f: typeof facturas.$inferSelect,
  /**
   * Every receipt the invoice bills (issue 27, factura_entradas), as references or bare numbers; its own receipt
   * when omitted or empty.
   */
  entradasFactura: readonly (number | EntradaRef)[] = [],
): FacturaProveedorNueva {
  const dos = (v: string) => roundAmount(v, 2);
  const refs: EntradaRef[] =
    entradasFactura.length > 0
      ? entradasFactura.map((e) => (typeof e === "number" ? { docNum: e, docEntry: null } : e))
      : [{ docNum: f.entradaDocNum, docEntry: f.entradaDocEntry }];
  const entradas = refs.map((r) => r.docNum);
  const docEntries = refs.map((r) => r.docEntry);
  const porEntry = docEntries.every((e): e is number => e !== null);
  const iva = addAmounts(subtractAmounts(f.total, f.subtotal), f.descuento, f.retenciones);
  return {
    bd: f.bd,
    portalId: f.id,
    cardCode: f.cardCode,
    entradaDocNum: entradas[0] as number,
    ...(entradas.length > 1 ? { entradaDocNums: entradas } : {}),
    ...(porEntry ? { entradaDocEntries: docEntries } : {}),
    numAtCard: f.folio,
    uuid: f.uuid,
    docDate: f.fechaFactura,
    docTotal: dos(f.total),
    vatSum: dos(iva),
    wtSum: dos(f.retenciones),
    docCur: f.moneda,
    docRate: f.tipoCambio,
    // F14: at most SAP's 254 characters; the full list of receipts stays in the portal.
    comments: comentarioFacturaProveedor(f.folio, f.uuid, entradas),
  };
}
