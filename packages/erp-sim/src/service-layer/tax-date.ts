import { SapFailure } from "./http";

/**
 * TaxDate of a posted document (SDK Documents members: "TaxDate — the document date", OPCH/ORPC.TaxDate): SAP keeps
 * the supplier's document date apart from the posting date DocDate, so a CFDI of a closed period posted on the first
 * open date still shows its own date (decision 047, fidelity F3). Null when the body sends none: SAP then fills it
 * with the posting date, which is what the answer shows (entities.ts). A malformed date is refused as SAP does a
 * malformed DocDate.
 */
export function taxDateOf(body: Record<string, unknown>): string | null {
  if (body.TaxDate === undefined || body.TaxDate === null) return null;
  const taxDate = typeof body.TaxDate === "string" ? body.TaxDate.slice(0, 10) : "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(taxDate)) throw new SapFailure(400, -1000, "Value of property 'TaxDate' is invalid");
  return taxDate;
}
