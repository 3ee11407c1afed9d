import type { ErpClaveDocumento, ErpEntrada, ErpPedido, ErpScope, ErpVersionDocumento } from "../types";
import type { Attachments } from "./attachments";
import { type Availability, isUnavailable } from "./availability";
import type { CatalogCache } from "./catalog-cache";
import type { CompanyCurrencies } from "./currency";
import { createDocumentConverter } from "./document-converter";
import { DOCUMENT_PAGE, FEW_BY_KEY, RANGE_KEYS } from "./limits";
import type { MirrorQueries } from "./mirror-queries";
import type { MirrorSync } from "./mirror-sync";
import { keyFilters, literal, q } from "./odata";
import { createReceiptByNumber } from "./receipt-by-number";
import { createRecentDocuments, type RecentDocuments } from "./recent-documents";
import { byBd, type DocumentKind, ENTITY, keyOf, SELECT, type SlBase, type SlDocument, versionOf } from "./wire";

/**
 * The SAP documents of these keys of `bd`: taken from what the cold sync just read when it holds them, else read by
 * key ranges.
 */
async function slDocumentsByKey(
  readChunks: MirrorQueries["readChunks"],
  kind: DocumentKind,
  bd: string,
  keys: readonly ErpClaveDocumento[],
  cold: Map<number, SlDocument> | undefined,
): Promise<SlDocument[]> {
  const found = new Map<number, SlDocument>();
  const entries: number[] = [];
  for (const k of keys) {
    const d = cold?.get(k.docEntry);
    const asked = (k as Partial<ErpVersionDocumento>).version;
    if (d && (asked === undefined || asked === versionOf(d))) found.set(k.docEntry, d);
    else entries.push(k.docEntry);
  }
  if (entries.length > 0) {
    // Ranges of at most RANGE_KEYS documents, PARALLEL at a time.
    const docs = await readChunks<SlDocument>(
      bd,
      ENTITY[kind],
      SELECT[kind],
      keyFilters("DocEntry", entries, undefined, RANGE_KEYS),
    );
    // A range filter may bring documents between the asked keys: keep exactly the asked ones.
    const wanted = new Set(entries);
    for (const d of docs) if (wanted.has(d.DocEntry)) found.set(d.DocEntry, d);
  }
  return [...found.values()];
}

/** A supplier's SAP documents of `bd` that the mirror lists: from the cold sync's read when complete, else asked. */
async function slSupplierDocuments(
  client: SlBase["client"],
  kind: DocumentKind,
  bd: string,
  cardCode: string,
  versions: readonly ErpVersionDocumento[],
  listed: Set<string>,
  cold: Map<number, SlDocument> | undefined,
): Promise<SlDocument[]> {
  const rows =
    cold && versions.every((v) => v.bd !== bd || cold.has(v.docEntry))
      ? [...cold.values()].filter((d) => d.CardCode === cardCode)
      : await client.getAll<SlDocument>(
          bd,
          `${ENTITY[kind]}?$select=${SELECT[kind]}&$filter=${q(`CardCode eq ${literal(cardCode)}`)}&$orderby=DocEntry`,
          { maxPageSize: DOCUMENT_PAGE },
        );
  // Only the mirror's documents (one added since the mirror was read waits for the next call, as in counts).
  return [...new Map(rows.filter((d) => listed.has(keyOf(bd, d.DocEntry))).map((d) => [d.DocEntry, d])).values()];
}

/**
 * Orders and receipts: converted from SAP's documents (document-converter.ts), read by key or by list, kept as last
 * read for an outage (recent-documents.ts), and one receipt by number (receipt-by-number.ts).
 */
export function createDocuments(
  deps: Pick<SlBase, "db" | "client" | "clock"> & {
    availability: Availability;
    catalog: CatalogCache;
    attachments: Attachments;
    mirror: MirrorSync;
    queries: MirrorQueries;
    currencies: CompanyCurrencies;
  },
) {
  const { client } = deps;
  const { takeCold } = deps.mirror;
  const { mirrorVersions, perBd, readChunks } = deps.queries;
  const recent: RecentDocuments = createRecentDocuments(deps);
  const { unchanged, unchangedDocuments, lastRead } = recent;
  const { toDocuments } = createDocumentConverter({ ...deps, recent });
  const { findDocumentByNum } = createReceiptByNumber({ ...deps, recent, toDocuments });

  /** Orders or receipts by key, in any order; unknown keys (and unknown company databases) are skipped. */
  async function readDocuments(kind: DocumentKind, keys: readonly ErpClaveDocumento[]) {
    if (keys.length === 0) return [];
    try {
      return await readByKey(kind, keys);
    } catch (error) {
      const known = isUnavailable(error) ? lastRead(kind, keys) : null;
      if (!known) throw error;
      return known;
    }
  }

  async function readByKey(kind: DocumentKind, keys: readonly ErpClaveDocumento[]) {
    const { hits, misses } = unchangedDocuments(kind, keys);
    if (misses.length === 0) return hits;
    const groups = byBd(misses);
    const read = await perBd(groups.keys(), async (bd) => {
      // What the cold sync just read (same version as asked, when the key says one) is not asked again.
      const cold = takeCold(kind, bd);
      const unique = await slDocumentsByKey(readChunks, kind, bd, groups.get(bd) ?? [], cold);
      return kind === "pedido" ? toDocuments("pedido", bd, unique) : toDocuments("entrada", bd, unique);
    });
    return [...hits, ...read];
  }

  /**
   * A scope's documents in list order: the mirror's keys (which define the list), then the documents. A supplier's
   * documents are read by `CardCode eq` (one paged request per company database), everyone's by key ranges.
   */
  async function listDocuments(kind: DocumentKind, scope: ErpScope) {
    const versions = await mirrorVersions(kind, scope);
    if (versions.length === 0) return [];
    try {
      return await readListed(kind, scope, versions);
    } catch (error) {
      const known = isUnavailable(error) ? lastRead(kind, versions) : null;
      if (!known) throw error;
      return known;
    }
  }

  async function readListed(kind: DocumentKind, scope: ErpScope, versions: ErpVersionDocumento[]) {
    let docs: (ErpPedido | ErpEntrada)[];
    if (scope.cardCode !== null) {
      const cardCode = scope.cardCode;
      const listed = new Set(versions.map((v) => keyOf(v.bd, v.docEntry)));
      const groups = byBd(versions);
      docs = await perBd(groups.keys(), async (bd) => {
        // Unchanged since the portal converted them: no request; a few changed: those by key.
        const { hits, misses } = unchangedDocuments(kind, groups.get(bd) ?? []);
        if (misses.length === 0) return hits;
        if (misses.length <= FEW_BY_KEY && hits.length > 0) return [...hits, ...(await readByKey(kind, misses))];
        // After a cold sync its documents answer, when they hold every listed one of this company database.
        const cold = takeCold(kind, bd);
        const unique = await slSupplierDocuments(client, kind, bd, cardCode, versions, listed, cold);
        return kind === "pedido" ? toDocuments("pedido", bd, unique) : toDocuments("entrada", bd, unique);
      });
    } else {
      docs = await readDocuments(kind, versions);
    }
    const byKey = new Map(docs.map((d) => [keyOf(d.bd, d.docEntry), d]));
    return versions.flatMap((v) => {
      const d = byKey.get(keyOf(v.bd, v.docEntry));
      return d ? [d] : [];
    });
  }

  return { toDocuments, readDocuments, listDocuments, findDocumentByNum, unchanged };
}

export type Documents = ReturnType<typeof createDocuments>;
