import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";
import type { CurrencyColumns } from "./currency-columns";
import { type EntitySet, ensureAttachments, refreshStamps, rows } from "./entities";
import type { Row } from "./filter";
import { stampOf } from "./http";

/** A set's compact header rows in one company database, with the fingerprint they were read at. */
export interface Cached {
  fingerprint: string;
  rows: Row[];
  byKey: Map<string | number, Row>;
  /** The greatest erp_mock version among the rows (versioned sets). */
  maxVersion: number;
}

/** The header cache's state (header-cache.ts): the cached rows, the reloads and fingerprint queries under way. */
export interface HeaderState {
  db: Database;
  clock: () => Date;
  /** Local-currency and `…FC` columns of documents and payments (currency-columns.ts, issue 37). */
  columns: CurrencyColumns;
  cache: Map<string, Cached>;
  loading: Map<string, Promise<Cached>>;
  fingerprints: Map<string, { running?: Promise<string>; next?: Promise<string> }>;
  /** BusinessPartners have no version in erp_mock: one fixed stamp (the simulator's start day). */
  fixedStamp: string;
}

/**
 * The set's fingerprint from a query that started after this request arrived (so a change committed before it is
 * seen), shared: while one query runs, the requests arriving meanwhile wait for the NEXT one, which they all
 * share. A cold client reading a collection a dozen pages at a time thus costs two queries, not a dozen, and
 * leaves the pool's connections to the pages' lines.
 */
export function fingerprintOf(s: HeaderState, set: EntitySet, bd: string, key: string): Promise<string> {
  let state = s.fingerprints.get(key);
  if (!state) {
    state = {};
    s.fingerprints.set(key, state);
  }
  const own = state;
  const query = () => {
    const run = rows<{ f: string | null }>(s.db, set.fingerprint(bd))
      .then(([fp]) => String(fp?.f ?? ""))
      .finally(() => {
        if (own.running === run) own.running = undefined;
      });
    own.running = run;
    return run;
  };
  if (!own.running) return query();
  own.next ??= own.running
    .catch(() => {})
    .then(() => {
      own.next = undefined;
      return query();
    });
  return own.next;
}

export async function reload(s: HeaderState, set: EntitySet, bd: string, key: string, fingerprint: string) {
  const previous = s.cache.get(key);
  // A versioned set already cached reads only the rows changed since (their versions are greater).
  const since = set.versioned && previous ? previous.maxVersion : undefined;
  const loaded = await readHeaders(s, set, bd, since);
  const expectedCount = Number(fingerprint.split("|")[0]);
  if (previous && since !== undefined) {
    const merged = mergeChanged(set, previous, loaded, expectedCount);
    if (merged) return store(s, key, fingerprint, merged.rows, merged.byKey, previous.maxVersion);
    s.cache.delete(key);
    return reload(s, set, bd, key, fingerprint);
  }
  const byKey = new Map<string | number, Row>();
  for (const r of loaded) byKey.set(r[set.key.name] as string | number, r);
  return store(s, key, fingerprint, loaded, byKey, 0);
}

/** The set's header rows (those changed since version `since`, when given), their change stamps refreshed first. */
async function readHeaders(s: HeaderState, set: EntitySet, bd: string, since: number | undefined): Promise<Row[]> {
  // Whole-table joins: hash joins whatever the planner's statistics say (rows just inserted by a seed or a test
  // are not analyzed yet, and a nested loop over them takes seconds instead of milliseconds).
  return s.db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    await tx.execute(sql`set local enable_nestloop = off`);
    // The nested-loop penalty inflates costs past jit_above_cost: compiling would cost more than the query.
    await tx.execute(sql`set local jit = off`);
    if (set.kind && set.table) {
      // One refresher per kind and company database (several simulators may share the tables).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp_mock.sl_cambios|${set.kind}|${bd}`}))`);
      await tx.execute(refreshStamps(set.kind, set.table, bd, stampOf(s.clock())));
    }
    if (set.table === "pedidos" || set.table === "entradas") await tx.execute(ensureAttachments(set.table, bd));
    return (await rows(tx, set.headers(bd, s.fixedStamp, since))).map((r) =>
      s.columns.header(set, bd, set.toEntity(r)),
    );
  });
}

/** The cached rows with the changed ones merged in, in key order; undefined when rows were deleted meanwhile. */
function mergeChanged(set: EntitySet, previous: Cached, loaded: Row[], expectedCount: number) {
  const byKey = new Map(previous.byKey);
  let appended = true;
  let last = previous.rows.length > 0 ? Number(previous.rows.at(-1)?.[set.key.name]) : Number.NEGATIVE_INFINITY;
  for (const r of loaded) {
    const k = r[set.key.name] as number;
    if (!byKey.has(k)) {
      appended &&= k > last;
      last = Math.max(last, k);
    }
    byKey.set(k, r);
  }
  // Rows deleted meanwhile (the count does not add up): read everything again.
  if (byKey.size !== expectedCount) return undefined;
  const merged = appended
    ? [
        ...previous.rows.map((r) => byKey.get(r[set.key.name] as number) as Row),
        ...loaded.filter((r) => !previous.byKey.has(r[set.key.name] as number)),
      ]
    : [...byKey.values()].sort((a, b) => (a[set.key.name] as number) - (b[set.key.name] as number));
  return { rows: merged, byKey };
}

function store(
  s: HeaderState,
  key: string,
  fingerprint: string,
  list: Row[],
  byKey: Map<string | number, Row>,
  floor: number,
): Cached {
  let maxVersion = floor;
  for (const r of list) {
    const v = Number(r.$version);
    if (v > maxVersion) maxVersion = v;
  }
  const fresh: Cached = { fingerprint, rows: list, byKey, maxVersion };
  s.cache.set(key, fresh);
  return fresh;
}
