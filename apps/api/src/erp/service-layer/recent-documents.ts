import type { ErpClaveDocumento, ErpDocumentKinds, ErpEntrada, ErpPedido, ErpVersionDocumento } from "../types";
import type { Availability } from "./availability";
import type { CatalogCache } from "./catalog-cache";
import { RECENT_DOCUMENTS } from "./limits";
import { type Converted, type DocumentKind, keepRecent, type SlBase } from "./wire";

/**
 * Orders and receipts converted lately, kept per kind for an outage and for the reads that find them unchanged (same
 * version): no Service Layer request for those.
 */
export function createRecentDocuments(
  deps: Pick<SlBase, "clock"> & {
    availability: Pick<Availability, "staleReads" | "markStale">;
    catalog: Pick<CatalogCache, "expired">;
  },
) {
  const { clock } = deps;
  const { staleReads, markStale } = deps.availability;
  const { expired } = deps.catalog;

  /**
   * Orders and receipts converted lately, by `${bd}|${docEntry}` (most recent last, at most RECENT_DOCUMENTS per
   * kind): while the Service Layer is down, a supplier's lists, the invoice form and postFactura are answered with
   * what the portal last read, for the documents whose version the mirror still lists.
   */
  const recent: { [K in DocumentKind]: Map<string, Converted<ErpDocumentKinds[K]>> } = {
    pedido: new Map(),
    entrada: new Map(),
  };
  function remember<K extends DocumentKind>(kind: K, docs: readonly ErpDocumentKinds[K][]) {
    const kept = recent[kind] as Map<string, Converted<ErpDocumentKinds[K]>>;
    const at = clock().getTime();
    for (const d of docs) keepRecent(kept, `${d.bd}|${d.docEntry}`, { doc: d, at }, RECENT_DOCUMENTS);
  }

  /**
   * Splits `keys` into what `kept` holds converted at exactly the version the key asks (`versionIn` of the converted
   * value; a document's version changes with any change, header or lines; a payment's is its Cancelled), which
   * needs no Service Layer request, and the rest. A conversion older than CATALOG_TTL_MS is not reused: item names,
   * credit days and the paid invoices' folios are not part of a version.
   */
  function unchanged<D>(
    kept: Map<string, Converted<D>>,
    keys: readonly ErpClaveDocumento[],
    versionIn: (converted: D) => string,
  ) {
    const hits: D[] = [];
    const misses: ErpClaveDocumento[] = [];
    for (const k of keys) {
      const asked = (k as Partial<ErpVersionDocumento>).version;
      const c = kept.get(`${k.bd}|${k.docEntry}`);
      if (c && asked !== undefined && versionIn(c.doc) === asked && !expired(c)) hits.push(c.doc);
      else misses.push(k);
    }
    return { hits, misses };
  }
  const unchangedDocuments = (kind: DocumentKind, keys: readonly ErpClaveDocumento[]) =>
    unchanged(recent[kind] as Map<string, Converted<ErpPedido | ErpEntrada>>, keys, (d) => d.version);

  /**
   * `versions` as last read, when every one is still at hand (an outage); else null. Marks the request stale. A
   * document changed since the portal read it answers as it was then: what the portal last had, marked as such.
   */
  function lastRead(kind: DocumentKind, versions: readonly ErpClaveDocumento[]) {
    const kept = recent[kind] as Map<string, Converted<ErpPedido | ErpEntrada>>;
    const docs: (ErpPedido | ErpEntrada)[] = [];
    for (const v of versions) {
      const c = kept.get(`${v.bd}|${v.docEntry}`);
      if (!c) return null;
      docs.push(c.doc);
    }
    for (const bd of new Set(versions.map((v) => v.bd))) {
      const readAt = staleReads.get(`${kind}|${bd}`);
      if (readAt) markStale(readAt);
    }
    return docs;
  }

  return { remember, unchanged, unchangedDocuments, lastRead };
}

export type RecentDocuments = ReturnType<typeof createRecentDocuments>;
