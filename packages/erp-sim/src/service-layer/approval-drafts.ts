import { APPROVAL_TARGETS, type ApprovalState, type ApprovalTarget } from "./approval-state";
import { storeDraft } from "./approval-totals";
import type { Row } from "./filter";
import { type Ctx, SapFailure } from "./http";

/**
 * The drafts of an approval procedure (F2; sources in approvals.ts): a POST under a procedure answers as the API
 * Reference's Orders POST says (204 with `Prefer: return-no-content`, else -2028); the approver's decisions (test
 * hooks); `DraftsService_SaveDraftToDocument` and `DELETE Drafts(n)`.
 */

/** What a draft holds for its document: the body's fields and lines, without the draft's own keys and totals. */
function documentBodyOf(draft: Row): Row {
  const {
    DocEntry: _e,
    DocNum: _n,
    DocObjectCode: _o,
    AuthorizationStatus: _a,
    UpdateDate: _d,
    UpdateTime: _t,
    $version: _v,
    VatSum: _vat,
    VatSumFc: _vatFc,
    WTAmount: _wt,
    WTAmountFC: _wtFc,
    DiscountPercent: _dp,
    TotalDiscount: _td,
    TotalDiscountFC: _tdFc,
    DocumentStatus: _s,
    Cancelled: _c,
    ...body
  } = draft;
  const lines = ((draft.DocumentLines as Row[] | undefined) ?? []).map(({ LineNum: _l, ...line }) => line);
  return { ...body, DocumentLines: lines };
}

/** POST under an approval procedure: a pending draft; 204 + Location with `Prefer: return-no-content`, else -2028. */
export async function postAsDraft(
  s: ApprovalState,
  ctx: Ctx,
  setName: ApprovalTarget,
  bd: string,
  body: Row,
): Promise<void> {
  const entry = await storeDraft(s, bd, body, APPROVAL_TARGETS[setName], "dasPending");
  if (/return-no-content/.test(String(ctx.req.headers.prefer ?? ""))) {
    ctx.res.writeHead(204, {
      location: `http://${ctx.req.headers.host}${ctx.root}Drafts(${entry})`,
      "preference-applied": "return-no-content",
    });
    ctx.res.end();
    return;
  }
  // REF127 names the code, not the text; SAP's -2028 reads "No matching records found" elsewhere [G].
  throw new SapFailure(400, -2028, "No matching records found (ODBC -2028)");
}

function draftOf(s: ApprovalState, bd: string, docEntry: number): Row {
  const draft = (s.deps.drafts.get(bd) ?? []).find((d) => d.DocEntry === docEntry);
  if (!draft) throw new Error(`No hay borrador ${docEntry} en ${bd}`);
  return draft;
}

/** Test hook: the approvers approve draft `docEntry` (`dasApproved`); the originator still has to add it. */
export function approve(s: ApprovalState, bd: string, docEntry: number): void {
  const draft = draftOf(s, bd, docEntry);
  if (draft.AuthorizationStatus !== "dasPending") throw new Error(`El borrador ${docEntry} no está pendiente`);
  Object.assign(draft, { AuthorizationStatus: "dasApproved", $version: `${docEntry}|a` });
}

/**
 * `POST DraftsService_SaveDraftToDocument {"Document":{"DocEntry":n}}` (REF127 Drafts): the document is added from
 * the draft by the rules of a POST; an approved draft becomes `dasGenerated` (`dasGeneratedbyAuthorizer` when
 * `byAuthorizer`), closed. A draft still pending or rejected, or already closed, is refused (-5002) [G].
 */
export async function saveDraftToDocument(
  s: ApprovalState,
  bd: string,
  docEntry: number,
  insert: (setName: ApprovalTarget, bd: string, body: Row) => Promise<number>,
  byAuthorizer = false,
): Promise<number> {
  const draft = (s.deps.drafts.get(bd) ?? []).find((d) => d.DocEntry === docEntry);
  if (!draft) throw new SapFailure(404, -2028, "No matching records found (ODBC -2028)");
  const status = String(draft.AuthorizationStatus ?? "dasWithout");
  if (draft.DocumentStatus === "bost_Close" || !["dasApproved", "dasWithout"].includes(status)) {
    throw new SapFailure(400, -5002, `Cannot add a document from draft ${docEntry} (authorization status ${status})`);
  }
  const target = (Object.keys(APPROVAL_TARGETS) as ApprovalTarget[]).find(
    (k) => APPROVAL_TARGETS[k] === draft.DocObjectCode,
  );
  if (!target) throw new SapFailure(400, -5006, "The requested action is not supported for this object.");
  const created = await insert(target, bd, documentBodyOf(draft));
  const generated = byAuthorizer ? "dasGeneratedbyAuthorizer" : "dasGenerated";
  Object.assign(draft, {
    AuthorizationStatus: status === "dasApproved" ? generated : status,
    DocumentStatus: "bost_Close",
    $version: `${docEntry}|g`,
  });
  return created;
}

/** Test hook: the approver rejects draft `docEntry` (it stays open, `dasRejected`). */
export function reject(s: ApprovalState, bd: string, docEntry: number): void {
  const draft = draftOf(s, bd, docEntry);
  Object.assign(draft, { AuthorizationStatus: "dasRejected", $version: `${docEntry}|r` });
}

/** `DELETE Drafts(n)`: SAP removes a draft (Documents.Remove on ODRF); -2028 when there is none. */
export function remove(s: ApprovalState, bd: string, docEntry: number): void {
  const list = s.deps.drafts.get(bd) ?? [];
  const i = list.findIndex((d) => d.DocEntry === docEntry);
  if (i < 0) throw new SapFailure(404, -2028, "No matching records found (ODBC -2028)");
  list.splice(i, 1);
}
