import { APPROVAL_TARGETS, type ApprovalState, withholdingOf } from "./approval-state";
import { baseTypeOf, MIXED_BASE_TYPES } from "./base-tables";
import { memoAmounts } from "./credit-memos";
import { postedCurrency } from "./currency-writes";
import type { Row } from "./filter";
import { SapFailure } from "./http";
import { documentTotals, receiptLineAmounts } from "./totals";

const num = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : Number(v));

/**
 * The totals SAP computes for a body (F4): receipt lines copied (BaseType 20) give their net and VAT and the
 * supplier's withholding applies; credit memo lines (BaseType 18) carry their amount (LineTotal) as the simulated
 * ERP defines it. A sent DocTotal becomes a header discount; WTAmount in the body is ignored (read-only).
 */
async function totalsOf(s: ApprovalState, bd: string, body: Row, objectCode: string) {
  const { deps } = s;
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
  // Issue 42 part 2 (decision 076): purchase order lines (BaseType 22) are priced as receipt lines are.
  const baseType = baseTypeOf(lines.map((l) => num(l.BaseType)));
  if (baseType === "mixed") throw new SapFailure(400, -5002, MIXED_BASE_TYPES);
  const copies = lines
    .filter((l) => num(l.BaseType) === baseType)
    .map((l) => ({
      baseEntry: num(l.BaseEntry) ?? -1,
      baseLine: num(l.BaseLine) ?? -1,
      // Issue 42 (decision 074): a line's Quantity, when the body gives one, is what the draft copies.
      quantity: num(l.Quantity),
    }));
  const amounts = await receiptLineAmounts(deps.db, bd, cardCode, copies, baseType);
  const totals = documentTotals({
    net: amounts.net,
    vat: amounts.vat,
    baseDiscount: amounts.discount,
    withholding: withholdingOf(s, bd, cardCode),
    currency: String(body.DocCurrency ?? amounts.currency),
    sentTotal,
  });
  return { ...totals, base: { doc_cur: amounts.currency, doc_rate: amounts.rate } };
}

/**
 * A draft's amounts as SAP answers them (F1): the unsuffixed columns in local currency (document amount × rate),
 * the `…Fc`/`…FC` twins in the document's currency (0 on a local-currency draft). Cents in, units out.
 */
function answerColumns(s: ApprovalState, bd: string, body: Row, t: Awaited<ReturnType<typeof totalsOf>>): Row {
  const { currencies } = s.deps;
  const docDate = typeof body.DocDate === "string" ? body.DocDate.slice(0, 10) : "";
  const posted = postedCurrency(
    currencies,
    bd,
    { ...body, DocTotal: undefined, DocTotalFc: undefined },
    t.base,
    docDate,
  );
  const foreign = posted.iso !== currencies.of(bd).local.iso;
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
export async function storeDraft(
  s: ApprovalState,
  bd: string,
  body: Row,
  objectCode: string,
  status: string,
): Promise<number> {
  const t = await totalsOf(s, bd, body, objectCode);
  const { WTAmount: _readOnly, ...fields } = body;
  const lines = Array.isArray(body.DocumentLines) ? (body.DocumentLines as Row[]) : [];
  return s.deps.addDraft(bd, {
    ...fields,
    DocObjectCode: objectCode,
    AuthorizationStatus: status,
    DocumentLines: lines.map((l, i) => ({ ...l, LineNum: i })),
    ...answerColumns(s, bd, body, t),
  });
}
