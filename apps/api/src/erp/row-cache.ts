import { Readable } from "node:stream";
import { successJsonHead } from "../lib/send-json";
import type { PortalErpScope } from "./scope";
import type { ErpClaveDocumento, ErpScope, ErpVersionDocumento } from "./types";

/**
 * Serialized list rows of purchasing documents, kept per document version (decision 007).
 *
 * An employee's order list is tens of thousands of documents with their lines (~68 MB of JSON for 40,000
 * orders); reading and serializing all of it on every call takes ~2 s. Each document's row, except the two
 * fields that depend on the answer (Fila, its position, and U_SYS_PMSNBD, the sociedad's current name), is
 * JSON that only changes when the document changes, so it is cached under (kind, bd, DocEntry, version) and
 * a call reads from the ERP only the keys and versions of its scope plus the documents whose version is new.
 * Nothing stale is ever served: a changed document has a new version and is read again.
 *
 * Memory is bounded by `maxBytes` (the rows' UTF-8 bytes): past it, the oldest entries are dropped until a
 * quarter of the budget is free. 0 turns the cache off (every call reads and serializes every document).
 */
export interface RowCache {
  get(key: string, version: string): Buffer | undefined;
  set(key: string, version: string, json: Buffer): void;
  /**
   * Runs `work` once for concurrent callers with the same key: a caller arriving while it runs gets the
   * same promise. Nothing is kept once it settles.
   */
  shared(key: string, work: () => Promise<void>): Promise<void>;
  /** Bytes held. */
  readonly bytes: number;
  readonly size: number;
}

/**
 * Entries are UTF-8 Buffers: they live outside the JavaScript heap (a cache of 150 MB of strings made every
 * garbage collection slower) and are copied as they are into the answer, with no encoding per call.
 */
export function createRowCache(maxBytes: number): RowCache {
  const entries = new Map<string, { version: string; json: Buffer }>();
  const flights = new Map<string, Promise<void>>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.json.length;
    entries.delete(key);
  };
  return {
    get(key, version) {
      const entry = entries.get(key);
      return entry?.version === version ? entry.json : undefined;
    },
    set(key, version, json) {
      if (maxBytes <= 0 || json.length > maxBytes) return;
      drop(key);
      entries.set(key, { version, json });
      bytes += json.length;
      if (bytes > maxBytes) {
        // Map iteration follows insertion order: the oldest entries go first.
        for (const oldest of entries.keys()) {
          if (bytes <= maxBytes * 0.75) break;
          drop(oldest);
        }
      }
    },
    shared(key, work) {
      const running = flights.get(key);
      if (running) return running;
      const flight = work();
      flights.set(key, flight);
      const done = () => flights.delete(key);
      flight.then(done, done);
      return flight;
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return entries.size;
    },
  };
}

/** A document the cache can key: its company database, DocEntry and change stamp. */
export type VersionedDocument = ErpVersionDocumento;

/** Where a list's documents come from (one ErpAdapter list, e.g. orders). */
export interface DocumentSource<D extends VersionedDocument> {
  /** Cache key prefix, distinct per document kind ("pedido", "entrada"). */
  kind: string;
  versions(scope: ErpScope): Promise<ErpVersionDocumento[]>;
  readAll(scope: ErpScope): Promise<D[]>;
  read(keys: readonly ErpClaveDocumento[]): Promise<D[]>;
  /** Optional: documents the source read on its own (ErpAdapter.watchDocuments), for the cache to keep. */
  watch?(listener: (docs: D[]) => void): () => void;
}

const rowKey = (kind: string, bd: string, docEntry: number) => `${kind}\u0000${bd}\u0000${docEntry}`;

/**
 * Serializes `docs` into `cache` under their versions; the serialized rows by cache key. A row is everything but its
 * opening brace and the position fields (added per answer): `{"CardName":…}` -> `"CardName":…}`.
 */
export function cacheRows<D extends VersionedDocument>(
  cache: RowCache,
  kind: string,
  body: (doc: D) => unknown,
  docs: readonly D[],
): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const doc of docs) {
    const json = Buffer.from(JSON.stringify(body(doc)).slice(1));
    const key = rowKey(kind, doc.bd, doc.docEntry);
    cache.set(key, doc.version, json);
    out.set(key, json);
  }
  return out;
}

/** The row fields that depend on the answer rather than on the document. */
export interface RowPosition {
  Fila: number;
  U_SYS_PMSNBD: string;
}

/**
 * Size of the answer's chunks. Brotli at the API's low quality (1) compresses each chunk it is given as a block of
 * its own, so larger chunks compress better: the 40,000-row employee order list is 8.22 MB on the wire with 256 KiB
 * chunks and 7.49 MB with 1 MiB, at the same CPU (issue 16, decision 017). A request holds one chunk at a time.
 */
export const ANSWER_CHUNK_BYTES = 1024 * 1024;

/**
 * The spec's success answer (`{"status":"success","message":…,"data":[rows]}`) as a stream of UTF-8 JSON,
 * rows in the adapter's list order, each `{"Fila":n,"U_SYS_PMSNBD":"…",…document…}`. `body` builds everything
 * else of a row from the document (typed against the contract's row). When more than half the documents are new to
 * the cache (first call, a mass change) the whole scope is read at once, which is faster than reading that
 * many keys; otherwise only the new versions are read.
 */
export async function listAnswer<D extends VersionedDocument, R extends RowPosition>(
  cache: RowCache,
  source: DocumentSource<D>,
  scope: PortalErpScope,
  body: (doc: D) => Omit<R, keyof RowPosition>,
  message: string,
  chunkBytes = ANSWER_CHUNK_BYTES,
): Promise<Readable> {
  const versions = await source.versions(scope);
  const keyOf = (bd: string, docEntry: number) => rowKey(source.kind, bd, docEntry);
  const bodies: (Buffer | undefined)[] = new Array(versions.length);
  let missing: ErpVersionDocumento[] = [];
  const lookUp = () => {
    missing = [];
    versions.forEach((v, i) => {
      bodies[i] ??= cache.get(keyOf(v.bd, v.docEntry), v.version);
      if (bodies[i] === undefined) missing.push(v);
    });
  };
  const readMissing = async () => {
    const docs = missing.length * 2 > versions.length ? await source.readAll(scope) : await source.read(missing);
    return cacheRows(cache, source.kind, body, docs);
  };

  const fill = (read: Map<string, Buffer>) =>
    versions.forEach((v, i) => {
      bodies[i] ??= read.get(keyOf(v.bd, v.docEntry));
    });

  lookUp();
  if (missing.length > 0) {
    // Concurrent calls of the same scope (several employees after a restart) wait for one read instead of
    // each reading everything. The caller that reads uses what it read; the others take the cache's entries,
    // which match their versions or are missed and read again (a version newer than the shared read).
    const flightKey = `${source.kind}\u0000${scope.cardCode ?? ""}\u0000${scope.bds.join("\u0000")}`;
    let own: Map<string, Buffer> | undefined;
    await cache.shared(flightKey, async () => {
      own = await readMissing();
    });
    if (own) fill(own);
    else {
      lookUp();
      if (missing.length > 0) fill(await readMissing());
    }
  }

  // `,"U_SYS_PMSNBD":"name",` per company database, encoded once.
  const nombres = new Map<string, Buffer>();
  const filas: Fila[] = [];
  versions.forEach((v, i) => {
    const json = bodies[i];
    // A document deleted between the two reads is left out; Fila stays consecutive.
    if (json === undefined) return;
    let nombre = nombres.get(v.bd);
    if (nombre === undefined) {
      nombre = Buffer.from(`,"U_SYS_PMSNBD":${JSON.stringify(scope.sociedadNombre(v.bd))},`);
      nombres.set(v.bd, nombre);
    }
    filas.push({ body: json, nombre });
  });
  const head = Buffer.from(`${successJsonHead(message)}[`);
  return Readable.from(answerChunks(head, filas, chunkBytes), { objectMode: false });
}

interface Fila {
  body: Buffer;
  nombre: Buffer;
}

const FILA = Buffer.from('{"Fila":');
const COMMA = 0x2c;
const TAIL = Buffer.from("]}");

/**
 * The answer in chunks of about `chunkBytes`, made as the socket takes them: the first bytes leave once the
 * versions are read, the client parses while the rest is copied, and a request holds one chunk rather than
 * the whole 70 MB. Everything the answer needs is in memory before the first chunk, so it cannot fail halfway.
 * Byte stores and TypedArray#set, not Buffer#write/#copy (which cross into C++ on every call).
 */
function* answerChunks(head: Buffer, filas: readonly Fila[], chunkBytes: number): Generator<Buffer> {
  let chunk = Buffer.allocUnsafe(Math.max(chunkBytes, head.length));
  chunk.set(head, 0);
  let offset = head.length;
  for (let i = 0; i < filas.length; i++) {
    const { body, nombre } = filas[i] as Fila;
    const n = String(i + 1);
    const size = 1 + FILA.length + n.length + nombre.length + body.length;
    if (offset + size > chunk.length) {
      yield chunk.subarray(0, offset);
      chunk = Buffer.allocUnsafe(Math.max(chunkBytes, size));
      offset = 0;
    }
    if (i > 0) chunk[offset++] = COMMA;
    chunk.set(FILA, offset);
    offset += FILA.length;
    for (let d = 0; d < n.length; d++) chunk[offset++] = n.charCodeAt(d);
    chunk.set(nombre, offset);
    offset += nombre.length;
    chunk.set(body, offset);
    offset += body.length;
  }
  if (offset + TAIL.length > chunk.length) {
    yield chunk.subarray(0, offset);
    chunk = Buffer.allocUnsafe(TAIL.length);
    offset = 0;
  }
  chunk.set(TAIL, offset);
  yield chunk.subarray(0, offset + TAIL.length);
}
