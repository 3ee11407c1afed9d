import type { ErpClaveDocumento, ErpPago, ErpPagoFactura, ErpVersionDocumento } from "../types";
import type { Availability } from "./availability";
import { type CompanyCurrencies, inDocumentCurrency, inPaymentCurrency } from "./currency";
import type { Documents } from "./documents";
import { RANGE_KEYS, RECENT_DOCUMENTS } from "./limits";
import type { MirrorQueries } from "./mirror-queries";
import { money, quantity, sumMoney } from "./money";
import { isoDate, keyFilters, stringKeyFilters } from "./odata";
import { byBd, type Converted, keepRecent, type SlBase, type SlDocument, type SlPayment, text, yesNo } from "./wire";

/** The invoice side of payment lines: DocNum, folio, UUID, date, total and currency, by DocEntry. */
async function paidInvoices(
  deps: { readChunks: MirrorQueries["readChunks"]; currencies: CompanyCurrencies },
  bd: string,
  entries: Iterable<number>,
) {
  const { readChunks } = deps;
  const docs = await readChunks<SlDocument>(
    bd,
    "PurchaseInvoices",
    "DocEntry,DocNum,NumAtCard,U_SYS_PMUUID,DocDate,DocTotal,DocTotalFc,DocCurrency",
    keyFilters("DocEntry", entries, undefined, RANGE_KEYS),
  );
  const cc = await deps.currencies.of(bd);
  return new Map(docs.map((d) => [d.DocEntry, inDocumentCurrency(d, cc)]));
}

type PaidInvoices = Awaited<ReturnType<typeof paidInvoices>>;

/** One payment as the portal's, with the invoice side of its lines (`invoices`, by DocEntry). */
function toErpPago(bd: string, p: SlPayment, invoices: PaidInvoices): ErpPago {
  const cur = text(p.DocCurrency);
  const facturas: ErpPagoFactura[] = [...(p.PaymentInvoices ?? [])]
    .filter((l) => !l.InvoiceType || l.InvoiceType === "it_PurchaseInvoice")
    .sort((a, b) => a.LineNum - b.LineNum)
    .flatMap((l) => {
      const inv = invoices.get(l.DocEntry);
      if (!inv) return [];
      const invCur = text(inv.DocCurrency);
      const sumApplied = money(l.SumApplied, invCur);
      return [
        {
          lineNum: l.LineNum,
          facturaDocEntry: l.DocEntry,
          facturaDocNum: inv.DocNum,
          folio: text(inv.NumAtCard),
          uuid: text(inv.U_SYS_PMUUID).toUpperCase(),
          fecha: isoDate(inv.DocDate),
          facturaTotal: money(inv.DocTotal, invCur),
          sumApplied,
          // AppliedFC is the payment-currency amount only when the currencies differ (SAP leaves it 0 otherwise).
          appliedPago: invCur !== cur ? money(l.AppliedFC, cur) : sumApplied,
          docCur: invCur,
        },
      ];
    });
  return {
    bd,
    docEntry: p.DocEntry,
    docNum: p.DocNum,
    cardCode: p.CardCode,
    cardName: text(p.CardName),
    docDate: isoDate(p.DocDate),
    formaPago: text(p.U_B1SYS_FormaPago),
    docTotal: sumMoney([
      p.CashSum,
      p.TransferSum,
      ...(p.PaymentChecks ?? []).map((c) => c.CheckSum),
      ...(p.PaymentCreditCards ?? []).map((c) => c.CreditSum),
    ]),
    docCur: cur,
    docRate: quantity(p.DocRate ?? 1),
    canceled: yesNo(p.Cancelled),
    facturas,
  };
}

/** Live payments of these suppliers in `bd`: invoice DocEntry → the latest payment date applied to it. */
async function lastPaymentDates(
  readPayments: (bd: string, filters: readonly string[]) => Promise<SlPayment[]>,
  bd: string,
  cardCodes: Iterable<string>,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const filters = stringKeyFilters("CardCode", cardCodes);
  if (filters.length === 0) return out;
  for (const p of await readPayments(bd, filters)) {
    if (yesNo(p.Cancelled) === "Y") continue;
    const date = isoDate(p.DocDate);
    for (const l of p.PaymentInvoices ?? []) {
      const previous = out.get(l.DocEntry);
      if (!previous || date > previous) out.set(l.DocEntry, date);
    }
  }
  return out;
}

/**
 * Vendor payments (VendorPayments) as the portal's, read by key or by filter, and kept as last read for an outage;
 * the last payment date of each A/P invoice.
 */
export function createPaymentReads(
  deps: Pick<SlBase, "clock"> & {
    availability: Pick<Availability, "staleReads" | "markStale">;
    queries: Pick<MirrorQueries, "perBd" | "readChunks">;
    unchanged: Documents["unchanged"];
    currencies: CompanyCurrencies;
  },
) {
  const { clock, unchanged } = deps;
  const { staleReads, markStale } = deps.availability;
  const { perBd, readChunks } = deps.queries;

  /** Payments matching the filters (full entities: PaymentInvoices and, when present, checks and cards). */
  const readPayments = (bd: string, filters: readonly string[]) =>
    readChunks<SlPayment>(bd, "VendorPayments", null, filters);

  /** Payments converted lately, by `${bd}|${docEntry}` (at most RECENT_DOCUMENTS): the lists' last read for an outage. */
  const recentPagos = new Map<string, Converted<ErpPago>>();

  async function toPayments(bd: string, payments: SlPayment[]): Promise<ErpPago[]> {
    const converted = await convertPayments(bd, payments);
    const at = clock().getTime();
    for (const p of converted) keepRecent(recentPagos, `${p.bd}|${p.docEntry}`, { doc: p, at }, RECENT_DOCUMENTS);
    return converted;
  }

  /** Payments `keys` as last read (a payment's mirror version is its Cancelled), when all are at hand; else null. */
  function lastReadPagos(keys: readonly ErpVersionDocumento[]): ErpPago[] | null {
    const out: ErpPago[] = [];
    for (const k of keys) {
      const p = recentPagos.get(`${k.bd}|${k.docEntry}`)?.doc;
      if (!p || p.canceled !== k.version) return null;
      out.push(p);
    }
    for (const bd of new Set(keys.map((k) => k.bd))) {
      const readAt = staleReads.get(`pago|${bd}`);
      if (readAt) markStale(readAt);
    }
    return out;
  }

  async function convertPayments(bd: string, sap: SlPayment[]): Promise<ErpPago[]> {
    const invoices = await paidInvoices(
      { readChunks, currencies: deps.currencies },
      bd,
      sap.flatMap((p) => (p.PaymentInvoices ?? []).map((l) => l.DocEntry)),
    );
    // Issue 37 (F1): SumApplied in the invoice's currency, AppliedFC and the total in the payment's.
    const cc = await deps.currencies.of(bd);
    const payments = sap.map((p) => inPaymentCurrency(p, (e) => invoices.get(e)?.DocCurrency, cc));
    return payments.map((p) => toErpPago(bd, p, invoices));
  }

  async function readPagosByKey(keys: readonly ErpClaveDocumento[]): Promise<ErpPago[]> {
    if (keys.length === 0) return [];
    // A payment changes in SAP only by its cancellation (its mirror version).
    const { hits, misses } = unchanged(recentPagos, keys, (p) => p.canceled);
    if (misses.length === 0) return hits;
    const groups = byBd(misses);
    const read = await perBd(groups.keys(), async (bd) => {
      const entries = (groups.get(bd) ?? []).map((k) => k.docEntry);
      const wanted = new Set(entries);
      const rows = (await readPayments(bd, keyFilters("DocEntry", entries, undefined, RANGE_KEYS))).filter((p) =>
        wanted.has(p.DocEntry),
      );
      return toPayments(bd, [...new Map(rows.map((p) => [p.DocEntry, p])).values()]);
    });
    return [...hits, ...read];
  }

  return {
    readPayments,
    toPayments,
    lastReadPagos,
    readPagosByKey,
    lastPaymentDates: (bd: string, cardCodes: Iterable<string>) => lastPaymentDates(readPayments, bd, cardCodes),
  };
}
