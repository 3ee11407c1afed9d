import type { Readable } from "node:stream";
import { MSG } from "@portal/contracts";
import {
  cacheRows,
  type DocumentSource,
  listAnswer,
  type RowCache,
  type RowPosition,
  type VersionedDocument,
} from "../../erp/row-cache";
import type { ErpScopeResolver } from "../../erp/scope";
import type { ErpAdapter, ErpDocumentKinds, ErpScope } from "../../erp/types";
import type { SessionUser } from "../../lib/session-user";

/**
 * One document list of ERP documents (orders, receipts): where its documents come from, how many
 * a scope holds, and how one document becomes the spec's row (without Fila and U_SYS_PMSNBD, added per answer).
 */
export interface DocumentList<D extends VersionedDocument, R extends RowPosition> extends DocumentSource<D> {
  count(scope: ErpScope): Promise<number>;
  row(doc: D): Omit<R, keyof RowPosition>;
}

/** A list's `watch` over the adapter's watchDocuments (erp/types.ts), when the adapter has one. */
export function watchedBy<K extends keyof ErpDocumentKinds>(
  erp: ErpAdapter,
  kind: K,
): Pick<DocumentSource<ErpDocumentKinds[K]>, "watch"> {
  return erp.watchDocuments ? { watch: (listener) => erp.watchDocuments!(kind, listener) } : {};
}

/** What every document-list module offers: its list call's answer and its home tile's count. */
export interface DocumentListService {
  /** The list call's answer as a stream of UTF-8 JSON (built from the row cache, erp/row-cache.ts). */
  list(user: SessionUser): Promise<Readable>;
  /** The home tile's count: always the length of the same user's list (same scope). */
  count(user: SessionUser): Promise<number>;
}

/**
 * The one shape of a document-list service. Scope comes from the session (erp/scope.ts): a supplier reads its
 * own CardCode in the sociedades it is registered with; employees read everything.
 */
export function createDocumentListService<D extends VersionedDocument, R extends RowPosition>(
  documents: DocumentList<D, R>,
  scopeFor: ErpScopeResolver,
  cache: RowCache,
): DocumentListService {
  // Documents the adapter reads on its own (a cold company database, page by page) become cached rows as they
  // arrive, so the first list call finds them ready instead of serializing tens of thousands at the end.
  documents.watch?.((docs) => cacheRows(cache, documents.kind, documents.row, docs));
  return {
    list: async (user) => listAnswer<D, R>(cache, documents, await scopeFor(user), documents.row, MSG.ok),
    count: async (user) => documents.count(await scopeFor(user)),
  };
}
