import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";
import { type BaseType, baseTables } from "./base-tables";
import { rows } from "./entities";
import { SapFailure } from "./http";

/**
 * Issue 37, fidelity finding F4: the totals SAP Business One computes for a purchase document. SAP computes a
 * document's totals from its lines (copied lines keep the base line's net `LineTotal` and tax), the business
 * partner's withholding setup (the BP's WT codes, `WTLiable` lines) and the currency's rounding; "the values set in
 * the payload are replaced by auto calculated values" (SAP KBA 3697554). A `DocTotal` sent in a body that differs is
 * absorbed as a header discount (`DiscountPercent`/`TotalDiscount`), or refused with "(5002) 10001058 Enter a discount
 * percentage of less than 100" when the discount reaches 100 % (KBA 3697554). `WTAmount` is read-only
 * (`Writable="false"` in the real `$metadata`, META1 of the fidelity review): a body's value is ignored.
 */

/**
 * A withholding tax code of a business partner (SAP: OCRD's WT codes, `BPWithholdingTaxCollection`, rates in OWHT),
 * e.g. RESICO: ISR 1.25 % on the subtotal; fees/rent: ISR 10 % on the subtotal and IVA ⅔ of the VAT (10.6667 %).
 */
export interface WithholdingCode {
  code: string;
  /** Percent of the base, e.g. 1.25. */
  rate: number;
  /** What the rate applies to: the net subtotal (SAP's "Net" base type) or the VAT ("VAT" base type). */
  base: "net" | "vat";
}

/** Currencies SAP sets up without decimals (OCRN `Decimals`); any other rounds to cents. */
const NO_DECIMALS = new Set(["JPY", "CLP", "KRW"]);

/** Cents rounded to the currency's decimals (SAP rounds every amount to its currency: OCRN, "Rounding"). */
export function roundToCurrency(cents: number, currency: string): number {
  return NO_DECIMALS.has(currency.toUpperCase()) ? Math.round(cents / 100) * 100 : Math.round(cents);
}

export interface DocumentTotals {
  /** Net before the header discount (Σ LineTotal), cents. */
  subtotal: number;
  discountPercent: number;
  totalDiscount: number;
  vatSum: number;
  wtAmount: number;
  docTotal: number;
}

/**
 * The totals of a document with net lines `net` and their tax `vat` (cents), the header discount copied from its base
 * documents (`baseDiscount`, cents: SAP copies a base document's header discount with its lines, pro rata when only
 * part of it is copied), the partner's withholding codes, and the `DocTotal` a body sent (units, or undefined): SAP's
 * document, as F4 and KBA 3697554 describe it. The VAT of a base with a header discount is already on the discounted
 * amount (the receipt's own VatSum), so it is taken as given.
 */
export function documentTotals(input: {
  net: number;
  vat: number;
  baseDiscount?: number;
  withholding: readonly WithholdingCode[];
  currency: string;
  sentTotal: number | undefined;
}): DocumentTotals {
  const { net, vat, withholding, currency } = input;
  const baseDiscount = input.baseDiscount ?? 0;
  const round = (c: number) => roundToCurrency(c, currency);
  const wtOf = (n: number, v: number) =>
    withholding.reduce((sum, w) => sum + round(((w.base === "net" ? n : v) * w.rate) / 100), 0);
  const percentOf = (discount: number) => (net === 0 ? 0 : Math.round((discount / net) * 1_000_000) / 10_000);
  const afterBase = net - baseDiscount;
  const computed = afterBase + vat - wtOf(afterBase, vat);
  const base = {
    subtotal: net,
    discountPercent: percentOf(baseDiscount),
    totalDiscount: baseDiscount,
    vatSum: vat,
    wtAmount: wtOf(afterBase, vat),
  };
  if (input.sentTotal === undefined) return { ...base, docTotal: computed };
  const sent = Math.round(input.sentTotal * 100);
  if (Math.abs(sent - computed) < 1 || computed === 0) return { ...base, docTotal: computed };
  // SAP keeps the lines and derives the header discount that makes the sent total (KBA 3697554).
  const share = sent / computed;
  if (1 - share >= 1 || percentOf(baseDiscount + round(afterBase * (1 - share))) >= 100) {
    throw new SapFailure(400, -5002, "(5002) 10001058 Enter a discount percentage of less than 100");
  }
  const totalDiscount = baseDiscount + round(afterBase * (1 - share));
  const discountedNet = net - totalDiscount;
  const vatSum = round(vat * share);
  const wtAmount = wtOf(discountedNet, vatSum);
  return {
    subtotal: net,
    discountPercent: percentOf(totalDiscount),
    totalDiscount,
    vatSum,
    wtAmount,
    docTotal: discountedNet + vatSum - wtAmount,
  };
}

/**
 * The header discount (cents) a copy takes from its goods receipts: each receipt's `disc_sum` in the share of its
 * lines' net the copy takes (all of it when every line is copied whole).
 */
export async function copiedReceiptDiscount(
  db: Database,
  bd: string,
  copiedNet: ReadonlyMap<number, number>,
  baseType: BaseType = 20,
): Promise<number> {
  const entries = [...copiedNet.keys()];
  if (entries.length === 0) return 0;
  const t = baseTables(baseType);
  const found = await rows<{ doc_entry: number; disc_sum: string; lines_net: string | null }>(
    db,
    sql`select e.doc_entry, e.disc_sum::text, (select sum(l.line_total) from ${t.lines} l
          where l.bd = e.bd and l.doc_entry = e.doc_entry)::text as lines_net
      from ${t.doc} e where e.bd = ${bd} and e.doc_entry = any(${`{${entries.join(",")}}`}::int[])`,
  );
  let discount = 0;
  for (const r of found) {
    const linesNet = Math.round(Number(r.lines_net ?? 0) * 100);
    const disc = Math.round(Number(r.disc_sum) * 100);
    if (linesNet > 0 && disc > 0) discount += Math.round((disc * (copiedNet.get(r.doc_entry) ?? 0)) / linesNet);
  }
  return discount;
}

/**
 * The lines of goods receipts (BaseType 20) or, issue 42 part 2, purchase orders (22) a body copies: net LineTotal
 * and tax of each, in cents.
 */
export async function receiptLineAmounts(
  db: Database,
  bd: string,
  cardCode: string,
  lines: readonly { baseEntry: number; baseLine: number; quantity?: number | undefined }[],
  baseType: BaseType = 20,
): Promise<{ net: number; vat: number; discount: number; currency: string; rate: string }> {
  const entries = [...new Set(lines.map((l) => l.baseEntry))];
  const t = baseTables(baseType);
  const found = await rows<{
    doc_entry: number;
    line_num: number;
    card_code: string;
    doc_cur: string;
    doc_rate: string;
    line_total: string;
    vat_sum: string;
    quantity: string;
    open_qty: string;
  }>(
    db,
    sql`select l.doc_entry, l.line_num, e.card_code, e.doc_cur, e.doc_rate::text, l.line_total::text, l.vat_sum::text,
        l.quantity::text, l.open_qty::text
      from ${t.lines} l join ${t.doc} e on e.bd = l.bd and e.doc_entry = l.doc_entry
      where l.bd = ${bd} and l.doc_entry = any(${`{${entries.join(",")}}`}::int[])`,
  );
  let net = 0;
  let vat = 0;
  let currency = "MXN";
  let rate = "1";
  const copiedNet = new Map<number, number>();
  for (const copy of lines) {
    const line = found.find((l) => l.doc_entry === copy.baseEntry && l.line_num === copy.baseLine);
    if (!line)
      throw new SapFailure(404, -2028, `No matching records found (ODBC -2028): base document ${copy.baseEntry}`);
    if (line.card_code !== cardCode) {
      throw new SapFailure(400, -5002, "Base document card and target document card do not match");
    }
    // A draft copies what is open of the line (SAP: the base line's open quantity), or the line's Quantity when the
    // body gives one (SDK Document_Lines.Quantity on a copied line; issue 42, decision 074).
    const copied = copy.quantity ?? Number(line.open_qty);
    const share = Number(line.quantity) > 0 ? copied / Number(line.quantity) : 0;
    const lineNet = Math.round(Number(line.line_total) * 100 * share);
    net += lineNet;
    copiedNet.set(copy.baseEntry, (copiedNet.get(copy.baseEntry) ?? 0) + lineNet);
    vat += Math.round(Number(line.vat_sum) * 100 * share);
    currency = line.doc_cur;
    rate = line.doc_rate;
  }
  return { net, vat, discount: await copiedReceiptDiscount(db, bd, copiedNet, baseType), currency, rate };
}
