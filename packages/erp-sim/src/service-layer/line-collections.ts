import type { Database } from "@portal/db";
import type { CurrencyColumns } from "./currency-columns";
import { type EntitySet, rows } from "./entities";
import type { Row } from "./filter";

/** What the line collections are read with (header-cache.ts). */
export interface LineDeps {
  db: Database;
  /** Local-currency and `…FC` columns of documents and payments (currency-columns.ts, issue 37). */
  columns: CurrencyColumns;
}

/**
 * Line collections already built, by `${set}|${bd}` then key, with the header version they belong to (every change
 * to a line gives its document a new version in erp_mock, so a version's lines never change).
 */
export type LinesCache = Map<string, Map<number, { version: unknown; json: string }>>;

/** Line collections of the page's rows, in one query. */
export async function withLines(d: LineDeps, set: EntitySet, bd: string, page: Row[]): Promise<Map<Row, Row[]>> {
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
  for (const line of await rows(d.db, set.lineRows(bd, keys))) {
    const header = byKey.get(Number(line.doc_entry));
    if (header) out.get(header)?.push(d.columns.line(set, toLine(line, header), header));
  }
  return out;
}

/** The page's line collections as JSON text by key (set.lineJson): the cached ones, the rest in one query. */
export async function withLinesJson(
  d: LineDeps,
  linesCache: LinesCache,
  set: EntitySet,
  bd: string,
  page: Row[],
): Promise<Map<number, string>> {
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
  for (const r of await rows<{ doc_entry: number; lines: string }>(d.db, set.lineJson(bd, [...versions.keys()]))) {
    const key = Number(r.doc_entry);
    const json = d.columns.linesJson(set, r.lines, byKey.get(key) ?? {});
    out.set(key, json);
    cached.set(key, { version: versions.get(key), json });
  }
  return out;
}
