import { createCreditMemo } from "../credit-memos";
import { isoOfBody } from "../currency-writes";
import type { EntitySet } from "../entities";
import { checkDocumentLengths } from "../field-lengths";
import type { Row } from "../filter";
import type { Ctx } from "../http";
import { checkProperties, created, jsonBody, linesOf, type WriteContext } from "./shared";

/** What an A/P credit memo's POST needs of the writes' context. */
export type CreditNoteDeps = Pick<
  WriteContext,
  "db" | "clock" | "propertiesOf" | "currencies" | "checkPostingDate" | "findByKey" | "headersOf" | "entityAnswer"
>;

/**
 * `POST PurchaseCreditNotes` (issue 27, decision 049): item memos copying A/P invoice lines (BaseType 18) and
 * service memos, with a net LineTotal and SAP's VAT on top (credit-memos.ts, fidelity F5).
 */
export async function createCreditNote(c: CreditNoteDeps, ctx: Ctx, set: EntitySet, bd: string): Promise<void> {
  await created(c, ctx, set, bd, String(await insertCreditNote(c, set, bd, await jsonBody(ctx))));
}

/** The A/P credit memo of `body` written to erp_mock (a POST, or a draft added after its approval). */
export async function insertCreditNote(c: CreditNoteDeps, set: EntitySet, bd: string, body: Row): Promise<number> {
  checkProperties(body, c.propertiesOf(set), set.type);
  const docCur = isoOfBody(c.currencies, bd, body.DocCurrency);
  const today = c.clock().toISOString().slice(0, 10);
  checkDocumentLengths(body); // F14
  c.checkPostingDate(bd, typeof body.DocDate === "string" ? body.DocDate.slice(0, 10) : today); // F3
  // A foreign-currency memo's lines carry the document-currency amount in RowTotalFC (SDK Document_Lines~RowTotalFC;
  // LineTotal is the local one, F1): erp_mock keeps document-currency amounts.
  const lines = linesOf(body).map((l) => (l.RowTotalFC === undefined ? l : { ...l, LineTotal: l.RowTotalFC }));
  return createCreditMemo(c.db, bd, { ...body, DocCurrency: docCur }, lines, today);
}
