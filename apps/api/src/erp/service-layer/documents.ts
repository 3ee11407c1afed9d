// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import type {
  ErpClaveDocumento,
  ErpDocumentKinds,
  ErpEntrada,
  ErpLinea,
  ErpPedido,
  ErpScope,
  ErpVersionDocumento,
} from "../types";
import type { Attachments } from "./attachments";
import { type Availability, isUnavailable } from "./availability";
import type { CatalogCache } from "./catalog-cache";
import { DOCUMENT_PAGE, FEW_BY_KEY, RANGE_KEYS, RECENT_DOCUMENTS } from "./limits";
import type { MirrorQueries } from "./mirror-queries";
import type { MirrorSync } from "./mirror-sync";
import { money, quantity, unitPrice } from "./money";
import { isoDate, keyFilters, literal, q } from "./odata";
import {
  byBd,
  type Converted,
  type DocumentKind,
  ENTITY,
  keepRecent,
  keyOf,
  SELECT,
  type SlBase,
  type SlDocument,
  status,
  text,
  versionOf,
} from "./wire";

/**
 * Orders and receipts: converted from SAP's documents, read by key or by list, kept as last read for an outage,
 * and one receipt by number (the invoice form).
 */
export function createDocuments(
  deps: Pick<SlBase, "db" | "client" | "clock"> & {
    availability: Availability;
    catalog: CatalogCache;
    attachments: Attachments;
    mirror: MirrorSync;
    queries: MirrorQueries;
  },
) {
  const { db, client, clock } = deps;
  const { outages, staleReads, markStale } = deps.availability;
  const { expired, itemForeignNames, paymentTerms } = deps.catalog;
  const { attachmentFiles } = deps.attachments;
  const { sync, syncedAt, takeCold } = deps.mirror;
  const { docNums, mirrorVersions, mirrorRowByNum, perBd, readChunks } = deps.queries;
  const s = schema.erpSlSincronizacion;

  /** SAP documents (with lines) → the portal's orders or receipts; resolves item names, terms, PDFs, orders. */
  async function toDocuments(kind: "pedido", bd: string, docs: SlDocument[]): Promise<ErpPedido[]>;
  async function toDocuments(kind: "entrada", bd: string, docs: SlDocument[]): Promise<ErpEntrada[]>;
  async function toDocuments(kind: DocumentKind, bd: string, docs: SlDocument[]): Promise<(ErpPedido | ErpEntrada)[]> {
    if (docs.length === 0) return [];
    const lines = docs.flatMap((d) => d.DocumentLines ?? []);
    const [names, terms, files, orders] = await Promise.all([
      itemForeignNames(
        bd,
        lines.map((l) => text(l.ItemCode)),
      ),
      paymentTerms(
        bd,
        docs.map((d) => d.PaymentGroupCode ?? 0),
      ),
      attachmentFiles(
        bd,
        docs.flatMap((d) => (d.AttachmentEntry ? [d.AttachmentEntry] : [])),
      ),
      kind === "entrada"
        ? docNums(
            "pedido",
            bd,
            lines.flatMap((l) => (l.BaseType === 22 && l.BaseEntry ? [l.BaseEntry] : [])),
          )
        : Promise.resolve(new Map<number, number>()),
    ]);
    const converted = docs.map((d) => {
      const lineas: ErpLinea[] = [...(d.DocumentLines ?? [])]
        .sort((a, b) => a.LineNum - b.LineNum)
        .map((l) => ({
          lineNum: l.LineNum,
          itemCode: text(l.ItemCode),
          itemName: text(l.ItemDescription),
          frgnName: names.get(text(l.ItemCode)) ?? "",
          lineStatus: status(l.LineStatus),
          uomCode: text(l.UoMCode),
          quantity: quantity(l.Quantity),
          openQty: quantity(l.RemainingOpenQuantity),
          priceBefDi: unitPrice(l.UnitPrice),
          discPrcnt: quantity(l.DiscountPercent),
          lineTotal: money(l.LineTotal, text(d.DocCurrency)),
        }));
      const cur = text(d.DocCurrency);
      const header: ErpPedido = {
        bd,
        docEntry: d.DocEntry,
        docNum: d.DocNum,
        cardCode: d.CardCode,
        cardName: text(d.CardName),
        docStatus: status(d.DocumentStatus),
        docDate: isoDate(d.DocDate),
        docDueDate: isoDate(d.DocDueDate ?? d.DocDate),
        groupNum: terms.get(d.PaymentGroupCode ?? 0) ?? 0,
        mainUsage: text(d.U_B1SYS_MainUsage),
        peyMethod: text(d.PaymentMethod),
        docCur: cur,
        docRate: quantity(d.DocRate ?? 1),
        numAtCard: text(d.NumAtCard),
        comments: text(d.Comments),
        discPrcnt: quantity(d.DiscountPercent),
        discSum: money(d.TotalDiscount, cur),
        vatSum: money(d.VatSum, cur),
        wtSum: money(d.WTAmount, cur),
        docTotal: money(d.DocTotal, cur),
        pdfArchivoId: d.AttachmentEntry ? (files.get(d.AttachmentEntry) ?? null) : null,
        version: versionOf(d),
        lineas,
      };
      if (kind === "pedido") return header;
      const base = (d.DocumentLines ?? []).find((l) => l.BaseType === 22 && l.BaseEntry);
      return {
        ...header,
        pedidoDocNum: base?.BaseEntry ? (orders.get(base.BaseEntry) ?? null) : null,
        cp: text(d.AddressExtension?.BillToZipCode),
        lineas,
      } satisfies ErpEntrada;
    });
    if (kind === "entrada") remember("entrada", converted as ErpEntrada[]);
    else remember("pedido", converted as ErpPedido[]);
    return converted;
  }

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
      const found = new Map<number, SlDocument>();
      const entries: number[] = [];
      for (const k of groups.get(bd) ?? []) {
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
      const unique = [...found.values()];
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
        const rows =
          cold && versions.every((v) => v.bd !== bd || cold.has(v.docEntry))
            ? [...cold.values()].filter((d) => d.CardCode === cardCode)
            : await client.getAll<SlDocument>(
                bd,
                `${ENTITY[kind]}?$select=${SELECT[kind]}&$filter=${q(`CardCode eq ${literal(cardCode)}`)}&$orderby=DocEntry`,
                { maxPageSize: DOCUMENT_PAGE },
              );
        // Only the mirror's documents (one added since the mirror was read waits for the next call, as in counts).
        const unique = [
          ...new Map(rows.filter((d) => listed.has(keyOf(bd, d.DocEntry))).map((d) => [d.DocEntry, d])).values(),
        ];
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

  /** The receipt numbered `docNum` as last read, when the mirror still lists that version (an outage); else null. */
  async function lastReadReceipt(bd: string, docNum: number): Promise<ErpEntrada | null> {
    const row = await mirrorRowByNum("entrada", bd, docNum);
    if (!row) return null;
    if (!staleReads.has(`entrada|${bd}`)) {
      const [state] = await db
        .select({ leidoEn: s.leidoEn })
        .from(s)
        .where(and(eq(s.tipo, "entrada"), eq(s.bd, bd)));
      if (state) staleReads.set(`entrada|${bd}`, state.leidoEn);
    }
    // An invoice is checked against the receipt as the ERP has it: only the version the mirror lists will do.
    const [found] = lastRead("entrada", [row]) ?? [];
    return found && found.version === row.version ? (found as ErpEntrada) : null;
  }

  async function findDocumentByNum(kind: "entrada", bd: string, docNum: number): Promise<ErpEntrada | null> {
    const down = outages.get(bd);
    if (down && clock().getTime() < down.retryAt) {
      const known = await lastReadReceipt(bd, docNum);
      if (known) return known;
    }
    // A warm mirror (brought up to date at most FRESH_MS ago) lists the receipt's version: converted at that
    // version, it needs no request. A cold mirror is not read for one receipt.
    if (syncedAt.has(`${kind}|${bd}`)) {
      const known = await sync(kind, bd)
        .then(() => mirrorRowByNum(kind, bd, docNum))
        .then((row) => (row ? (unchangedDocuments(kind, [row]).hits[0] as ErpEntrada | undefined) : undefined))
        .catch(() => undefined);
      if (known) return known;
    }
    try {
      return await askDocumentByNum(kind, bd, docNum);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      const known = await lastReadReceipt(bd, docNum);
      if (known) return known;
      throw error;
    }
  }

  async function askDocumentByNum(kind: "entrada", bd: string, docNum: number): Promise<ErpEntrada | null> {
    const [found] = await perBd([bd], async (b) => {
      const rows = await client.getAll<SlDocument>(
        b,
        `${ENTITY[kind]}?$select=${SELECT[kind]}&$filter=${q(`DocNum eq ${docNum}`)}`,
        { maxPageSize: 0 },
      );
      return toDocuments("entrada", b, rows.slice(0, 1));
    });
    return found ?? null;
  }

  return { toDocuments, readDocuments, listDocuments, findDocumentByNum, unchanged };
}

export type Documents = ReturnType<typeof createDocuments>;
