// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import type { ErpDocumentKinds } from "../types";
import { isCancellationDocument } from "./cancellation";
import type { CatalogCache } from "./catalog-cache";
import {
  COLD_KEEP_MS,
  DOCUMENT_PAGE,
  FULL_PAYMENTS,
  PARALLEL,
  PAYMENT_FULL_MS,
  PAYMENT_RECHECK_DAYS,
  STAMP_PAGE,
} from "./limits";
import type { MirrorWrites } from "./mirror-writes";
import { isoDate, literal, mapLimit, q, stampFilter } from "./odata";
import {
  type DocumentConverter,
  type DocumentKind,
  ENTITY,
  type Kind,
  type MirrorRow,
  portalIdOf,
  SELECT,
  type SlBase,
  type SlDocument,
  type SlPayment,
  versionOf,
  yesNo,
} from "./wire";

/** Listeners of watchDocuments, by kind. */
type Watchers = { [K in DocumentKind]: Set<(docs: ErpDocumentKinds[K][]) => void> };

/** Documents' keys and stamps changed since `marca` (all of them when cold). */
async function readStamps(client: SlBase["client"], kind: Kind, bd: string, marca: string | undefined) {
  const fields = ["DocEntry", "DocNum", "CardCode", "DocDate", "UpdateDate", "UpdateTime", "AttachmentEntry"];
  if (kind === "factura") fields.push("U_SYS_PORTALID", "CancelStatus");
  const filter = marca ? `&$filter=${q(stampFilter(marca))}` : "";
  const docs = await client.getAll<SlDocument>(
    bd,
    `${ENTITY[kind]}?$select=${fields.join(",")}${filter}&$orderby=DocEntry`,
    { maxPageSize: STAMP_PAGE },
  );
  return stampRows(kind, bd, docs, marca);
}

/** Mirror rows of documents read with at least their keys and stamps, and the watermark they bring. */
function stampRows(kind: Kind, bd: string, docs: readonly SlDocument[], marca: string | undefined) {
  let newest = marca ?? "";
  const rows: MirrorRow[] = docs.map((d) => {
    const version = versionOf(d);
    if (version > newest) newest = version;
    return {
      tipo: kind,
      bd,
      docEntry: d.DocEntry,
      docNum: d.DocNum,
      cardCode: d.CardCode,
      docDate: isoDate(d.DocDate),
      version,
      atcEntry: d.AttachmentEntry ?? null,
      // A cancellation document carries its original's portal id (decision 048, F6): it is not the portal's.
      portalId: kind === "factura" && !isCancellationDocument(d) ? portalIdOf(d.U_SYS_PORTALID) : null,
    };
  });
  return { rows, marca: newest || "1900-01-01 00:00:00", full: false };
}

/**
 * One page of a cold read, as portal documents, to the watchDocuments listeners; false when it could not be
 * converted (an item name or a payment term the Service Layer did not give): the list reads those documents then.
 */
async function announce(
  deps: Pick<SlBase, "warn"> & { documents: () => DocumentConverter; watchers: Watchers },
  kind: DocumentKind,
  bd: string,
  page: SlDocument[],
): Promise<boolean> {
  const { warn, watchers } = deps;
  try {
    if (kind === "pedido") {
      const docs = await deps.documents().toDocuments("pedido", bd, page);
      for (const listener of watchers.pedido) listener(docs);
    } else {
      const docs = await deps.documents().toDocuments("entrada", bd, page);
      for (const listener of watchers.entrada) listener(docs);
    }
    return true;
  } catch (error) {
    warn(error, `No se pudieron preparar documentos leídos del ERP (${bd}); la lista los pedirá de nuevo.`);
    return false;
  }
}

/**
 * Payments have no UpdateDate: new ones by DocEntry above the highest seen, plus the recent ones again for their
 * Cancelled. An older payment cancelled later is caught by a whole re-read of every payment's Cancelled once per
 * PAYMENT_FULL_MS (its time kept in erp_sl_sincronizacion as kind 'pago-completo'): SAP offers no stamp for it.
 */
async function readPaymentStamps(deps: Pick<SlBase, "db" | "client" | "clock">, bd: string, marca: string | undefined) {
  const { db, client, clock } = deps;
  const s = schema.erpSlSincronizacion;
  const [lastFull] = await db
    .select({ leidoEn: s.leidoEn })
    .from(s)
    .where(and(eq(s.tipo, FULL_PAYMENTS), eq(s.bd, bd)));
  const age = lastFull ? clock().getTime() - lastFull.leidoEn.getTime() : Number.POSITIVE_INFINITY;
  const full = !marca || !(age >= 0 && age < PAYMENT_FULL_MS);
  let filter = "";
  if (!full) {
    const since = new Date(clock().getTime() - PAYMENT_RECHECK_DAYS * 86_400_000).toISOString().slice(0, 10);
    // Negative DocEntries (SAP Note 1310893: a payment whose DocNum repeats in another period indicator; F8,
    // decision 048) are below any watermark: always asked again (few).
    filter = `&$filter=${q(`DocEntry gt ${Number(marca)} or DocEntry lt 0 or DocDate ge ${literal(since)}`)}`;
  }
  const payments = await client.getAll<SlPayment>(
    bd,
    `VendorPayments?$select=DocEntry,DocNum,CardCode,DocDate,Cancelled${filter}&$orderby=DocEntry`,
    { maxPageSize: STAMP_PAGE },
  );
  let highest = marca ? Number(marca) : 0;
  const rows: MirrorRow[] = payments.map((p) => {
    if (p.DocEntry > highest) highest = p.DocEntry;
    return {
      tipo: "pago",
      bd,
      docEntry: p.DocEntry,
      docNum: p.DocNum,
      cardCode: p.CardCode,
      docDate: isoDate(p.DocDate),
      version: yesNo(p.Cancelled),
      atcEntry: null,
      portalId: null,
    };
  });
  // Zero-padded so that the watermark's greatest() (text) compares DocEntries as numbers.
  return { rows, marca: String(highest).padStart(10, "0"), full };
}

/** Page `i` of `pages` of a cold read: its rows to the mirror, its documents to the listeners (see readColdDocuments). */
async function readColdPage(
  deps: Pick<SlBase, "client" | "warn"> &
    Pick<MirrorWrites, "writeMirror"> & { documents: () => DocumentConverter; watchers: Watchers },
  kind: DocumentKind,
  bd: string,
  base: string,
  pages: number,
  i: number,
) {
  const chunk = await deps.client.getAll<SlDocument>(
    bd,
    i < pages - 1 ? `${base}&$top=${DOCUMENT_PAGE}&$skip=${i * DOCUMENT_PAGE}` : `${base}&$skip=${i * DOCUMENT_PAGE}`,
    { maxPageSize: DOCUMENT_PAGE },
  );
  // Each page's rows go to the mirror while the next pages are read. Without the watermark (written by
  // syncNow once every page is in) the mirror stays cold for everyone: a failure halfway only costs a new
  // cold read, and the rows already written are true.
  const { rows, marca } = stampRows(kind, bd, chunk, undefined);
  // Not awaited here: the next page is asked while the rows wait for the mirror (awaited by readColdDocuments).
  const mirrored = deps.writeMirror(kind, bd, rows);
  mirrored.catch(() => {});
  const announced = deps.watchers[kind].size > 0 && (await announce(deps, kind, bd, chunk));
  return { marca, kept: announced ? [] : chunk, mirrored };
}

/**
 * What the Service Layer is asked for the mirror: keys and stamps changed since the watermark, every payment's
 * Cancelled, and a cold company database's whole orders or receipts (kept for the list that follows, and given page
 * by page to the watchDocuments listeners).
 */
export function createMirrorReads(
  deps: SlBase & {
    catalog: Pick<CatalogCache, "paymentTerms">;
    writes: Pick<MirrorWrites, "writeMirror">;
    /** The conversion of whole documents (documents.ts, built after this part). */
    documents: () => DocumentConverter;
  },
) {
  const { client, clock } = deps;
  const { paymentTerms } = deps.catalog;
  const { writeMirror } = deps.writes;

  /** Listeners of watchDocuments: whole documents read page by page by a cold sync go to them as they arrive. */
  const watchers: Watchers = {
    pedido: new Set(),
    entrada: new Set(),
  };
  /** Whole documents read by a cold sync, by `${kind}|${bd}`, waiting for the list that follows (takeCold). */
  const coldDocs = new Map<string, { generation: number; at: number; docs: Map<number, SlDocument> }>();

  /**
   * A COLD mirror of orders or receipts: every whole document at once (the list that follows needs them all), in
   * pages of DOCUMENT_PAGE asked PARALLEL at a time by $skip after one $count. Documents are never deleted in SAP
   * and the order is by DocEntry, so a document added meanwhile lands after the last page, which follows its next
   * links to the end. The documents are kept for the list that follows (takeCold).
   */
  async function readColdDocuments(kind: DocumentKind, bd: string, generation: number) {
    // The list's payment terms (one small request) are asked meanwhile; a failure is left to the list to report.
    const terms = paymentTerms(bd, []).catch(() => undefined);
    const count = Number(await client.getText(bd, `${ENTITY[kind]}/$count`));
    const pages = Number.isSafeInteger(count) && count > 0 ? Math.ceil(count / DOCUMENT_PAGE) : 1;
    const base = `${ENTITY[kind]}?$select=${SELECT[kind]}&$orderby=DocEntry`;
    // With listeners (the lists' row caches), each page becomes portal documents while the next pages are read, and
    // only what no listener took is kept: the work overlaps the Service Layer's, and the heap holds a page or so.
    const pagesRead = await mapLimit(
      Array.from({ length: pages }, (_, i) => i),
      PARALLEL,
      (i) => readColdPage({ ...deps, writeMirror, watchers }, kind, bd, base, pages, i),
    );
    await Promise.all(pagesRead.map((p) => p.mirrored));
    const docs = new Map<number, SlDocument>();
    let marca = "";
    for (const page of pagesRead) {
      if (page.marca > marca) marca = page.marca;
      for (const d of page.kept) docs.set(d.DocEntry, d);
    }
    await terms;
    if (docs.size > 0) {
      const key = `${kind}|${bd}`;
      const entry = { generation, at: clock().getTime(), docs };
      coldDocs.set(key, entry);
      // Dropped unused after a while (a cold count with no list after it): only to free the memory.
      setTimeout(() => {
        if (coldDocs.get(key) === entry) coldDocs.delete(key);
      }, COLD_KEEP_MS).unref();
    }
    // The rows are in the mirror already: syncNow only writes the watermark.
    return { rows: [] as MirrorRow[], marca, full: false };
  }

  return {
    watchers,
    coldDocs,
    readStamps: (kind: Kind, bd: string, marca: string | undefined) => readStamps(client, kind, bd, marca),
    readColdDocuments,
    readPaymentStamps: (bd: string, marca: string | undefined) => readPaymentStamps(deps, bd, marca),
  };
}

export type MirrorReads = ReturnType<typeof createMirrorReads>;
