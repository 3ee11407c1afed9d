// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import type { ErpFacturaProveedor, ErpScope } from "../types";
import { isCancellationDocument, isCancelled, oneByPortalId, withoutDuplicatePortalIds } from "./cancellation";
import { type CompanyCurrencies, inDocumentCurrency } from "./currency";
import type { MirrorQueries } from "./mirror-queries";
import type { MirrorSync } from "./mirror-sync";
import { money } from "./money";
import { isoDate, keyFilters } from "./odata";
import type { Payments } from "./payments";
import { byBd, dueDatesOf, FACTURA_FIELDS, keyOf, portalIdOf, type SlBase, type SlDocument, text, yesNo } from "./wire";

/** The portal's A/P invoices (PurchaseInvoices carrying U_SYS_PORTALID) as the ERP has them. */
export function createPurchaseInvoices(
  deps: Pick<SlBase, "db" | "warn"> & {
    mirror: Pick<MirrorSync, "sync">;
    queries: MirrorQueries;
    payments: Pick<Payments, "lastPaymentDates">;
    currencies: CompanyCurrencies;
  },
) {
  const { db } = deps;
  const { sync } = deps.mirror;
  const { docNums, mirrorVersions, perBd, readChunks } = deps.queries;
  const { lastPaymentDates } = deps.payments;
  const t = schema.erpSlDocumentos;

  async function readFacturas(bd: string, entries: readonly number[]): Promise<ErpFacturaProveedor[]> {
    if (entries.length === 0) return [];
    const wanted = new Set(entries);
    // Issue 37 (F1, F9): amounts in the invoice's currency, ISO codes.
    const cc = await deps.currencies.of(bd);
    const docs = [
      ...new Map(
        (await readChunks<SlDocument>(bd, "PurchaseInvoices", FACTURA_FIELDS, keyFilters("DocEntry", entries)))
          .filter((d) => wanted.has(d.DocEntry) && portalIdOf(d.U_SYS_PORTALID) !== null && !isCancellationDocument(d))
          .map((d) => [d.DocEntry, inDocumentCurrency(d, cc)]),
      ).values(),
    ];
    const receiptOf = (d: SlDocument) =>
      (d.DocumentLines ?? []).find((l) => l.BaseType === 20 && l.BaseEntry)?.BaseEntry ?? null;
    // Only invoices with something paid can have a live payment: their suppliers' payments are read.
    const paid = docs.filter((d) => money(d.PaidToDate) !== "0.00");
    const [receipts, payDates] = await Promise.all([
      docNums(
        "entrada",
        bd,
        docs.flatMap((d) => receiptOf(d) ?? []),
      ),
      lastPaymentDates(
        bd,
        paid.map((d) => d.CardCode),
      ),
    ]);
    return docs.map((d) => {
      const cur = text(d.DocCurrency);
      const receipt = receiptOf(d);
      return {
        bd,
        docEntry: d.DocEntry,
        docNum: d.DocNum,
        cardCode: d.CardCode,
        portalId: portalIdOf(d.U_SYS_PORTALID) as number,
        numAtCard: text(d.NumAtCard),
        uuid: text(d.U_SYS_PMUUID).toUpperCase(),
        docDate: isoDate(d.DocDate),
        docTotal: money(d.DocTotal, cur),
        paidToDate: money(d.PaidToDate, cur),
        docCur: cur,
        canceled: isCancelled(d) ? "Y" : "N",
        entradaDocNum: receipt === null ? null : (receipts.get(receipt) ?? null),
        fechaPago: payDates.get(d.DocEntry) ?? null,
        paymentBlock: yesNo(d.PaymentBlock),
        ...dueDatesOf(d, cur),
      };
    });
  }

  async function findFacturaProveedor(bd: string, portalId: number): Promise<ErpFacturaProveedor | null> {
    await sync("factura", bd);
    const rows = await db
      .select({ DocEntry: t.docEntry, DocNum: t.docNum })
      .from(t)
      .where(and(eq(t.tipo, "factura"), eq(t.bd, bd), eq(t.portalId, portalId)));
    // The mirror holds no cancellation documents' portal ids (mirror-reads.ts); several rows are a duplicate (F7).
    const row = oneByPortalId(rows, bd, portalId);
    if (!row) return null;
    const [found] = await perBd([bd], (b) => readFacturas(b, [row.DocEntry]));
    return found ?? null;
  }

  async function listFacturasProveedor(scope: ErpScope): Promise<ErpFacturaProveedor[]> {
    const versions = await mirrorVersions("factura", scope);
    const groups = byBd(versions);
    const facturas = await perBd(groups.keys(), (bd) =>
      readFacturas(
        bd,
        (groups.get(bd) ?? []).map((v) => v.docEntry),
      ),
    );
    // Two A/P invoices with one portal id are reported, not one of them picked (decision 048, F7).
    const byKey = new Map(withoutDuplicatePortalIds(facturas, deps.warn).map((f) => [keyOf(f.bd, f.docEntry), f]));
    return versions.flatMap((v) => byKey.get(keyOf(v.bd, v.docEntry)) ?? []);
  }

  return { findFacturaProveedor, listFacturasProveedor };
}
