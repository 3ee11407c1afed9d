import type { Database } from "@portal/db";
import { memoAmounts } from "./credit-memos";
import type { Currencies } from "./currency";
import { postedCurrency } from "./currency-writes";
import type { PropertyType, Row } from "./filter";
import { type Ctx, SapFailure } from "./http";
import { documentTotals, receiptLineAmounts, type WithholdingCode } from "./totals";

/**
 * Issue 37, fidelity finding F2: approval procedures of SAP Business One on A/P invoices and A/P credit memos.
 * SAP Service Layer API Reference (1.27), Orders POST: "when activating approval procedures, a draft would be created
 * due to the special business logic and service would return the error code -2028. For this case, a header(Prefer:
 * return-no-content) should be appended to avoid this error. Accordingly, service would return http staus 204, with
 * empty response body." The draft (ODRF, entity set Drafts) carries `DocObjectCode` of the target document and
 * `AuthorizationStatus` (BoDocumentAuthorizationStatus in the real `$metadata`: dasWithout, dasPending, dasApproved,
 * dasRejected, dasGenerated, dasGeneratedbyAuthorizer, dasCancelled). Once approved, the originator adds the document
 * from the draft (`DraftsService_SaveDraftToDocument`, REF127 Drafts): the draft is then closed and marked generated.
 */

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

const num = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : Number(v));

export function createApprovals(deps: ApprovalsDeps) {
  const covered = new Set<string>(deps.approvalFor);
  const withholding = new Map(deps.withholding.map((w) => [`${w.companyDb}|${w.cardCode}`, w.codes]));

  /** The withholding codes of business partner `cardCode` (F4: SAP takes them from the BP's WT setup). */
  const withholdingOf = (bd: string, cardCode: string) => withholding.get(`${bd}|${cardCode}`) ?? [];

  /**
   * The totals SAP computes for a body (F4): receipt lines copied (BaseType 20) give their net and VAT and the
   * supplier's withholding applies; credit memo lines (BaseType 18) carry their amount (LineTotal) as the simulated
   * ERP defines it. A sent DocTotal becomes a header discount; WTAmount in the body is ignored (read-only).
   */
  async function totalsOf(bd: string, body: Row, objectCode: string) {
    const cardCode = String(body.CardCode ?? "");
    const lines = Array.isArray(body.DocumentLines) ? (body.DocumentLines as Row[]) : [];
    const sentTotal = num(body.DocTotalFc) ?? num(body.DocTotal);
    if (objectCode === APPROVAL_TARGETS.PurchaseCreditNotes) {
      // The memo's lines as createCreditMemo plans them: net LineTotal (RowTotalFC in a foreign-currency memo) and
      // the base line's VAT on top (decision 049, F5).
      const memoLines = lines.map((l) => (l.RowTotalFC === undefined ? l : { ...l, LineTotal: l.RowTotalFC }));
      const memo = await memoAmounts(deps.db, bd, body, memoLines);
      const currency = String(body.DocCurrency ?? memo.base?.doc_cur ?? "MXN");
      return {
        ...documentTotals({ net: memo.net, vat: memo.vat, withholding: [], currency, sentTotal: undefined }),
        base: memo.base,
      };
    }
    const copies = lines
      .filter((l) => num(l.BaseType) === 20)
      .map((l) => ({ baseEntry: num(l.BaseEntry) ?? -1, baseLine: num(l.BaseLine) ?? -1 }));
    const amounts = await receiptLineAmounts(deps.db, bd, cardCode, copies);
    const totals = documentTotals({
      net: amounts.net,
      vat: amounts.vat,
      baseDiscount: amounts.discount,
      withholding: withholdingOf(bd, cardCode),
      currency: String(body.DocCurrency ?? amounts.currency),
      sentTotal,
    });
    return { ...totals, base: { doc_cur: amounts.currency, doc_rate: amounts.rate } };
  }

  /**
   * A draft's amounts as SAP answers them (F1): the unsuffixed columns in local currency (document amount × rate),
   * the `…Fc`/`…FC` twins in the document's currency (0 on a local-currency draft). Cents in, units out.
   */
  function answerColumns(bd: string, body: Row, t: Awaited<ReturnType<typeof totalsOf>>): Row {
    const docDate = typeof body.DocDate === "string" ? body.DocDate.slice(0, 10) : "";
    const posted = postedCurrency(
      deps.currencies,
      bd,
      { ...body, DocTotal: undefined, DocTotalFc: undefined },
      t.base,
      docDate,
    );
    const foreign = posted.iso !== deps.currencies.of(bd).local.iso;
    const rate = foreign ? Number(posted.rate) : 1;
    const local = (cents: number) => Math.round(cents * rate) / 100;
    const fc = (cents: number) => (foreign ? cents / 100 : 0);
    return {
      DocRate: rate,
      DocTotal: local(t.docTotal),
      DocTotalFc: fc(t.docTotal),
      VatSum: local(t.vatSum),
      VatSumFc: fc(t.vatSum),
      WTAmount: local(t.wtAmount),
      WTAmountFC: fc(t.wtAmount),
      DiscountPercent: t.discountPercent,
      TotalDiscount: local(t.totalDiscount),
      TotalDiscountFC: fc(t.totalDiscount),
    };
  }

  /** Stores a draft of `objectCode` with SAP's totals; returns its DocEntry. */
  async function storeDraft(bd: string, body: Row, objectCode: string, status: string): Promise<number> {
    const t = await totalsOf(bd, body, objectCode);
    const { WTAmount: _readOnly, ...fields } = body;
    const lines = Array.isArray(body.DocumentLines) ? (body.DocumentLines as Row[]) : [];
    return deps.addDraft(bd, {
      ...fields,
      DocObjectCode: objectCode,
      AuthorizationStatus: status,
      DocumentLines: lines.map((l, i) => ({ ...l, LineNum: i })),
      ...answerColumns(bd, body, t),
    });
  }

  /** Whether a POST to `setName` goes to an approval procedure (the knob `approvalFor`). */
  const requiresApproval = (setName: string) => covered.has(setName);

  /** POST under an approval procedure: a pending draft; 204 + Location with `Prefer: return-no-content`, else -2028. */
  async function postAsDraft(ctx: Ctx, setName: ApprovalTarget, bd: string, body: Row): Promise<void> {
    const entry = await storeDraft(bd, body, APPROVAL_TARGETS[setName], "dasPending");
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

  function draftOf(bd: string, docEntry: number): Row {
    const draft = (deps.drafts.get(bd) ?? []).find((d) => d.DocEntry === docEntry);
    if (!draft) throw new Error(`No hay borrador ${docEntry} en ${bd}`);
    return draft;
  }

  /** Test hook: the approvers approve draft `docEntry` (`dasApproved`); the originator still has to add it. */
  function approve(bd: string, docEntry: number): void {
    const draft = draftOf(bd, docEntry);
    if (draft.AuthorizationStatus !== "dasPending") throw new Error(`El borrador ${docEntry} no está pendiente`);
    Object.assign(draft, { AuthorizationStatus: "dasApproved", $version: `${docEntry}|a` });
  }

  /**
   * `POST DraftsService_SaveDraftToDocument {"Document":{"DocEntry":n}}` (REF127 Drafts): the document is added from
   * the draft by the rules of a POST; an approved draft becomes `dasGenerated` (`dasGeneratedbyAuthorizer` when
   * `byAuthorizer`), closed. A draft still pending or rejected, or already closed, is refused (-5002) [G].
   */
  async function saveDraftToDocument(
    bd: string,
    docEntry: number,
    insert: (setName: ApprovalTarget, bd: string, body: Row) => Promise<number>,
    byAuthorizer = false,
  ): Promise<number> {
    const draft = (deps.drafts.get(bd) ?? []).find((d) => d.DocEntry === docEntry);
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
  function reject(bd: string, docEntry: number): void {
    const draft = draftOf(bd, docEntry);
    Object.assign(draft, { AuthorizationStatus: "dasRejected", $version: `${docEntry}|r` });
  }

  /** `DELETE Drafts(n)`: SAP removes a draft (Documents.Remove on ODRF); -2028 when there is none. */
  function remove(bd: string, docEntry: number): void {
    const list = deps.drafts.get(bd) ?? [];
    const i = list.findIndex((d) => d.DocEntry === docEntry);
    if (i < 0) throw new SapFailure(404, -2028, "No matching records found (ODBC -2028)");
    list.splice(i, 1);
  }

  function setWithholding(bd: string, cardCode: string, codes: WithholdingCode[]): void {
    withholding.set(`${bd}|${cardCode}`, codes);
  }

  function setApprovalFor(sets: readonly ApprovalTarget[]): void {
    covered.clear();
    for (const s of sets) covered.add(s);
  }

  return {
    requiresApproval,
    postAsDraft,
    storeDraft,
    approve,
    saveDraftToDocument,
    reject,
    remove,
    withholdingOf,
    setWithholding,
    setApprovalFor,
  };
}

export type Approvals = ReturnType<typeof createApprovals>;
