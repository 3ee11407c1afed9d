// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { type Database, schema } from "@portal/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Attachments } from "./attachments";
import { type Availability, isUnavailable, isUnknownCompany } from "./availability";
import type { CatalogCache } from "./catalog-cache";
import { COLD_KEEP_MS, FRESH_MS, FULL_PAYMENTS, OUTAGE_RETRY_MS } from "./limits";
import { createMirrorReads, type MirrorReads } from "./mirror-reads";
import { createMirrorWrites, type MirrorWrites } from "./mirror-writes";
import {
  type DocumentConverter,
  type DocumentKind,
  type Kind,
  type MirrorRow,
  type SlBase,
  type SlDocument,
  text,
} from "./wire";

const s = schema.erpSlSincronizacion;

/** What one incremental read of the mirror needs: the adapter's parts and the availability's shared state. */
type SyncDeps = Pick<SlBase, "db" | "clock" | "warn"> &
  Pick<Availability, "outages" | "staleReads"> &
  Pick<CatalogCache, "itemForeignNames"> &
  Pick<Attachments, "attachmentFiles"> &
  Pick<MirrorWrites, "upsertMirror" | "lockMirror"> &
  Pick<MirrorReads, "coldDocs" | "readStamps" | "readColdDocuments" | "readPaymentStamps">;

/** The per-process state of the sync that its helpers read (created once, in createMirrorSync). */
interface SyncState {
  coldDocs: MirrorReads["coldDocs"];
  generations: Map<string, number>;
}

/** Forgets that (kind, bd) is fresh, here and for the other processes (after the adapter's own writes). */
async function invalidate(db: SlBase["db"], state: SyncState, bd: string, kinds: Kind[]) {
  const { coldDocs, generations } = state;
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
async function syncNow(deps: SyncDeps, kind: Kind, bd: string, force: boolean, generation: number): Promise<void> {
  const { db, clock, warn, outages, staleReads, coldDocs, readStamps, readColdDocuments, readPaymentStamps } = deps;
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
    const prefetch = cold ? prefetchCold(deps, bd, cold.docs) : undefined;
    await commitRead(deps, kind, bd, unique, { marca, full, now });
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

/** The list's item names and PDF ids of a cold read's documents (a failure is left to the list, which asks again). */
function prefetchCold(deps: SyncDeps, bd: string, docs: Map<number, SlDocument>) {
  return Promise.all([
    deps.itemForeignNames(
      bd,
      [...docs.values()].flatMap((d) => (d.DocumentLines ?? []).map((l) => text(l.ItemCode))),
    ),
    deps.attachmentFiles(
      bd,
      [...docs.values()].flatMap((d) => (d.AttachmentEntry ? [d.AttachmentEntry] : [])),
    ),
  ]).catch(() => undefined);
}

/** The rows of one read, its watermark and its time, written under the mirror's advisory lock. */
async function commitRead(
  deps: SyncDeps,
  kind: Kind,
  bd: string,
  unique: MirrorRow[],
  read: { marca: string; full: boolean; now: Date },
): Promise<void> {
  const { db, lockMirror, upsertMirror } = deps;
  const { marca, full, now } = read;
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
}

/**
 * The documents a cold sync of (kind, bd) read, taken once (the list that follows is their only user), unless
 * they are older than COLD_KEEP_MS or one of the adapter's own writes came after them.
 */
function takeCold(
  state: SyncState & Pick<SlBase, "clock">,
  kind: DocumentKind,
  bd: string,
): Map<number, SlDocument> | undefined {
  const { coldDocs, generations, clock } = state;
  const key = `${kind}|${bd}`;
  const entry = coldDocs.get(key);
  if (!entry) return undefined;
  coldDocs.delete(key);
  const age = clock().getTime() - entry.at;
  const fresh = age >= 0 && age < COLD_KEEP_MS;
  return fresh && entry.generation === (generations.get(key) ?? 0) ? entry.docs : undefined;
}

/** What syncNow uses, taken from the adapter's parts (the availability's Maps by reference: one state, shared). */
function syncDepsOf(
  deps: SlBase & { availability: Availability; catalog: CatalogCache; attachments: Attachments },
  writes: MirrorWrites,
  reads: MirrorReads,
): SyncDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    warn: deps.warn,
    outages: deps.availability.outages,
    staleReads: deps.availability.staleReads,
    itemForeignNames: deps.catalog.itemForeignNames,
    attachmentFiles: deps.attachments.attachmentFiles,
    upsertMirror: writes.upsertMirror,
    lockMirror: writes.lockMirror,
    coldDocs: reads.coldDocs,
    readStamps: reads.readStamps,
    readColdDocuments: reads.readColdDocuments,
    readPaymentStamps: reads.readPaymentStamps,
  };
}

/**
 * The mirror of keys and stamps in PostgreSQL (erp_sl_documentos / erp_sl_sincronizacion) brought up to date: one
 * incremental read per (kind, company database) claimed across processes, freshness per process, outages. What is
 * read is in mirror-reads.ts, how it is written in mirror-writes.ts.
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
  const { db, clock } = deps;
  const { staleReads, markStale } = deps.availability;
  const writes = createMirrorWrites({ db });
  const reads = createMirrorReads({
    ...deps,
    writes: { writeMirror: writes.writeMirror },
  });
  const { watchers, coldDocs } = reads;
  const syncDeps = syncDepsOf(deps, writes, reads);

  /**
   * In-process state per (kind, bd): the sync under way, when one last completed (clock ms), and a generation that
   * the adapter's own writes bump. A sync that started before a write may finish after it: it does not count as
   * fresh for the new generation, and the next sync skips the shared freshness check (another process's read may
   * predate the write too) so that a write is always visible to the reads that follow it.
   */
  const syncing = new Map<string, { generation: number; run: Promise<void> }>();
  const syncedAt = new Map<string, { generation: number; at: number }>();
  const generations = new Map<string, number>();
  const state: SyncState = { coldDocs, generations };

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
      .then(() => syncNow(syncDeps, kind, bd, force, generation))
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

  return {
    watchers,
    syncedAt,
    invalidate: (bd: string, kinds: Kind[]) => invalidate(db, state, bd, kinds),
    sync,
    syncAll,
    takeCold: (kind: DocumentKind, bd: string) => takeCold({ ...state, clock }, kind, bd),
  };
}

export type MirrorSync = ReturnType<typeof createMirrorSync>;
