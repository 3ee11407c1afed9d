import type { Currencies } from "./currency";
import type { EntitySet } from "./entities";
import type { Row } from "./filter";

/**
 * Both amount columns, as SAP Business One answers them (issue 37, fidelity finding F1): the UNSUFFIXED property is
 * the LOCAL currency and its `…Fc`/`…FC` twin the document currency; on a local-currency document the twin is 0.
 * Sources: SDK `Documents~DocTotalFc` ("the total amount, in foreign currency … Field name: DocTotalFC"),
 * `Payments~CashSum` ("in local currency"), `Payments~CashSumFC`, `Payments_Invoices_members` (`AppliedFC`
 * "the amount paid in foreign currency"), `Document_Installments_members` (`TotalFC`); the META1 aliases
 * (`DocTotalFc`→DocTotalFC, `VatSumFc`, `WTAmountFC`, `TotalDiscountFC`, line `RowTotalFC`→TotalFrgn, installment
 * `TotalFC`→InsTotalFC); `PaidToDateFC` (OPCH PaidFC) from the 1.27 Document entity (PY127).
 *
 * erp_mock keeps document-currency amounts and `doc_rate` (local units per document unit, ISO codes); the
 * conversion happens here, when a row is answered: local = amount × DocRate rounded to 2 decimals, and the ISO
 * code becomes the company's code (finding F9).
 */

/** Header amounts and their document-currency twins (SAP's spelling: `Fc` on DocTotal/VatSum, `FC` elsewhere). */
const DOCUMENT_TWINS: [string, string][] = [
  ["DocTotal", "DocTotalFc"],
  ["VatSum", "VatSumFc"],
  ["WTAmount", "WTAmountFC"],
  ["TotalDiscount", "TotalDiscountFC"],
  ["PaidToDate", "PaidToDateFC"],
];

/** Rounded to cents, half away from zero (SAP's default amount rounding for 2-decimal currencies). */
export function toCents(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-7)) / 100;
}

const numberOr = (value: unknown, fallback: number) =>
  value === null || value === undefined || Number.isNaN(Number(value)) ? fallback : Number(value);

/** A header row of `set` in `bd` (document amounts in the document currency) as SAP answers it. */
function header(currencies: Pick<Currencies, "of">, set: EntitySet, bd: string, row: Row): Row {
  if (set.type !== "Document" && set.type !== "Payment") return row;
  const company = currencies.of(bd);
  const iso = String(row.DocCurrency ?? company.local.iso);
  const foreign = iso !== company.local.iso;
  const rate = numberOr(row.DocRate, 1);
  const toLocal = (v: unknown) => (v === null || v === undefined ? v : toCents(Number(v) * rate));
  const out: Row = { ...row, DocCurrency: company.byIso.get(iso)?.code ?? iso };
  out.$localIso = company.local.iso;
  out.$fcRate = foreign ? rate : null;
  if (set.type === "Payment") {
    out.CashSum = foreign ? toLocal(row.CashSum) : row.CashSum;
    out.CashSumFC = foreign ? row.CashSum : 0;
    // TransferSum (OVPM TrsfrSum) is local currency; the Service Layer exposes no FC twin (META1).
    out.TransferSum = foreign ? toLocal(row.TransferSum) : row.TransferSum;
    return out;
  }
  for (const [lc, fc] of DOCUMENT_TWINS) {
    out[lc] = foreign ? toLocal(row[lc]) : row[lc];
    out[fc] = foreign ? (row[lc] ?? 0) : 0;
  }
  if (Array.isArray(row.DocumentInstallments)) {
    out.DocumentInstallments = (row.DocumentInstallments as Row[]).map((c) => ({
      ...c,
      Total: foreign ? toLocal(c.Total) : c.Total,
      TotalFC: foreign ? (c.Total ?? 0) : 0,
    }));
  }
  return out;
}

/** A line of a header answered by `header` (DocumentLines or PaymentInvoices). */
function line(set: EntitySet, l: Row, h: Row): Row {
  const rate = h.$fcRate as number | null | undefined;
  if (set.type === "Payment") return paymentLine(l, h);
  if (set.type !== "Document" || rate === undefined) return l;
  const amount = l.LineTotal === null || l.LineTotal === undefined ? 0 : Number(l.LineTotal);
  // RowTotalFC right after LineTotal, as the JSON lines (entities.ts documentLineJson) have it.
  const out: Row = {};
  for (const [key, value] of Object.entries(l)) {
    if (key === "RowTotalFC" || key === "NetTaxAmountFC") continue;
    if (key === "LineTotal" && rate !== null) out.LineTotal = toCents(amount * rate);
    else if (key === "TaxTotal" && rate !== null && value !== null && value !== undefined) {
      out.TaxTotal = toCents(Number(value) * rate);
    } else out[key] = value;
    // The line's VAT in the document currency: SDK Document_Lines~NetTaxAmountFC (column VatSumFrgn); 0 on a
    // local-currency document, as the other FC twins.
    if (key === "TaxTotal") out.NetTaxAmountFC = rate === null ? 0 : Number(value ?? 0);
    if (key === "LineTotal") out.RowTotalFC = rate === null ? 0 : amount;
  }
  return out;
}

/**
 * A payment line. erp_mock keeps `SumApplied` in the INVOICE's currency and `AppliedFC` in the payment's (only when
 * they differ); SAP answers `SumApplied` in local currency and `AppliedFC` in the foreign currency of the pair:
 * the invoice's when it is foreign (a USD invoice paid in USD or in MXN), else the payment's. That `AppliedFC`
 * holds the invoice's currency for a local payment of a foreign invoice is an inference [G] from VPM2's columns
 * (AppliedFC "amount paid in foreign currency"), to verify on a real company database.
 */
function paymentLine(l: Row, h: Row): Row {
  const { $invoiceCur, ...out } = l;
  // An invoice that is not there (null) leaves the line as stored.
  if ($invoiceCur === undefined || $invoiceCur === null) return out;
  const localIso = String(h.$localIso ?? "MXN");
  const invoiceForeign = $invoiceCur !== localIso;
  const payRate = h.$fcRate as number | null | undefined;
  const inInvoice = numberOr(l.SumApplied, 0);
  const inPayment = l.AppliedFC === null || l.AppliedFC === undefined ? null : Number(l.AppliedFC);
  const paymentForeign = payRate !== null && payRate !== undefined;
  let local = inInvoice;
  if (invoiceForeign) local = !paymentForeign && inPayment !== null ? inPayment : toCents(inInvoice * (payRate ?? 1));
  out.SumApplied = local;
  out.AppliedFC = invoiceForeign ? inInvoice : paymentForeign ? (inPayment ?? inInvoice) : 0;
  return out;
}

/** Line collections as JSON text (entities.ts lineJson): rewritten only for foreign-currency documents. */
function linesJson(set: EntitySet, text: string, h: Row): string {
  if (set.type !== "Document" || h.$fcRate === null || h.$fcRate === undefined) return text;
  return JSON.stringify((JSON.parse(text) as Row[]).map((l) => line(set, l, h)));
}

/** The answer's amount columns: headers, lines and line collections as JSON text, in both currencies. */
export function createCurrencyColumns(currencies: Pick<Currencies, "of">) {
  return {
    header: (set: EntitySet, bd: string, row: Row) => header(currencies, set, bd, row),
    line,
    linesJson,
  };
}

export type CurrencyColumns = ReturnType<typeof createCurrencyColumns>;
