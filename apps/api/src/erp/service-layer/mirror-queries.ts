// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { schema } from "@portal/db";
import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { ErpClaveDocumento, ErpScope, ErpVersionDocumento } from "../types";
import { isUnknownCompany } from "./availability";
import { DOCUMENT_PAGE, PARALLEL } from "./limits";
import type { MirrorSync } from "./mirror-sync";
import { keyFilters, mapLimit, q } from "./odata";
import { byBd, ENTITY, type Kind, type SlBase, type SlDocument } from "./wire";

const t = schema.erpSlDocumentos;

/** The scope as a WHERE clause on the mirror (kind, company databases, supplier; portal invoices only). */
function inScope(kind: Kind, scope: ErpScope): SQL {
  const parts: SQL[] = [eq(t.tipo, kind), inArray(t.bd, [...scope.bds])];
  if (scope.cardCode !== null) parts.push(eq(t.cardCode, scope.cardCode));
  if (kind === "factura") parts.push(isNotNull(t.portalId));
  return and(...parts) as SQL;
}

/** Every row matching any of `filters` (each one paged request), in parallel up to PARALLEL. */
async function readChunks<T>(
  client: SlBase["client"],
  bd: string,
  entity: string,
  select: string | null,
  filters: readonly string[],
  pageSize = DOCUMENT_PAGE,
): Promise<T[]> {
  const pages = await mapLimit(filters, PARALLEL, (filter) =>
    client.getAll<T>(bd, `${entity}?${select ? `$select=${select}&` : ""}$filter=${q(filter)}&$orderby=DocEntry`, {
      maxPageSize: pageSize,
    }),
  );
  return pages.flat();
}

/** Per company database, ignoring one the Service Layer does not know (it holds nothing). */
async function perBd<T>(warn: SlBase["warn"], bds: Iterable<string>, read: (bd: string) => Promise<T[]>): Promise<T[]> {
  const results = await Promise.all(
    [...bds].map(async (bd) => {
      try {
        return await read(bd);
      } catch (error) {
        if (isUnknownCompany(error)) {
          warn(error, `La base de datos ${bd} no existe en el Service Layer: se lee vacía.`);
          return [];
        }
        throw error;
      }
    }),
  );
  return results.flat();
}

/**
 * The mirror's row (key and version) of the document of `kind` numbered `docNum` in `bd` (of `cardCode`, when
 * given). DocNum repeats across numbering series (decision 048, F8): several rows are no answer here.
 */
async function mirrorRowByNum(
  db: SlBase["db"],
  kind: Kind,
  bd: string,
  docNum: number,
  cardCode?: string,
): Promise<ErpVersionDocumento | undefined> {
  const rows = await db
    .select({ bd: t.bd, docEntry: t.docEntry, version: t.version })
    .from(t)
    .where(
      and(
        eq(t.tipo, kind),
        eq(t.bd, bd),
        eq(t.docNum, docNum),
        cardCode === undefined ? undefined : eq(t.cardCode, cardCode),
      ),
    );
  return rows.length === 1 ? rows[0] : undefined;
}

/** The mirror's rows (key and version) of these documents of `kind`. */
async function mirrorRowsOf(
  db: SlBase["db"],
  kind: Kind,
  keys: readonly ErpClaveDocumento[],
): Promise<ErpVersionDocumento[]> {
  const out: ErpVersionDocumento[] = [];
  for (const [bd, group] of byBd(keys)) {
    out.push(
      ...(await db
        .select({ bd: t.bd, docEntry: t.docEntry, version: t.version })
        .from(t)
        .where(
          and(
            eq(t.tipo, kind),
            eq(t.bd, bd),
            inArray(
              t.docEntry,
              group.map((k) => k.docEntry),
            ),
          ),
        )),
    );
  }
  return out;
}

/** What the mirror answers with SQL (scopes, versions, counts, fingerprints, numbers), and chunked reads by key. */
export function createMirrorQueries(deps: Pick<SlBase, "db" | "client" | "warn"> & Pick<MirrorSync, "syncAll">) {
  const { db, client, warn, syncAll } = deps;

  /**
   * Keys and versions in list order: newest first, then company database (code point order), then DocNum desc, then
   * DocEntry desc — DocNum repeats across numbering series (decision 051), so only DocEntry makes the order total.
   */
  async function mirrorVersions(kind: Kind, scope: ErpScope): Promise<ErpVersionDocumento[]> {
    if (scope.bds.length === 0) return [];
    await syncAll(kind, scope.bds);
    return db
      .select({ bd: t.bd, docEntry: t.docEntry, version: t.version })
      .from(t)
      .where(inScope(kind, scope))
      .orderBy(sql`${t.docDate} desc, ${t.bd} collate "C", ${t.docNum} desc, ${t.docEntry} desc`);
  }

  async function mirrorCount(kind: Kind, scope: ErpScope): Promise<number> {
    if (scope.bds.length === 0) return 0;
    await syncAll(kind, scope.bds);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(inScope(kind, scope));
    return row?.n ?? 0;
  }

  /** Count plus a hash of every key and version: changes whenever a document of the scope appears or changes. */
  async function mirrorFingerprint(kind: Kind, scope: ErpScope): Promise<string> {
    if (scope.bds.length === 0) return "0";
    await syncAll(kind, scope.bds);
    const [row] = await db
      .select({
        fingerprint: sql<string>`concat_ws(':', count(*), coalesce(md5(string_agg(${t.bd} || '/' || ${t.docEntry} || '/' || ${t.version}, ',' order by ${t.bd}, ${t.docEntry})), '0'))`,
      })
      .from(t)
      .where(inScope(kind, scope));
    return row?.fingerprint ?? "0";
  }

  /** DocEntry → DocNum of documents of `kind` in `bd`: the mirror first, the Service Layer for what it lacks. */
  async function docNums(kind: Kind, bd: string, entries: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (entries.length === 0) return out;
    const unique = [...new Set(entries)];
    const rows = await db
      .select({ docEntry: t.docEntry, docNum: t.docNum })
      .from(t)
      .where(and(eq(t.tipo, kind), eq(t.bd, bd), inArray(t.docEntry, unique)));
    for (const r of rows) out.set(r.docEntry, r.docNum);
    const missing = unique.filter((e) => !out.has(e));
    if (missing.length > 0) {
      const found = await readChunks<SlDocument>(
        client,
        bd,
        ENTITY[kind],
        "DocEntry,DocNum",
        keyFilters("DocEntry", missing),
      );
      for (const d of found) out.set(d.DocEntry, d.DocNum);
    }
    return out;
  }

  return {
    inScope,
    mirrorVersions,
    mirrorCount,
    mirrorFingerprint,
    docNums,
    readChunks: <T>(bd: string, entity: string, select: string | null, filters: readonly string[], pageSize?: number) =>
      readChunks<T>(client, bd, entity, select, filters, pageSize),
    perBd: <T>(bds: Iterable<string>, read: (bd: string) => Promise<T[]>) => perBd<T>(warn, bds, read),
    mirrorRowByNum: (kind: Kind, bd: string, docNum: number, cardCode?: string) =>
      mirrorRowByNum(db, kind, bd, docNum, cardCode),
    mirrorRowsOf: (kind: Kind, keys: readonly ErpClaveDocumento[]) => mirrorRowsOf(db, kind, keys),
  };
}

export type MirrorQueries = ReturnType<typeof createMirrorQueries>;
