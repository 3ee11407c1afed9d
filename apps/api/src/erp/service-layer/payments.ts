// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import type { ErpAplicacion, ErpClaveDocumento, ErpPago, ErpScope } from "../types";
import { type Availability, isUnavailable } from "./availability";
import { oneByNumber } from "./by-number";
import { type CompanyCurrencies, inPaymentCurrency } from "./currency";
import type { Documents } from "./documents";
import type { MirrorQueries } from "./mirror-queries";
import { money } from "./money";
import { isoDate, keyFilters, stringKeyFilters } from "./odata";
import { createPaymentReads } from "./payment-reads";
import { keyOf, type SlBase, type SlDocument, type SlPayment, yesNo } from "./wire";

/** The applications to these A/P invoices of `b` (see listAplicaciones), by date, payment number and line. */
async function applicationsIn(
  deps: Pick<MirrorQueries, "readChunks"> & {
    readPayments: (bd: string, filters: readonly string[]) => Promise<SlPayment[]>;
    currencies: CompanyCurrencies;
  },
  b: string,
  wanted: Set<number>,
): Promise<ErpAplicacion[]> {
  const { readChunks, readPayments } = deps;
  const invoices = await readChunks<SlDocument>(
    b,
    "PurchaseInvoices",
    "DocEntry,CardCode,DocCurrency",
    keyFilters("DocEntry", wanted),
  );
  // Issue 37 (F1): what was applied, in the invoice's currency (the complement's).
  const cc = await deps.currencies.of(b);
  const invoiceCur = new Map(invoices.map((i) => [i.DocEntry, i.DocCurrency]));
  const filters = stringKeyFilters(
    "CardCode",
    invoices.filter((i) => wanted.has(i.DocEntry)).map((i) => i.CardCode),
  );
  if (filters.length === 0) return [];
  const rows: (ErpAplicacion & { lineNum: number })[] = [];
  for (const sap of await readPayments(b, filters)) {
    const p = inPaymentCurrency(sap, (e) => invoiceCur.get(e), cc);
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
}

/** Vendor payments (VendorPayments): the lists, one by number, by key, and the applications to A/P invoices. */
export function createPayments(
  deps: Pick<SlBase, "db" | "clock"> & {
    availability: Availability;
    queries: MirrorQueries;
    unchanged: Documents["unchanged"];
    currencies: CompanyCurrencies;
  },
) {
  const { db } = deps;
  const { mirrorRowsOf, mirrorVersions, perBd, readChunks } = deps.queries;
  const t = schema.erpSlDocumentos;
  const { readPayments, toPayments, lastReadPagos, readPagosByKey, lastPaymentDates } = createPaymentReads(deps);

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

  async function findPago(bd: string, docNum: number, cardCode?: string): Promise<ErpPago | null> {
    try {
      const [found] = await perBd([bd], async (b) => {
        // DocNum repeats across numbering series (decision 048, F8): the supplier's one, or refused when several.
        const rows = await readPayments(b, [`DocNum eq ${docNum}`]);
        const one = oneByNumber(rows, { singular: "el pago", plural: "pagos" }, b, docNum, cardCode);
        return toPayments(b, one ? [one] : []);
      });
      return found ?? null;
    } catch (error) {
      // The Service Layer down: the payment as last read, if the mirror still lists it as it was.
      if (!isUnavailable(error)) throw error;
      const [row] = await db
        .select({ bd: t.bd, docEntry: t.docEntry, version: t.version })
        .from(t)
        .where(
          and(
            eq(t.tipo, "pago"),
            eq(t.bd, bd),
            eq(t.docNum, docNum),
            cardCode === undefined ? undefined : eq(t.cardCode, cardCode),
          ),
        );
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
    return perBd([bd], (b) => applicationsIn({ readChunks, readPayments, currencies: deps.currencies }, b, wanted));
  }

  return { listPagos, findPago, readPagos, listAplicaciones, lastPaymentDates };
}

export type Payments = ReturnType<typeof createPayments>;
