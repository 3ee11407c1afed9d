import type { Database } from "@portal/db";
import type { Catalog } from "./catalog";
import type { CurrencyColumns } from "./currency-columns";
import type { EntitySet } from "./entities";
import type { Row } from "./filter";
import { type Cached, fingerprintOf, type HeaderState, reload } from "./header-reload";
import { NOT_FOUND, parseKey, SapFailure } from "./http";
import { type LinesCache, withLines, withLinesJson } from "./line-collections";

export type { Cached } from "./header-reload";

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
 * header version). The fingerprint and the reload are in header-reload.ts, the line collections in
 * line-collections.ts.
 */
export function createHeaderCache(deps: HeaderCacheDeps) {
  const { db, catalog, columns } = deps;
  const state: HeaderState = {
    db,
    clock: deps.clock,
    columns,
    cache: new Map(),
    loading: new Map(),
    fingerprints: new Map(),
    // BusinessPartners have no version in erp_mock: one fixed stamp (the simulator's start day).
    fixedStamp: `${deps.clock().toISOString().slice(0, 10)} 00:00:00`,
  };
  const linesCache: LinesCache = new Map();
  return {
    headersOf: (set: EntitySet, bd: string) => headersOf(state, catalog, set, bd),
    findByKey: (set: EntitySet, data: Cached, keyText: string) => findByKey(catalog, set, data, keyText),
    withLines: (set: EntitySet, bd: string, page: Row[]) => withLines({ db, columns }, set, bd, page),
    withLinesJson: (set: EntitySet, bd: string, page: Row[]) =>
      withLinesJson({ db, columns }, linesCache, set, bd, page),
  };
}

export type HeaderCache = ReturnType<typeof createHeaderCache>;

/** The headers of a set in a company database, fresh (stamps refreshed, cache checked against the fingerprint). */
async function headersOf(
  s: HeaderState,
  catalog: HeaderCacheDeps["catalog"],
  set: EntitySet,
  bd: string,
): Promise<Cached> {
  const { drafts, draftSet, userFields, userFieldSet } = catalog;
  if (set === draftSet || set === userFieldSet) {
    const list = set === draftSet ? (drafts.get(bd) ?? []) : (userFields as unknown as Row[]);
    return { fingerprint: "", rows: list, byKey: new Map(), maxVersion: 0 };
  }
  const key = `${set.name}|${bd}`;
  const fingerprint = await fingerprintOf(s, set, bd, key);
  const cached = s.cache.get(key);
  if (cached && cached.fingerprint === fingerprint) return cached;
  // Concurrent requests that find the same change share one reload.
  const loadKey = `${key}|${fingerprint}`;
  const pending = s.loading.get(loadKey);
  if (pending) return pending;
  const load = reload(s, set, bd, key, fingerprint).finally(() => s.loading.delete(loadKey));
  s.loading.set(loadKey, load);
  return load;
}

function findByKey(catalog: HeaderCacheDeps["catalog"], set: EntitySet, data: Cached, keyText: string): Row {
  const { draftSet, userFieldSet } = catalog;
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
