/**
 * Credit notes (issue 27, decision 034): a CFDI de Egreso credits the invoices it relates with TipoRelacion 01
 * (nota de crédito de los documentos relacionados) or 03 (devolución de mercancía sobre facturas o traslados
 * previos). Pure and browser-safe.
 */
import type { InvoiceData } from "./invoice";

/** The TipoRelacion values (c_TipoRelacion) by which a credit note names the invoices it credits. */
export const CREDIT_NOTE_RELATIONS = ["01", "03"] as const;

/** The UUIDs (upper case, each once, in document order) a credit note credits: its 01 and 03 groups. */
export function creditedUuids(data: Pick<InvoiceData, "CfdiRelacionados">): string[] {
  const uuids = data.CfdiRelacionados.filter((g) =>
    (CREDIT_NOTE_RELATIONS as readonly string[]).includes(g.TipoRelacion),
  ).flatMap((g) => g.UUIDs.filter((u) => u !== ""));
  return [...new Set(uuids)];
}
