// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { Conflict } from "../../lib/errors";
import { ErpRechazoError } from "../types";
import { type CancelFields, offeredReceipts } from "./cancellation";

/**
 * A document by its number (DocNum) — decision 048, fidelity finding F8: `DocNum` is not unique in SAP. Numbering
 * series with period indicators restart numbers (e.g. per year), and the OPDN/OVPM DocNum index is not unique, so
 * "entrada 1234" or "pago 77" can be several documents. They are told apart by DocEntry (what the portal stores) and,
 * when the caller knows it, by the supplier (CardCode); several left is refused with a clear message, never one
 * picked at random.
 */
export function oneByNumber<T extends { DocEntry: number; CardCode: string }>(
  rows: readonly T[],
  what: { singular: string; plural: string },
  bd: string,
  docNum: number,
  cardCode?: string,
): T | null {
  const mine = cardCode === undefined ? rows : rows.filter((d) => d.CardCode === cardCode);
  const unique = [...new Map(mine.map((d) => [d.DocEntry, d])).values()];
  if (unique.length <= 1) return unique[0] ?? null;
  // Issue 37 (decision 051): marked with the DocEntries it could be (ambiguousDocEntries), for the invoice form.
  const error = new Conflict(
    `El número ${docNum} corresponde a ${unique.length} ${what.plural} de la base de datos ${bd} del ERP (series de numeración distintas); indique el proveedor o consulte ${what.singular} en el ERP.`,
  );
  throw Object.assign(error, { erpNumeroAmbiguo: unique.map((d) => d.DocEntry) });
}

/**
 * The receipt numbered `docNum` an A/P invoice of supplier `cardCode` copies (createFacturaProveedor): the supplier's,
 * not cancelled nor a cancellation document; another supplier's when only that exists (for the refusal's words);
 * several of the supplier's are refused (F8) — the ERP job stops with the message instead of copying the wrong one.
 */
export function receiptToCopy<T extends { DocEntry: number; DocNum: number; CardCode: string } & CancelFields>(
  rows: readonly T[],
  docNum: number,
  cardCode: string,
  bd: string,
): T | undefined {
  const candidates = offeredReceipts(rows.filter((r) => r.DocNum === docNum));
  const mine = [...new Map(candidates.filter((r) => r.CardCode === cardCode).map((r) => [r.DocEntry, r])).values()];
  if (mine.length > 1) {
    throw new ErpRechazoError(
      `El número de entrada ${docNum} corresponde a ${mine.length} entradas de mercancía del proveedor en la base de datos ${bd} del ERP (DocEntry ${mine.map((r) => r.DocEntry).join(", ")}, series de numeración distintas); el portal no elige una por su cuenta.`,
    );
  }
  return mine[0] ?? candidates[0];
}
