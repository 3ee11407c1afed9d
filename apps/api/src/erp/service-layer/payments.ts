// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import type {
  ErpAplicacion,
  ErpClaveDocumento,
  ErpPago,
  ErpPagoFactura,
  ErpScope,
  ErpVersionDocumento,
} from "../types";
import { type Availability, isUnavailable } from "./availability";
import type { Documents } from "./documents";
import { RANGE_KEYS, RECENT_DOCUMENTS } from "./limits";
import type { MirrorQueries } from "./mirror-queries";
import { money, quantity, sumMoney } from "./money";
import { isoDate, keyFilters, stringKeyFilters } from "./odata";
import {
  byBd,
  type Converted,
  keepRecent,
  keyOf,
  type SlBase,
  type SlDocument,
  type SlPayment,
  text,
  yesNo,
} from "./wire";

/** Vendor payments (VendorPayments): converted, read by key or by list, kept as last read for an outage. */
export function createPayments(
  deps: Pick<SlBase, "db" | "clock"> & {
    availability: Availability;
    queries: MirrorQueries;
    unchanged: Documents["unchanged"];
  },
) {
  const { db, clock, unchanged } = deps;
  const { staleReads, markStale } = deps.availability;
  const { mirrorRowsOf, mirrorVersions, perBd, readChunks } = deps.queries;
  const t = schema.erpSlDocumentos;

  /** Payments matching the filters (full entities: PaymentInvoices and, when present, checks and cards). */
  const readPayments = (bd: string, filters: readonly string[]) =>
    readChunks<SlPayment>(bd, "VendorPayments", null, filters);

  /** The invoice side of payment lines: DocNum, folio, UUID, date, total and currency, by DocEntry. */
  async function paidInvoices(bd: string, entries: Iterable<number>) {
    const docs = await readChunks<SlDocument>(
      bd,
      "PurchaseInvoices",
      "DocEntry,DocNum,NumAtCard,U_SYS_PMUUID,DocDate,DocTotal,DocCurrency",
      keyFilters("DocEntry", entries, undefined, RANGE_KEYS),
    );
    return new Map(docs.map((d) => [d.DocEntry, d]));
  }

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

  async function convertPayments(bd: string, payments: SlPayment[]): Promise<ErpPago[]> {
    const invoices = await paidInvoices(
      bd,
      payments.flatMap((p) => (p.PaymentInvoices ?? []).map((l) => l.DocEntry)),
    );
    return payments.map((p) => {
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
    });
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

  /** Live payments of these suppliers in `bd`: invoice DocEntry → the latest payment date applied to it. */
  async function lastPaymentDates(bd: string, cardCodes: Iterable<string>): Promise<Map<number, string>> {
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

  async function listPagos(scope: ErpScope): Promise<ErpPago[]> {
    const versions = await mirrorVersions("pago", scope);
    let pagos: ErpPago[];
    try {
      pagos = await readPagosByKey(versions);
    } catch (error) {
      // The Service Layer down: the payments as last read, when every one is at hand.
      const known = isUnavailable(error) ? lastReadPagos(versions) : null;
      if (!known) throw error;
      pagos = known;
    }
    const byKey = new Map(pagos.map((p) => [keyOf(p.bd, p.docEntry), p]));
    return versions.flatMap((v) => byKey.get(keyOf(v.bd, v.docEntry)) ?? []);
  }

  async function findPago(bd: string, docNum: number): Promise<ErpPago | null> {
    try {
      const [found] = await perBd([bd], async (b) =>
        toPayments(b, (await readPayments(b, [`DocNum eq ${docNum}`])).slice(0, 1)),
      );
      return found ?? null;
    } catch (error) {
      // The Service Layer down: the payment as last read, if the mirror still lists it as it was.
      if (!isUnavailable(error)) throw error;
      const [row] = await db
        .select({ bd: t.bd, docEntry: t.docEntry, version: t.version })
        .from(t)
        .where(and(eq(t.tipo, "pago"), eq(t.bd, bd), eq(t.docNum, docNum)));
      const [known] = (row && lastReadPagos([row])) || [];
      if (!known) throw error;
      return known;
    }
  }

  async function readPagos(keys: readonly ErpClaveDocumento[]): Promise<ErpPago[]> {
    try {
      return await readPagosByKey(keys);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      // Keys without a version: the mirror's, so a payment cancelled since the last read is not taken as live.
      const rows = await mirrorRowsOf("pago", keys);
      const known = rows.length === keys.length ? lastReadPagos(rows) : null;
      if (!known) throw error;
      return known;
    }
  }

  async function listAplicaciones(bd: string, facturaDocEntries: readonly number[]): Promise<ErpAplicacion[]> {
    if (facturaDocEntries.length === 0) return [];
    const wanted = new Set(facturaDocEntries);
    return perBd([bd], async (b) => {
      const invoices = await readChunks<SlDocument>(
        b,
        "PurchaseInvoices",
        "DocEntry,CardCode",
        keyFilters("DocEntry", wanted),
      );
      const filters = stringKeyFilters(
        "CardCode",
        invoices.filter((i) => wanted.has(i.DocEntry)).map((i) => i.CardCode),
      );
      if (filters.length === 0) return [];
      const rows: (ErpAplicacion & { lineNum: number })[] = [];
      for (const p of await readPayments(b, filters)) {
        for (const l of p.PaymentInvoices ?? []) {
          if (!wanted.has(l.DocEntry)) continue;
          if (l.InvoiceType && l.InvoiceType !== "it_PurchaseInvoice") continue;
          rows.push({
            facturaDocEntry: l.DocEntry,
            pagoDocEntry: p.DocEntry,
            pagoDocNum: p.DocNum,
            docDate: isoDate(p.DocDate),
            sumApplied: money(l.SumApplied),
            canceled: yesNo(p.Cancelled),
            lineNum: l.LineNum,
          });
        }
      }
      const unique = [...new Map(rows.map((r) => [`${r.pagoDocEntry}|${r.lineNum}`, r])).values()];
      unique.sort(
        (a, c) =>
          (a.docDate < c.docDate ? -1 : a.docDate > c.docDate ? 1 : 0) ||
          a.pagoDocNum - c.pagoDocNum ||
          a.lineNum - c.lineNum,
      );
      return unique.map(({ lineNum: _, ...r }) => r);
    });
  }

  return { listPagos, findPago, readPagos, listAplicaciones, lastPaymentDates };
}

export type Payments = ReturnType<typeof createPayments>;
