import { approve, postAsDraft, reject, remove, saveDraftToDocument } from "./approval-drafts";
import { type ApprovalState, type ApprovalsDeps, type ApprovalTarget, withholdingOf } from "./approval-state";
import { storeDraft } from "./approval-totals";
import type { Row } from "./filter";
import type { Ctx } from "./http";
import type { WithholdingCode } from "./totals";

export {
  APPROVAL_TARGETS,
  type ApprovalsDeps,
  type ApprovalTarget,
  AUTHORIZATION_STATUS,
} from "./approval-state";

/**
 * Issue 37, fidelity finding F2: approval procedures of SAP Business One on A/P invoices and A/P credit memos.
 * SAP Service Layer API Reference (1.27), Orders POST: "when activating approval procedures, a draft would be created
 * due to the special business logic and service would return the error code -2028. For this case, a header(Prefer:
 * return-no-content) should be appended to avoid this error. Accordingly, service would return http staus 204, with
 * empty response body." The draft (ODRF, entity set Drafts) carries `DocObjectCode` of the target document and
 * `AuthorizationStatus` (BoDocumentAuthorizationStatus in the real `$metadata`: dasWithout, dasPending, dasApproved,
 * dasRejected, dasGenerated, dasGeneratedbyAuthorizer, dasCancelled). Once approved, the originator adds the document
 * from the draft (`DraftsService_SaveDraftToDocument`, REF127 Drafts): the draft is then closed and marked generated.
 *
 * approval-state.ts holds the targets, the status enum and the state; approval-totals.ts the draft's totals (F4) and
 * columns (F1); approval-drafts.ts the POST as a draft, the approver's decisions, SaveDraftToDocument and DELETE.
 */
export function createApprovals(deps: ApprovalsDeps) {
  const s: ApprovalState = {
    deps,
    covered: new Set<string>(deps.approvalFor),
    withholding: new Map(deps.withholding.map((w) => [`${w.companyDb}|${w.cardCode}`, w.codes])),
  };
  return {
    /** Whether a POST to `setName` goes to an approval procedure (the knob `approvalFor`). */
    requiresApproval: (setName: string) => s.covered.has(setName),
    postAsDraft: (ctx: Ctx, setName: ApprovalTarget, bd: string, body: Row) => postAsDraft(s, ctx, setName, bd, body),
    storeDraft: (bd: string, body: Row, objectCode: string, status: string) =>
      storeDraft(s, bd, body, objectCode, status),
    approve: (bd: string, docEntry: number) => approve(s, bd, docEntry),
    saveDraftToDocument: (
      bd: string,
      docEntry: number,
      insert: (setName: ApprovalTarget, bd: string, body: Row) => Promise<number>,
      byAuthorizer = false,
    ) => saveDraftToDocument(s, bd, docEntry, insert, byAuthorizer),
    reject: (bd: string, docEntry: number) => reject(s, bd, docEntry),
    remove: (bd: string, docEntry: number) => remove(s, bd, docEntry),
    withholdingOf: (bd: string, cardCode: string) => withholdingOf(s, bd, cardCode),
    setWithholding(bd: string, cardCode: string, codes: WithholdingCode[]): void {
      s.withholding.set(`${bd}|${cardCode}`, codes);
    },
    setApprovalFor(sets: readonly ApprovalTarget[]): void {
      s.covered.clear();
      for (const set of sets) s.covered.add(set);
    },
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
