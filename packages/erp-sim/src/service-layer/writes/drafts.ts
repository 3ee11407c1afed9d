import { APPROVAL_TARGETS, type ApprovalTarget } from "../approvals";
import type { EntitySet } from "../entities";
import type { Row } from "../filter";
import { type Ctx, SapFailure } from "../http";
import {
  checkIfMatch,
  checkProperties,
  created,
  jsonBody,
  linesOf,
  noContent,
  numberOf,
  type WriteContext,
} from "./shared";

/** What the Drafts' writes need of the writes' context. */
export type DraftDeps = Pick<
  WriteContext,
  "clock" | "approvals" | "propertiesOf" | "findByKey" | "headersOf" | "entityAnswer"
>;

/** Adds the document of an approved draft (writes.ts: insertDocument). */
export type InsertDocument = (setName: ApprovalTarget, bd: string, body: Row) => Promise<number>;

export async function createDraft(c: DraftDeps, ctx: Ctx, set: EntitySet, bd: string): Promise<void> {
  const body = await jsonBody(ctx);
  checkProperties(body, c.propertiesOf(set), set.type);
  linesOf(body);
  // F4: a draft POSTed directly gets SAP's totals too (no approval procedure: dasWithout).
  const objectCode = typeof body.DocObjectCode === "string" ? body.DocObjectCode : APPROVAL_TARGETS.PurchaseInvoices;
  const entry = await c.approvals.storeDraft(bd, body, objectCode, "dasWithout");
  await created(c, ctx, set, bd, String(entry));
}

export async function patchDraft(c: DraftDeps, ctx: Ctx, set: EntitySet, bd: string, keyText: string) {
  const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
  checkIfMatch(ctx, row);
  const body = await jsonBody(ctx);
  checkProperties(body, c.propertiesOf(set), set.type);
  const lines = linesOf(body);
  const { DocumentLines: _ignored, DocEntry: _key, ...header } = body;
  Object.assign(row, header);
  const current = (row.DocumentLines as Row[] | undefined) ?? [];
  for (const line of lines) {
    const target = current.find((l) => l.LineNum === numberOf(line.LineNum, "LineNum"));
    if (target) Object.assign(target, line);
    else current.push({ ...line, LineNum: line.LineNum ?? current.length });
  }
  row.DocumentLines = current;
  row.$version = `${row.DocEntry}|${c.clock().toISOString()}|${Math.random()}`;
  noContent(ctx);
}

/** Issue 37 (F2): DraftsService_SaveDraftToDocument (router.ts routes the service here). */
export async function saveDraftToDocument(
  c: Pick<WriteContext, "approvals">,
  ctx: Ctx,
  bd: string,
  insertDocument: InsertDocument,
): Promise<void> {
  const body = await jsonBody(ctx);
  const entry = numberOf((body.Document as Row | undefined)?.DocEntry, "DocEntry");
  if (entry === undefined) throw new SapFailure(400, -5002, "Enter the draft's DocEntry (Document.DocEntry)");
  await c.approvals.saveDraftToDocument(bd, entry, insertDocument);
  noContent(ctx);
}

/** A POST to an entity set under an approval procedure: checked as any POST, then a pending draft (approvals.ts). */
export async function postAsDraft(
  c: Pick<WriteContext, "approvals" | "propertiesOf">,
  ctx: Ctx,
  set: EntitySet,
  bd: string,
): Promise<void> {
  const body = await jsonBody(ctx);
  checkProperties(body, c.propertiesOf(set), set.type);
  linesOf(body);
  return c.approvals.postAsDraft(ctx, set.name as ApprovalTarget, bd, body);
}
