// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { type Database, schema } from "@portal/db";
import { sql } from "drizzle-orm";
import { UPSERT_BATCH } from "./limits";
import type { Kind, MirrorRow, SlBase } from "./wire";

/**
 * Writes to the mirror (erp_sl_documentos): upserts that never put an older version back, serialized per (kind, bd)
 * by an advisory lock held only for the statement's transaction.
 */
export function createMirrorWrites(deps: Pick<SlBase, "db">) {
  const { db } = deps;
  const t = schema.erpSlDocumentos;

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

  return { upsertMirror, writeMirror, lockMirror };
}

export type MirrorWrites = ReturnType<typeof createMirrorWrites>;
