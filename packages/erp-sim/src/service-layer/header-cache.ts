import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";
import type { Catalog } from "./catalog";
import type { CurrencyColumns } from "./currency-columns";
import { type EntitySet, ensureAttachments, refreshStamps, rows } from "./entities";
import type { Row } from "./filter";
import { NOT_FOUND, parseKey, SapFailure, stampOf } from "./http";

/** A set's compact header rows in one company database, with the fingerprint they were read at. */
export interface Cached {
  fingerprint: string;
  rows: Row[];
  byKey: Map<string | number, Row>;
  /** The greatest erp_mock version among the rows (versioned sets). */
  maxVersion: number;
}

export interface HeaderCacheDeps {
  db: Database;
  clock: () => Date;
  catalog: Pick<Catalog, "drafts" | "draftSet" | "userFields" | "userFieldSet">;
  /** Local-currency and `…FC` columns of documents and payments (currency-columns.ts, issue 37). */
  columns: CurrencyColumns;
}

/**
 * Compact header rows cached per entity set and company database, invalidated by a fingerprint query
 * (count + max(version)), and the line collections of the rows of a page (as objects, or as JSON text cached by
 * header version).
 */
export function createHeaderCache(deps: HeaderCacheDeps) {
  const { db, catalog, columns } = deps;
  const { drafts, draftSet, userFields, userFieldSet } = catalog;
  const cache = new Map<string, Cached>();
  const loading = new Map<string, Promise<Cached>>();
  const fingerprints = new Map<string, { running?: Promise<string>; next?: Promise<string> }>();
  // BusinessPartners have no version in erp_mock: one fixed stamp (the simulator's start day).
  const fixedStamp = `${deps.clock().toISOString().slice(0, 10)} 00:00:00`;

  /** The headers of a set in a company database, fresh (stamps refreshed, cache checked against the fingerprint). */
  async function headersOf(set: EntitySet, bd: string): Promise<Cached> {
    if (set === draftSet || set === userFieldSet) {
      const list = set === draftSet ? (drafts.get(bd) ?? []) : (userFields as unknown as Row[]);
      return { fingerprint: "", rows: list, byKey: new Map(), maxVersion: 0 };
    }
    const key = `${set.name}|${bd}`;
    const fingerprint = await fingerprintOf(set, bd, key);
    const cached = cache.get(key);
    if (cached && cached.fingerprint === fingerprint) return cached;
    // Concurrent requests that find the same change share one reload.
    const loadKey = `${key}|${fingerprint}`;
    const pending = loading.get(loadKey);
    if (pending) return pending;
    const load = reload(set, bd, key, fingerprint).finally(() => loading.delete(loadKey));
    loading.set(loadKey, load);
    return load;
  }

  /**
   * The set's fingerprint from a query that started after this request arrived (so a change committed before it is
   * seen), shared: while one query runs, the requests arriving meanwhile wait for the NEXT one, which they all
   * share. A cold client reading a collection a dozen pages at a time thus costs two queries, not a dozen, and
   * leaves the pool's connections to the pages' lines.
   */
  function fingerprintOf(set: EntitySet, bd: string, key: string): Promise<string> {
    let state = fingerprints.get(key);
    if (!state) {
      state = {};
      fingerprints.set(key, state);
    }
    const own = state;
    const query = () => {
      const run = rows<{ f: string | null }>(db, set.fingerprint(bd))
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

  async function reload(set: EntitySet, bd: string, key: string, fingerprint: string): Promise<Cached> {
    const previous = cache.get(key);
    // A versioned set already cached reads only the rows changed since (their versions are greater).
    const since = set.versioned && previous ? previous.maxVersion : undefined;
    // Whole-table joins: hash joins whatever the planner's statistics say (rows just inserted by a seed or a test
    // are not analyzed yet, and a nested loop over them takes seconds instead of milliseconds).
    const loaded = await db.transaction(async (txx) => {
      const tx = txx as unknown as Database;
      await tx.execute(sql`set local enable_nestloop = off`);
      // The nested-loop penalty inflates costs past jit_above_cost: compiling would cost more than the query.
      await tx.execute(sql`set local jit = off`);
      if (set.kind && set.table) {
        // One refresher per kind and company database (several simulators may share the tables).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp_mock.sl_cambios|${set.kind}|${bd}`}))`);
        await tx.execute(refreshStamps(set.kind, set.table, bd, stampOf(deps.clock())));
      }
      if (set.table === "pedidos" || set.table === "entradas") await tx.execute(ensureAttachments(set.table, bd));
      return (await rows(tx, set.headers(bd, fixedStamp, since))).map((r) => columns.header(set, bd, set.toEntity(r)));
    });
    const expectedCount = Number(fingerprint.split("|")[0]);
    if (previous && since !== undefined) {
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
      if (byKey.size === expectedCount) {
        const merged = appended
          ? [
              ...previous.rows.map((r) => byKey.get(r[set.key.name] as number) as Row),
              ...loaded.filter((r) => !previous.byKey.has(r[set.key.name] as number)),
            ]
          : [...byKey.values()].sort((a, b) => (a[set.key.name] as number) - (b[set.key.name] as number));
        return store(key, fingerprint, merged, byKey, previous.maxVersion);
      }
      cache.delete(key);
      return reload(set, bd, key, fingerprint);
    }
    const byKey = new Map<string | number, Row>();
    for (const r of loaded) byKey.set(r[set.key.name] as string | number, r);
    return store(key, fingerprint, loaded, byKey, 0);
  }

  function store(key: string, fingerprint: string, list: Row[], byKey: Map<string | number, Row>, floor: number) {
    let maxVersion = floor;
    for (const r of list) {
      const v = Number(r.$version);
      if (v > maxVersion) maxVersion = v;
    }
    const fresh: Cached = { fingerprint, rows: list, byKey, maxVersion };
    cache.set(key, fresh);
    return fresh;
  }

  function findByKey(set: EntitySet, data: Cached, keyText: string): Row {
    const key = parseKey(keyText);
    const raw = key?.get(set.key.name) ?? key?.get("#0");
    if (raw === undefined) throw new SapFailure(400, -1000, `Invalid key '${keyText}' of '${set.type}'`);
    const value = set.key.kind === "int" ? Number(raw) : String(raw);
    const found =
      data.byKey.get(value) ??
      (set === draftSet || set === userFieldSet
        ? data.rows.find((r) => {
            if (set === userFieldSet) return r.TableName === key?.get("TableName") && r.FieldID === value;
            return r.DocEntry === value;
          })
        : undefined);
    if (!found) throw new SapFailure(404, -2028, NOT_FOUND);
    return found;
  }

  /** Line collections of the page's rows, in one query. */
  async function withLines(set: EntitySet, bd: string, page: Row[]): Promise<Map<Row, Row[]>> {
    const out = new Map<Row, Row[]>();
    if (!set.lines || page.length === 0) return out;
    if (!set.lineRows || !set.toLine) {
      for (const r of page) out.set(r, (r[set.lines] as Row[] | undefined) ?? []);
      return out;
    }
    const keys = page.map((r) => Number(r[set.key.name]));
    const byKey = new Map(page.map((r) => [Number(r[set.key.name]), r]));
    for (const r of page) out.set(r, []);
    const toLine = set.toLine;
    for (const line of await rows(db, set.lineRows(bd, keys))) {
      const header = byKey.get(Number(line.doc_entry));
      if (header) out.get(header)?.push(columns.line(set, toLine(line, header), header));
    }
    return out;
  }

  /**
   * Line collections already built, by `${set}|${bd}` then key, with the header version they belong to (every change
   * to a line gives its document a new version in erp_mock, so a version's lines never change).
   */
  const linesCache = new Map<string, Map<number, { version: unknown; json: string }>>();

  /** The page's line collections as JSON text by key (set.lineJson): the cached ones, the rest in one query. */
  async function withLinesJson(set: EntitySet, bd: string, page: Row[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (!set.lineJson || page.length === 0) return out;
    const cacheKey = `${set.name}|${bd}`;
    let cached = linesCache.get(cacheKey);
    if (!cached) {
      cached = new Map();
      linesCache.set(cacheKey, cached);
    }
    const versions = new Map<number, unknown>();
    for (const r of page) {
      const key = Number(r[set.key.name]);
      const hit = cached.get(key);
      if (hit && hit.version === r.$version) out.set(key, hit.json);
      else versions.set(key, r.$version);
    }
    if (versions.size === 0) return out;
    const byKey = new Map(page.map((r) => [Number(r[set.key.name]), r]));
    for (const r of await rows<{ doc_entry: number; lines: string }>(db, set.lineJson(bd, [...versions.keys()]))) {
      const key = Number(r.doc_entry);
      const json = columns.linesJson(set, r.lines, byKey.get(key) ?? {});
      out.set(key, json);
      cached.set(key, { version: versions.get(key), json });
    }
    return out;
  }

  return { headersOf, findByKey, withLines, withLinesJson };
}

export type HeaderCache = ReturnType<typeof createHeaderCache>;
