// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { type Database, schema } from "@portal/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ErpDocumentKinds } from "../types";
import type { Attachments } from "./attachments";
import { type Availability, isUnavailable, isUnknownCompany } from "./availability";
import type { CatalogCache } from "./catalog-cache";
import {
  COLD_KEEP_MS,
  DOCUMENT_PAGE,
  FRESH_MS,
  FULL_PAYMENTS,
  OUTAGE_RETRY_MS,
  PARALLEL,
  PAYMENT_FULL_MS,
  PAYMENT_RECHECK_DAYS,
  STAMP_PAGE,
  UPSERT_BATCH,
} from "./limits";
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
  text,
  versionOf,
  yesNo,
} from "./wire";

/**
 * The mirror of keys and stamps in PostgreSQL (erp_sl_documentos / erp_sl_sincronizacion): its incremental reads,
 * claimed across processes, its cold reads of whole documents, and their writes.
 */
export function createMirrorSync(
  deps: SlBase & {
    availability: Availability;
    catalog: CatalogCache;
    attachments: Attachments;
    /** The conversion of whole documents (documents.ts, built after this part). */
    documents: () => DocumentConverter;
  },
) {
  const { db, client, clock, warn } = deps;
  const { outages, staleReads, markStale } = deps.availability;
  const { itemForeignNames, paymentTerms } = deps.catalog;
  const { attachmentFiles } = deps.attachments;
  const t = schema.erpSlDocumentos;
  const s = schema.erpSlSincronizacion;

  /**
   * In-process state per (kind, bd): the sync under way, when one last completed (clock ms), and a generation that
   * the adapter's own writes bump. A sync that started before a write may finish after it: it does not count as
   * fresh for the new generation, and the next sync skips the shared freshness check (another process's read may
   * predate the write too) so that a write is always visible to the reads that follow it.
   */
  const syncing = new Map<string, { generation: number; run: Promise<void> }>();
  const syncedAt = new Map<string, { generation: number; at: number }>();
  const generations = new Map<string, number>();
  /** Listeners of watchDocuments: whole documents read page by page by a cold sync go to them as they arrive. */
  const watchers: { [K in DocumentKind]: Set<(docs: ErpDocumentKinds[K][]) => void> } = {
    pedido: new Set(),
    entrada: new Set(),
  };
  /** Whole documents read by a cold sync, by `${kind}|${bd}`, waiting for the list that follows (takeCold). */
  const coldDocs = new Map<string, { generation: number; at: number; docs: Map<number, SlDocument> }>();

  /** Forgets that (kind, bd) is fresh, here and for the other processes (after the adapter's own writes). */
  async function invalidate(bd: string, kinds: Kind[]) {
    for (const kind of kinds) {
      const key = `${kind}|${bd}`;
      generations.set(key, (generations.get(key) ?? 0) + 1);
      coldDocs.delete(key);
    }
    await db
      .update(s)
      .set({ leidoEn: new Date(0) })
      .where(and(eq(s.bd, bd), inArray(s.tipo, kinds)));
  }

  function sync(kind: Kind, bd: string): Promise<void> {
    const key = `${kind}|${bd}`;
    const generation = generations.get(key) ?? 0;
    const last = syncedAt.get(key);
    const now = clock().getTime();
    if (last && last.generation === generation && now >= last.at && now - last.at < FRESH_MS) {
      return Promise.resolve();
    }
    const pending = syncing.get(key);
    if (pending && pending.generation === generation) return pending.run;
    // After this process's own write, trust no earlier read: neither its own in flight nor another process's.
    const force = generations.has(key) && last?.generation !== generation;
    const run = (pending?.run.catch(() => {}) ?? Promise.resolve())
      .then(() => syncNow(kind, bd, force, generation))
      .then(() => {
        syncedAt.set(key, { generation, at: clock().getTime() });
      })
      .finally(() => {
        if (syncing.get(key)?.run === run) syncing.delete(key);
      });
    syncing.set(key, { generation, run });
    return run;
  }

  /**
   * Brings the mirrors of `kind` in `bds` up to date; those the Service Layer could not refresh (an outage) answer as
   * last read, and the request under way is marked with that time (serviceLayerDeadline's `staleSince`).
   */
  const syncAll = async (kind: Kind, bds: readonly string[]) => {
    await Promise.all(bds.map((bd) => sync(kind, bd)));
    for (const bd of bds) {
      const readAt = staleReads.get(`${kind}|${bd}`);
      if (readAt) markStale(readAt);
    }
  };

  /**
   * One incremental read of (kind, bd) and its upsert. No database connection is held while the Service Layer is
   * asked: a transaction open across a network call pins a pooled connection, and the client may itself need one
   * (its session store logs in under an advisory lock) — with every connection pinned by reads waiting for a
   * login, nothing would move. So across processes a warm mirror is CLAIMED instead: the process whose UPDATE moves
   * `leido_en` reads, the others answer from the mirror as it is (at most one window old). A cold mirror has
   * nothing to answer from, so every process that finds it cold reads it. Writes to the mirror are serialized by an
   * advisory lock held only for the upsert, and never go back: a row keeps the newest version seen (documents'
   * stamps only grow; a payment's Cancelled only goes from N to Y) and the watermark the greatest.
   */
  async function syncNow(kind: Kind, bd: string, force: boolean, generation: number): Promise<void> {
    const now = clock();
    let claimedFrom: Date | null = null;
    let state: typeof s.$inferSelect | undefined;
    try {
      [state] = await db
        .select()
        .from(s)
        .where(and(eq(s.tipo, kind), eq(s.bd, bd)));
      // The Service Layer failed a moment ago: a warm mirror answers as it is until it is time to ask again.
      const down = outages.get(bd);
      if (state && down && now.getTime() < down.retryAt) {
        staleReads.set(`${kind}|${bd}`, state.leidoEn);
        return;
      }
      if (state && !force) {
        const age = now.getTime() - state.leidoEn.getTime();
        if (age >= 0 && age < FRESH_MS) return;
        const claimed = await db
          .update(s)
          .set({ leidoEn: now })
          .where(and(eq(s.tipo, kind), eq(s.bd, bd), eq(s.leidoEn, state.leidoEn)))
          .returning({ bd: s.bd });
        if (claimed.length === 0) return; // another process claimed this window's read
        claimedFrom = state.leidoEn;
      }
      // A cold mirror of orders or receipts is filled from the whole documents, which the list that follows uses.
      const { rows, marca, full } =
        kind === "pago"
          ? await readPaymentStamps(bd, state?.marca)
          : !state && (kind === "pedido" || kind === "entrada")
            ? await readColdDocuments(kind, bd, generation)
            : await readStamps(kind, bd, state?.marca);
      // Offset paging may repeat a row changed during the read: the last occurrence wins.
      const unique = [...new Map(rows.map((r) => [r.docEntry, r])).values()];
      // After a cold read of whole documents, the list's item names and PDF ids are asked while the mirror is
      // written (a failure is left to the list, which asks again).
      const cold = !state && (kind === "pedido" || kind === "entrada") ? coldDocs.get(`${kind}|${bd}`) : undefined;
      const prefetch = cold
        ? Promise.all([
            itemForeignNames(
              bd,
              [...cold.docs.values()].flatMap((d) => (d.DocumentLines ?? []).map((l) => text(l.ItemCode))),
            ),
            attachmentFiles(
              bd,
              [...cold.docs.values()].flatMap((d) => (d.AttachmentEntry ? [d.AttachmentEntry] : [])),
            ),
          ]).catch(() => undefined)
        : undefined;
      await db.transaction(async (tx) => {
        await lockMirror(tx as unknown as Database, kind, bd);
        await upsertMirror(tx as unknown as Database, kind, bd, unique);
        await tx
          .insert(s)
          .values({ tipo: kind, bd, marca, leidoEn: now })
          .onConflictDoUpdate({
            target: [s.tipo, s.bd],
            set: { marca: sql`greatest(${s.marca}, excluded.marca)`, leidoEn: now },
          });
        if (full && kind === "pago") {
          await tx
            .insert(s)
            .values({ tipo: FULL_PAYMENTS, bd, marca: "", leidoEn: now })
            .onConflictDoUpdate({ target: [s.tipo, s.bd], set: { leidoEn: now } });
        }
      });
      await prefetch;
      staleReads.delete(`${kind}|${bd}`);
      if (outages.delete(bd)) warn(undefined, `El Service Layer responde de nuevo (${bd}).`);
    } catch (error) {
      if (isUnknownCompany(error)) {
        warn(error, `La base de datos ${bd} no existe en el Service Layer: se lee vacía.`);
        return;
      }
      // A failed read is no read: give the claim back so that the next call (any process) asks again.
      if (claimedFrom) {
        await db
          .update(s)
          .set({ leidoEn: claimedFrom })
          .where(and(eq(s.tipo, kind), eq(s.bd, bd), eq(s.leidoEn, now)))
          .catch((e: unknown) => warn(e, "No se pudo liberar la lectura del espejo del ERP."));
      }
      // The Service Layer is down or failing: a warm mirror answers with the rows it has, marked as such; a cold
      // one has nothing to answer with (the caller gets the Spanish 503).
      if (state && isUnavailable(error)) {
        if (!outages.has(bd)) {
          warn(error, `El Service Layer no responde (${bd}): las listas muestran lo último leído hasta que vuelva.`);
        }
        outages.set(bd, { retryAt: clock().getTime() + OUTAGE_RETRY_MS });
        staleReads.set(`${kind}|${bd}`, claimedFrom ?? state.leidoEn);
        return;
      }
      throw error;
    }
  }

  /**
   * Mirror rows upserted (within a transaction that holds lockMirror). A row keeps the newest version seen.
   */
  async function upsertMirror(tx: Database, kind: Kind, bd: string, unique: readonly MirrorRow[]) {
    // One statement per UPSERT_BATCH rows with one array parameter per column: a cold company database is
    // tens of thousands of rows, which multi-row VALUES with nine parameters each took seconds to bind.
    for (let i = 0; i < unique.length; i += UPSERT_BATCH) {
      const batch = unique.slice(i, i + UPSERT_BATCH);
      const column = <T>(pick: (r: MirrorRow) => T) => sql.param(batch.map(pick));
      await tx.execute(sql`insert into ${t} (tipo, bd, doc_entry, doc_num, card_code, doc_date, version,
          atc_entry, portal_id)
        select ${kind}, ${bd}, u.doc_entry, u.doc_num, u.card_code, u.doc_date, u.version, u.atc_entry, u.portal_id
        from unnest(${column((r) => r.docEntry)}::int[], ${column((r) => r.docNum)}::int[],
          ${column((r) => r.cardCode)}::text[], ${column((r) => r.docDate)}::date[],
          ${column((r) => r.version)}::text[], ${column((r) => r.atcEntry)}::int[],
          ${column((r) => r.portalId)}::int[])
          as u(doc_entry, doc_num, card_code, doc_date, version, atc_entry, portal_id)
        on conflict (tipo, bd, doc_entry) do update set doc_num = excluded.doc_num,
          card_code = excluded.card_code, doc_date = excluded.doc_date, version = excluded.version,
          atc_entry = excluded.atc_entry, portal_id = excluded.portal_id
          -- A slower concurrent read must not put an older version back.
          where excluded.version > ${t}.version`);
    }
  }

  /**
   * Rows for the mirror of (kind, bd) from the pages of a cold read, written by one transaction at a time per
   * (kind, bd) in this process: pages that arrive while one is written wait together and go in the next statement.
   * Each page in a transaction of its own had the pages queue on the advisory lock, each pinning a pooled
   * connection meanwhile. Resolves once `rows` are in the mirror.
   */
  const mirrorWriters = new Map<string, { rows: MirrorRow[]; next: Promise<void> | null; tail: Promise<void> }>();

  function writeMirror(kind: Kind, bd: string, rows: readonly MirrorRow[]): Promise<void> {
    const key = `${kind}|${bd}`;
    let writer = mirrorWriters.get(key);
    if (!writer) {
      writer = { rows: [], next: null, tail: Promise.resolve() };
      mirrorWriters.set(key, writer);
    }
    for (const r of rows) writer.rows.push(r);
    if (writer.next) return writer.next;
    const w = writer;
    const run = w.tail
      .catch(() => {})
      .then(async () => {
        // Rows arriving from now on go to the next statement.
        w.next = null;
        const batch = w.rows;
        w.rows = [];
        // One row per document (the newest version seen), in DocEntry order: every writer of the mirror takes
        // the rows' locks in the same order.
        const newest = new Map<number, MirrorRow>();
        for (const r of batch) {
          const seen = newest.get(r.docEntry);
          if (!seen || r.version > seen.version) newest.set(r.docEntry, r);
        }
        const unique = [...newest.values()].sort((a, b) => a.docEntry - b.docEntry);
        await db.transaction(async (tx) => {
          await lockMirror(tx as unknown as Database, kind, bd);
          await upsertMirror(tx as unknown as Database, kind, bd, unique);
        });
      })
      .finally(() => {
        if (mirrorWriters.get(key) === w && w.tail === run && w.rows.length === 0) mirrorWriters.delete(key);
      });
    w.next = run;
    w.tail = run;
    return run;
  }

  /** Serializes writes to the mirror of (kind, bd) for the rest of the transaction. */
  async function lockMirror(tx: Database, kind: Kind, bd: string) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('erp_sl_sincronizacion'), hashtext(${`${kind}|${bd}`}))`,
    );
  }

  /** Documents' keys and stamps changed since `marca` (all of them when cold). */
  async function readStamps(kind: Kind, bd: string, marca: string | undefined) {
    const fields = ["DocEntry", "DocNum", "CardCode", "DocDate", "UpdateDate", "UpdateTime", "AttachmentEntry"];
    if (kind === "factura") fields.push("U_SYS_PORTALID");
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
        portalId: kind === "factura" ? portalIdOf(d.U_SYS_PORTALID) : null,
      };
    });
    return { rows, marca: newest || "1900-01-01 00:00:00", full: false };
  }

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
      async (i) => {
        const chunk = await client.getAll<SlDocument>(
          bd,
          i < pages - 1
            ? `${base}&$top=${DOCUMENT_PAGE}&$skip=${i * DOCUMENT_PAGE}`
            : `${base}&$skip=${i * DOCUMENT_PAGE}`,
          { maxPageSize: DOCUMENT_PAGE },
        );
        // Each page's rows go to the mirror while the next pages are read. Without the watermark (written by
        // syncNow once every page is in) the mirror stays cold for everyone: a failure halfway only costs a new
        // cold read, and the rows already written are true.
        const { rows, marca } = stampRows(kind, bd, chunk, undefined);
        // Not awaited here: the next page is asked while the rows wait for the mirror (awaited below).
        const mirrored = writeMirror(kind, bd, rows);
        mirrored.catch(() => {});
        const announced = watchers[kind].size > 0 && (await announce(kind, bd, chunk));
        return { marca, kept: announced ? [] : chunk, mirrored };
      },
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

  /**
   * One page of a cold read, as portal documents, to the watchDocuments listeners; false when it could not be
   * converted (an item name or a payment term the Service Layer did not give): the list reads those documents then.
   */
  async function announce(kind: DocumentKind, bd: string, page: SlDocument[]): Promise<boolean> {
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
   * The documents a cold sync of (kind, bd) read, taken once (the list that follows is their only user), unless
   * they are older than COLD_KEEP_MS or one of the adapter's own writes came after them.
   */
  function takeCold(kind: DocumentKind, bd: string): Map<number, SlDocument> | undefined {
    const key = `${kind}|${bd}`;
    const entry = coldDocs.get(key);
    if (!entry) return undefined;
    coldDocs.delete(key);
    const age = clock().getTime() - entry.at;
    const fresh = age >= 0 && age < COLD_KEEP_MS;
    return fresh && entry.generation === (generations.get(key) ?? 0) ? entry.docs : undefined;
  }

  /**
   * Payments have no UpdateDate: new ones by DocEntry above the highest seen, plus the recent ones again for their
   * Cancelled. An older payment cancelled later is caught by a whole re-read of every payment's Cancelled once per
   * PAYMENT_FULL_MS (its time kept in erp_sl_sincronizacion as kind 'pago-completo'): SAP offers no stamp for it.
   */
  async function readPaymentStamps(bd: string, marca: string | undefined) {
    const [lastFull] = await db
      .select({ leidoEn: s.leidoEn })
      .from(s)
      .where(and(eq(s.tipo, FULL_PAYMENTS), eq(s.bd, bd)));
    const age = lastFull ? clock().getTime() - lastFull.leidoEn.getTime() : Number.POSITIVE_INFINITY;
    const full = !marca || !(age >= 0 && age < PAYMENT_FULL_MS);
    let filter = "";
    if (!full) {
      const since = new Date(clock().getTime() - PAYMENT_RECHECK_DAYS * 86_400_000).toISOString().slice(0, 10);
      filter = `&$filter=${q(`DocEntry gt ${Number(marca)} or DocDate ge ${literal(since)}`)}`;
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

  return { watchers, syncedAt, invalidate, sync, syncAll, takeCold };
}

export type MirrorSync = ReturnType<typeof createMirrorSync>;
