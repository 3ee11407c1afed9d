/**
 * Credit notes (issue 27, decision 034): a CFDI de Egreso credits the invoices it relates with TipoRelacion 01
 * (nota de crédito de los documentos relacionados), 03 (devolución de mercancía sobre facturas o traslados previos)
 * or, issue 39 (decision 060), 07 (CFDI por aplicación de anticipo: the E that applies an advance to the invoice of
 * the whole operation, Anexo 20's "Apéndice 6"). Pure and browser-safe.
 */
import { describeCode } from "./catalogos";
import type { CfdiRelacionado, InvoiceData } from "./invoice";

/** The TipoRelacion values (c_TipoRelacion) by which a credit note names the invoices it credits. */
export const CREDIT_NOTE_RELATIONS = ["01", "03", "07"] as const;

/** Whether a TipoRelacion is one by which a credit note credits the CFDI it relates. */
export const isCreditRelation = (tipo: string): boolean =>
  (CREDIT_NOTE_RELATIONS as readonly string[]).includes(tipo.trim());

/** The UUIDs (upper case, each once, in document order) a credit note credits: its 01, 03 and 07 groups. */
export function creditedUuids(data: Pick<InvoiceData, "CfdiRelacionados">): string[] {
  const uuids = data.CfdiRelacionados.filter((g) => isCreditRelation(g.TipoRelacion)).flatMap((g) =>
    g.UUIDs.filter((u) => u !== ""),
  );
  return [...new Set(uuids)];
}

/**
 * Issue 39: every cfdi:CfdiRelacionados group of the note as the CFDI has it — its TipoRelacion (trimmed) and its
 * UUIDs (upper case, in order, empty ones left out) — so a note with 01 and 03 groups keeps each with its type.
 */
export function relationGroups(data: Pick<InvoiceData, "CfdiRelacionados">): CfdiRelacionado[] {
  return data.CfdiRelacionados.map((g) => ({
    TipoRelacion: g.TipoRelacion.trim(),
    UUIDs: g.UUIDs.filter((u) => u !== "").map((u) => u.toUpperCase()),
  }));
}

/**
 * The type a credit note is listed under when one is asked for (the stored tipo_relacion): its first crediting
 * group's, '01' when it has none.
 */
export const firstCreditRelation = (data: Pick<InvoiceData, "CfdiRelacionados">): string =>
  data.CfdiRelacionados.find((g) => isCreditRelation(g.TipoRelacion))?.TipoRelacion.trim() ?? "01";

/** The SAT's name of a TipoRelacion (c_TipoRelacion), or undefined for a code outside the catalogue. */
export const describeTipoRelacion = (tipo: string): string | undefined => describeCode("c_TipoRelacion", tipo.trim());
