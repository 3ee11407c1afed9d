import type { Currencies } from "./currency";
import { toCents } from "./currency-columns";
import type { Row } from "./filter";
import { SapFailure } from "./http";

/**
 * The currency and rate of a purchase document being POSTed (issue 37, findings F1 and F9):
 * - `DocCurrency` is a code of the company's currency table (OCRN; OPCH `DocCur` is a foreign key to it): any other
 *   code is refused. SAP's exact text for an unknown currency was not found in public sources; "Enter valid
 *   currency" follows the form of SAP's -5002 messages [G, to verify on a real company database].
 * - A foreign-currency document takes `DocRate` from the body when given, else the rate of its posting date from
 *   ORTT; with no rate that day SAP refuses the document (fidelity review, "Exchange rates": "a foreign-currency
 *   document needs a rate for its posting date unless `DocRate` is given"; the client's message is "Update the
 *   exchange rate" [G, text to verify]). A day the test never set (`setRate`) falls back to the base document's
 *   rate: the simulator's stand-in for an ORTT the seed does not fill.
 * - A local-currency document has rate 1.
 * - `DocTotal` in the body is the LOCAL total (SDK `Documents~DocTotal`; `DocTotalFc` holds the foreign one): it is
 *   turned into the document currency erp_mock stores; `DocTotalFc` is taken as is.
 */
export const UNKNOWN_CURRENCY = "Enter valid currency";
export const NO_RATE = (code: string, date: string) => `Update the exchange rate (${code}, ${date})`;

export interface PostedCurrency {
  /** The ISO code erp_mock stores. */
  iso: string;
  /** Local units per document unit, as text. */
  rate: string;
  /** A body total in document currency (DocTotalFc as is, DocTotal converted from local), or undefined. */
  total: number | undefined;
}

export function postedCurrency(
  currencies: Pick<Currencies, "of" | "rateOf">,
  bd: string,
  body: Row,
  base: { doc_cur: string; doc_rate: string } | undefined,
  docDate: string,
): PostedCurrency {
  const company = currencies.of(bd);
  const code =
    typeof body.DocCurrency === "string"
      ? body.DocCurrency
      : base
        ? (company.byIso.get(base.doc_cur)?.code ?? base.doc_cur)
        : company.local.code;
  const currency = company.byCode.get(code);
  if (!currency) throw new SapFailure(400, -5002, UNKNOWN_CURRENCY);
  const bodyTotal = typeof body.DocTotal === "number" ? body.DocTotal : undefined;
  const bodyTotalFc = typeof body.DocTotalFc === "number" ? body.DocTotalFc : undefined;
  if (currency.iso === company.local.iso) return { iso: currency.iso, rate: "1", total: bodyTotal };
  const given = typeof body.DocRate === "number" && body.DocRate > 0 ? body.DocRate : undefined;
  const fromTable = currencies.rateOf(bd, code, docDate);
  const fromBase = base && base.doc_cur === currency.iso ? Number(base.doc_rate) : undefined;
  const rate = given ?? (fromTable === undefined ? fromBase : (fromTable ?? undefined));
  if (rate === undefined || !(rate > 0)) throw new SapFailure(400, -5002, NO_RATE(code, docDate));
  const total = bodyTotalFc ?? (bodyTotal === undefined ? undefined : toCents(bodyTotal / rate));
  return { iso: currency.iso, rate: String(rate), total };
}

/** The ISO code erp_mock stores for a body's `DocCurrency` (a company code), refusing a code not in OCRN. */
export function isoOfBody(currencies: Pick<Currencies, "of">, bd: string, value: unknown): string {
  const company = currencies.of(bd);
  if (typeof value !== "string") return company.local.iso;
  const currency = company.byCode.get(value);
  if (!currency) throw new SapFailure(400, -5002, UNKNOWN_CURRENCY);
  return currency.iso;
}
