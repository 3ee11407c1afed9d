// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044). Issue 37, decision 045.
import { schema } from "@portal/db";
import { eq } from "drizzle-orm";
import { ServiceLayerError } from "./client";
import type { SlBase, SlPayment, SlPaymentInvoice } from "./wire";

/**
 * The company's currencies (fidelity findings F1 and F9, docs/erp-service-layer.md "Currencies"):
 * - SAP answers every amount twice: the unsuffixed property in LOCAL currency, the `…Fc`/`…FC` twin in the document's
 *   currency (0 on a local-currency document). The portal works in the document's (the CFDI's) currency: it reads
 *   the twin whenever the document's currency is not the company's local one.
 * - Currency codes are the company's (OCRN `Code`: `MXP`, `$`, `US$`…), not ISO 4217: they are mapped to ISO when
 *   read and back when posting. The map is, in order: the sociedad's `monedas_sap` (company code → ISO, set by an
 *   administrator), the usual codes of Mexican company databases (MXP and "$" → MXN, "US$" → USD), the
 *   currency's `DocumentsCode` when it is an ISO-looking code, and the code itself.
 * - The local currency comes from `CompanyService_GetAdminInfo` (`LocalCurrency`); a Service Layer that does not
 *   answer it (404/501) counts as a company in MXN.
 */

export interface CompanyCurrency {
  /** The company's code of its local currency. */
  local: string;
  /** A company code → ISO 4217. */
  iso(code: string | null | undefined): string;
  /** ISO 4217 → the company's code (the ISO code itself when no company code maps to it). */
  code(iso: string): string;
  /** Whether a document in this company code is in the local currency. */
  isLocal(code: string | null | undefined): boolean;
}

/** Codes Mexican company databases use for the peso and the dollar (F9: "MXP es el código heredado de la localización"). */
const USUAL_CODES: Record<string, string> = { MXP: "MXN", $: "MXN", MX$: "MXN", US$: "USD", USD$: "USD" };

const notServed = (error: unknown) =>
  error instanceof ServiceLayerError && (error.status === 404 || error.status === 501);

export function companyCurrencyOf(
  local: string,
  rows: readonly { Code: string; DocumentsCode?: string | null }[],
  overrides: Readonly<Record<string, string>>,
): CompanyCurrency {
  const isoOf = new Map<string, string>();
  for (const r of rows) {
    const documents = (r.DocumentsCode ?? "").trim().toUpperCase();
    isoOf.set(
      r.Code,
      overrides[r.Code] ??
        USUAL_CODES[r.Code] ??
        (/^[A-Z]{3}$/.test(documents) ? documents : r.Code.trim().toUpperCase()),
    );
  }
  const iso = (code: string | null | undefined) => {
    const c = code ?? local;
    return isoOf.get(c) ?? overrides[c] ?? USUAL_CODES[c] ?? c.trim().toUpperCase();
  };
  const localIso = iso(local);
  const code = (wanted: string) => {
    if (iso(local) === wanted) return local;
    for (const r of rows) if (iso(r.Code) === wanted) return r.Code;
    return wanted;
  };
  return { local, iso, code, isLocal: (c) => iso(c) === localIso };
}

/** How long a company database's currencies are kept: a change of the sociedad's codes shows within this time. */
export const CURRENCIES_TTL_MS = 5 * 60_000;

export function createCompanyCurrencies(deps: Pick<SlBase, "client" | "db" | "clock">) {
  const { client, db, clock } = deps;
  const cache = new Map<string, { at: number; found: Promise<CompanyCurrency> }>();

  async function load(bd: string): Promise<CompanyCurrency> {
    const [admin, rows, sociedad] = await Promise.all([
      client
        .get<{ LocalCurrency?: string | null }>(bd, "CompanyService_GetAdminInfo")
        .catch((e: unknown) => (notServed(e) ? { LocalCurrency: null } : Promise.reject(e))),
      client
        .getAll<{ Code: string; DocumentsCode?: string | null }>(bd, "Currencies?$select=Code,DocumentsCode", {
          maxPageSize: 0,
        })
        .catch((e: unknown) => (notServed(e) ? [] : Promise.reject(e))),
      db
        .select({ monedas: schema.sociedades.monedasSap })
        .from(schema.sociedades)
        .where(eq(schema.sociedades.bdSap, bd)),
    ]);
    return companyCurrencyOf(admin.LocalCurrency || "MXN", rows, sociedad[0]?.monedas ?? {});
  }

  /**
   * The company database's currencies, read at most every CURRENCIES_TTL_MS per process (SAP's currency table and
   * the sociedad's codes change seldom; a failed read is asked again next time).
   */
  function of(bd: string): Promise<CompanyCurrency> {
    const now = clock().getTime();
    const kept = cache.get(bd);
    if (kept && now - kept.at < CURRENCIES_TTL_MS) return kept.found;
    const found = load(bd);
    found.catch(() => cache.delete(bd));
    cache.set(bd, { at: now, found });
    return found;
  }

  return { of };
}

export type CompanyCurrencies = ReturnType<typeof createCompanyCurrencies>;

/** What `inDocumentCurrency` reads of a document (SlDocument and the credit memo's shape). */
export interface MoneyDocument {
  DocCurrency?: string | null;
  DocTotal?: number | null;
  DocTotalFc?: number | null;
  VatSum?: number | null;
  VatSumFc?: number | null;
  WTAmount?: number | null;
  WTAmountFC?: number | null;
  TotalDiscount?: number | null;
  TotalDiscountFC?: number | null;
  PaidToDate?: number | null;
  PaidToDateFC?: number | null;
  DocumentLines?: {
    LineTotal?: number | null;
    RowTotalFC?: number | null;
    TaxTotal?: number | null;
    NetTaxAmountFC?: number | null;
  }[];
  DocumentInstallments?: { Total?: number | null; TotalFC?: number | null }[] | null;
}

type Amount = "DocTotal" | "VatSum" | "WTAmount" | "TotalDiscount" | "PaidToDate";
const TWINS: [Amount, `${Amount}${"Fc" | "FC"}` & keyof MoneyDocument][] = [
  ["DocTotal", "DocTotalFc"],
  ["VatSum", "VatSumFc"],
  ["WTAmount", "WTAmountFC"],
  ["TotalDiscount", "TotalDiscountFC"],
  ["PaidToDate", "PaidToDateFC"],
];

/**
 * A document as the portal reads it: ISO currency code, and every amount in the document's currency (the FC twins
 * of a foreign-currency document moved into the unsuffixed properties the converters read). F1, F9.
 */
export function inDocumentCurrency<D extends MoneyDocument>(d: D, cc: CompanyCurrency): D {
  const out: D = { ...d, DocCurrency: cc.iso(d.DocCurrency) };
  if (cc.isLocal(d.DocCurrency)) return out;
  for (const [lc, twin] of TWINS) if (lc in d || twin in d) out[lc] = d[twin];
  if (d.DocumentLines) {
    // Line VAT: TaxTotal (local) and NetTaxAmountFC (document currency; SDK Document_Lines~NetTaxAmountFC).
    out.DocumentLines = d.DocumentLines.map((l) => ({
      ...l,
      LineTotal: l.RowTotalFC ?? 0,
      ...("TaxTotal" in l || "NetTaxAmountFC" in l ? { TaxTotal: l.NetTaxAmountFC ?? 0 } : {}),
    }));
  }
  if (d.DocumentInstallments) {
    out.DocumentInstallments = d.DocumentInstallments.map((c) => ({ ...c, Total: c.TotalFC }));
  }
  return out;
}

/**
 * A payment as the portal reads it: ISO currency code; each line's `SumApplied` in the INVOICE's currency and
 * `AppliedFC` in the PAYMENT's; `CashSum` the total in the payment's currency (transfers, checks and cards folded
 * in). SAP answers `SumApplied` in local currency and `AppliedFC` in the foreign currency of the pair (the
 * invoice's when it is foreign, else the payment's): a USD invoice paid in USD or in MXN has its dollars in
 * `AppliedFC`; an MXN invoice paid in USD has the dollars paid there. `invoiceCur` gives an invoice's currency
 * (any code: ISO or the company's) by DocEntry.
 */
export function inPaymentCurrency(
  p: SlPayment,
  invoiceCur: (docEntry: number) => string | null | undefined,
  cc: CompanyCurrency,
): SlPayment {
  const paymentLocal = cc.isLocal(p.DocCurrency);
  const lines = (p.PaymentInvoices ?? []).map((l): SlPaymentInvoice => {
    const invoiceLocal = cc.isLocal(invoiceCur(l.DocEntry) ?? p.DocCurrency);
    return {
      ...l,
      SumApplied: invoiceLocal ? l.SumApplied : l.AppliedFC,
      AppliedFC: paymentLocal ? l.SumApplied : l.AppliedFC,
    };
  });
  const out: SlPayment = { ...p, DocCurrency: cc.iso(p.DocCurrency), PaymentInvoices: lines };
  if (paymentLocal) return out;
  // TransferSum has no FC twin in the Service Layer (META1): what a foreign payment moved is its lines' AppliedFC.
  const cents = (p.PaymentInvoices ?? []).reduce((sum, l) => sum + Math.round(Number(l.AppliedFC ?? 0) * 100), 0);
  return { ...out, CashSum: cents / 100, TransferSum: 0, PaymentChecks: [], PaymentCreditCards: [] };
}

/**
 * A purchase document's POST body in the company's terms: `DocCurrency` as the company's code (F9); for a
 * foreign-currency document the lines' amounts as `RowTotalFC` (SDK `Document_Lines~RowTotalFC`; `LineTotal` is the
 * LOCAL amount, F1) and a total, if any, as `DocTotalFc` (SDK `Documents~DocTotalFc`), never as `DocTotal`.
 */
export function inCompanyCurrency<
  B extends { DocCurrency: string; DocTotal?: number; DocumentLines?: readonly object[] },
>(body: B, cc: CompanyCurrency): B & { DocTotalFc?: number } {
  const out: B & { DocTotalFc?: number } = { ...body, DocCurrency: cc.code(cc.iso(body.DocCurrency)) };
  if (cc.isLocal(out.DocCurrency)) return out;
  const lines = body.DocumentLines?.map((line) => {
    if (!("LineTotal" in line)) return line;
    const { LineTotal, ...rest } = line as { LineTotal: unknown };
    return { ...rest, RowTotalFC: LineTotal };
  });
  const { DocTotal, ...rest } = out;
  return {
    ...(rest as B),
    ...(lines ? { DocumentLines: lines } : {}),
    ...(DocTotal === undefined ? {} : { DocTotalFc: DocTotal }),
  };
}
