import type { Database } from "@portal/db";
import type { Currencies } from "./currency";
import type { PropertyType, Row } from "./filter";
import type { WithholdingCode } from "./totals";

/** The entity sets an approval procedure may cover, with the DocObjectCode of their drafts. */
export const APPROVAL_TARGETS = {
  PurchaseInvoices: "oPurchaseInvoices",
  PurchaseCreditNotes: "oPurchaseCreditNotes",
} as const;
export type ApprovalTarget = keyof typeof APPROVAL_TARGETS;

/** ODRF's `AuthorizationStatus` (BoDocumentAuthorizationStatus, META1), by name with its database value (WddStatus). */
export const AUTHORIZATION_STATUS: [string, PropertyType] = [
  "AuthorizationStatus",
  {
    kind: "enum",
    values: {
      dasWithout: "-",
      dasPending: "W",
      dasApproved: "Y",
      dasRejected: "N",
      dasGenerated: "P",
      dasGeneratedbyAuthorizer: "A",
      dasCancelled: "C",
    },
  },
];

export interface ApprovalsDeps {
  db: Database;
  drafts: Map<string, Row[]>;
  addDraft(companyDb: string, draft: Row): number;
  approvalFor: readonly ApprovalTarget[];
  withholding: readonly { companyDb: string; cardCode: string; codes: WithholdingCode[] }[];
  /** OCRN/ORTT (currency.ts): a draft answers SAP's local and FC columns, as documents do (F1). */
  currencies: Pick<Currencies, "of" | "rateOf">;
}

/** The approvals' state (approvals.ts): the sets under a procedure and the partners' withholding codes. */
export interface ApprovalState {
  deps: ApprovalsDeps;
  covered: Set<string>;
  withholding: Map<string, WithholdingCode[]>;
}

/** The withholding codes of business partner `cardCode` (F4: SAP takes them from the BP's WT setup). */
export const withholdingOf = (s: ApprovalState, bd: string, cardCode: string) =>
  s.withholding.get(`${bd}|${cardCode}`) ?? [];
