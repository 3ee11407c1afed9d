import { describe, expect, it } from "vitest";
import type { SessionUser } from "../lib/session-user";
import { createDocumentListService, type DocumentList } from "../modules/documentos/lista";
import { createRowCache, type DocumentSource, listAnswer } from "./row-cache";
import type { PortalErpScope } from "./scope";
import type { ErpClaveDocumento, ErpDocumentoCompra, ErpScope } from "./types";

interface Doc extends ErpDocumentoCompra {
  nota: string;
}
interface Row {
  Fila: number;
  U_SYS_PMSNBD: string;
  DocNum: number;
  Nota: string;
}

const doc = (bd: string, docEntry: number, version: string, nota = `nota ${docEntry}`): Doc =>
  ({ bd, docEntry, docNum: 1000 + docEntry, version, nota }) as Doc;

/** An in-memory ERP whose documents can change between calls; it counts what each call reads. */
function fakeErp(initial: Doc[]) {
  let docs = initial;
  const calls = { readAll: 0, read: [] as number[] };
  const source: DocumentSource<Doc> = {
    kind: "pedido",
    versions: async () => docs.map((d) => ({ bd: d.bd, docEntry: d.docEntry, version: d.version })),
    readAll: async () => {
      calls.readAll++;
      return docs;
    },
    read: async (keys: readonly ErpClaveDocumento[]) => {
      calls.read.push(keys.length);
      return docs.filter((d) => keys.some((k) => k.bd === d.bd && k.docEntry === d.docEntry));
    },
  };
  return {
    source,
    calls,
    set: (next: Doc[]) => {
      docs = next;
    },
  };
}

const nombres: Record<string, string> = { SBO_A: "Sociedad A", SBO_B: 'Sociedad "B"' };
const scope: PortalErpScope = {
  bds: ["SBO_A", "SBO_B"],
  cardCode: null,
  sociedadNombre: (bd) => nombres[bd] ?? bd,
};
const body = (d: Doc) => ({ DocNum: d.docNum, Nota: d.nota });
/** The answer, parsed; checks the envelope and returns its rows. */
async function answer(
  cache: ReturnType<typeof createRowCache>,
  source: DocumentSource<Doc>,
  chunkBytes?: number,
): Promise<Row[]> {
  const stream = await listAnswer<Doc, Row>(cache, source, scope, body, "Consulta exitosa", chunkBytes);
  const parsed = JSON.parse(Buffer.concat(await stream.toArray()).toString("utf8")) as {
    status: string;
    message: string;
    data: Row[];
  };
  expect(Object.keys(parsed)).toEqual(["status", "message", "data"]);
  expect(parsed.status).toBe("success");
  expect(parsed.message).toBe("Consulta exitosa");
  return parsed.data;
}
const rows = (cache = createRowCache(1e6), erp = fakeErp([])) => answer(cache, erp.source);

describe("listAnswer", () => {
  it("numbers rows in list order and names each sociedad, with the document's own fields", async () => {
    const erp = fakeErp([doc("SBO_B", 2, "1"), doc("SBO_A", 1, "1", 'comillas " y acentos é')]);
    expect(await rows(createRowCache(1e6), erp)).toEqual([
      { Fila: 1, U_SYS_PMSNBD: 'Sociedad "B"', DocNum: 1002, Nota: "nota 2" },
      { Fila: 2, U_SYS_PMSNBD: "Sociedad A", DocNum: 1001, Nota: 'comillas " y acentos é' },
    ]);
  });

  it("reads the whole scope on a cold cache, nothing while versions stay, and only changed documents after", async () => {
    const docs = Array.from({ length: 10 }, (_, i) => doc("SBO_A", i + 1, "1"));
    const erp = fakeErp(docs);
    const cache = createRowCache(1e6);
    await rows(cache, erp);
    expect(erp.calls).toEqual({ readAll: 1, read: [] });
    const primera = await rows(cache, erp);
    expect(erp.calls).toEqual({ readAll: 1, read: [] });

    erp.set(docs.map((d) => (d.docEntry === 4 ? doc("SBO_A", 4, "2", "cambiada") : d)));
    const segunda = await rows(cache, erp);
    expect(erp.calls).toEqual({ readAll: 1, read: [1] });
    expect(segunda[3]).toEqual({ ...primera[3], Nota: "cambiada" });
    expect(segunda.filter((_, i) => i !== 3)).toEqual(primera.filter((_, i) => i !== 3));
  });

  it("reads the whole scope again when most documents changed", async () => {
    const docs = Array.from({ length: 4 }, (_, i) => doc("SBO_A", i + 1, "1"));
    const erp = fakeErp(docs);
    const cache = createRowCache(1e6);
    await rows(cache, erp);
    erp.set(docs.map((d) => (d.docEntry === 1 ? d : { ...d, version: "2" })));
    await rows(cache, erp);
    expect(erp.calls).toEqual({ readAll: 2, read: [] });
  });

  it("shows new documents, drops deleted ones and keeps Fila consecutive", async () => {
    const erp = fakeErp([doc("SBO_A", 1, "1"), doc("SBO_A", 2, "1"), doc("SBO_A", 3, "1")]);
    const cache = createRowCache(1e6);
    await rows(cache, erp);
    erp.set([doc("SBO_A", 9, "5"), doc("SBO_A", 1, "1"), doc("SBO_A", 3, "1")]);
    expect((await rows(cache, erp)).map((r) => [r.Fila, r.DocNum])).toEqual([
      [1, 1009],
      [2, 1001],
      [3, 1003],
    ]);
  });

  it("leaves out a document deleted between reading the versions and reading the document", async () => {
    const erp = fakeErp([doc("SBO_A", 1, "1"), doc("SBO_A", 2, "1")]);
    const source: DocumentSource<Doc> = {
      ...erp.source,
      readAll: async (s: ErpScope) => (await erp.source.readAll(s)).filter((d) => d.docEntry !== 1),
    };
    expect(await answer(createRowCache(1e6), source)).toEqual([
      { Fila: 1, U_SYS_PMSNBD: "Sociedad A", DocNum: 1002, Nota: "nota 2" },
    ]);
  });

  it("gives the same answer whatever the chunk size, rows larger than a chunk included", async () => {
    const docs = Array.from({ length: 25 }, (_, i) => doc(i % 2 ? "SBO_A" : "SBO_B", i + 1, "1", "ñ".repeat(i * 3)));
    const esperado = await answer(createRowCache(1e6), fakeErp(docs).source);
    expect(esperado).toHaveLength(25);
    for (const chunkBytes of [1, 7, 64, 100, 1000, 1 << 20]) {
      expect(await answer(createRowCache(1e6), fakeErp(docs).source, chunkBytes)).toEqual(esperado);
    }
  });

  it("reads a cold scope once for concurrent calls, and each gets the whole answer", async () => {
    const erp = fakeErp(Array.from({ length: 5 }, (_, i) => doc("SBO_A", i + 1, "1")));
    const lenta: DocumentSource<Doc> = {
      ...erp.source,
      readAll: async (s: ErpScope) => {
        await new Promise((r) => setTimeout(r, 20));
        return erp.source.readAll(s);
      },
    };
    const cache = createRowCache(1e6);
    const [a, b, c] = await Promise.all([answer(cache, lenta), answer(cache, lenta), answer(cache, lenta)]);
    expect(erp.calls.readAll).toBe(1);
    expect(a).toHaveLength(5);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it("re-reads for a caller that waited on a read older than the versions it saw", async () => {
    const erp = fakeErp([doc("SBO_A", 1, "1", "antes")]);
    let open = () => {};
    const compuerta = new Promise<void>((r) => {
      open = r;
    });
    const lenta: DocumentSource<Doc> = {
      ...erp.source,
      readAll: async (s: ErpScope) => {
        const leidos = await erp.source.readAll(s);
        await compuerta;
        return leidos;
      },
    };
    const cache = createRowCache(1e6);
    const primera = answer(cache, lenta);
    await new Promise((r) => setTimeout(r, 5));
    erp.set([doc("SBO_A", 1, "2", "después")]);
    const segunda = answer(cache, lenta);
    await new Promise((r) => setTimeout(r, 5));
    open();
    expect((await primera).map((r) => r.Nota)).toEqual(["antes"]);
    expect((await segunda).map((r) => r.Nota)).toEqual(["después"]);
    expect(erp.calls.readAll).toBe(2);
  });

  it("answers an empty list as data: []", async () => {
    expect(await rows(createRowCache(1e6), fakeErp([]))).toEqual([]);
  });

  it("answers correctly with the cache turned off (0 bytes), reading everything every time", async () => {
    const erp = fakeErp([doc("SBO_A", 1, "1")]);
    const cache = createRowCache(0);
    expect(await rows(cache, erp)).toHaveLength(1);
    expect(await rows(cache, erp)).toHaveLength(1);
    expect(erp.calls.readAll).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe("createRowCache", () => {
  const b = (text: string) => Buffer.from(text);
  it("answers only for the version it holds", () => {
    const cache = createRowCache(100);
    cache.set("k", "1", b('"a":1}'));
    expect(cache.get("k", "1")?.toString()).toBe('"a":1}');
    expect(cache.get("k", "2")).toBeUndefined();
    cache.set("k", "2", b('"a":"ñ"}'));
    expect(cache.get("k", "1")).toBeUndefined();
    expect(cache.bytes).toBe(9);
    expect(cache.size).toBe(1);
  });

  it("keeps its size under the budget by dropping the oldest entries", () => {
    const cache = createRowCache(100);
    for (let i = 0; i < 30; i++) cache.set(`k${i}`, "1", b("x".repeat(10)));
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.get("k29", "1")?.toString()).toBe("x".repeat(10));
    expect(cache.get("k0", "1")).toBeUndefined();
    cache.set("grande", "1", b("x".repeat(101)));
    expect(cache.get("grande", "1")).toBeUndefined();
  });
});

describe("documents the adapter reads on its own (watchDocuments)", () => {
  it("become cached rows: the list that follows reads no document, and a newer version is still read", async () => {
    const erp = fakeErp([doc("SBO_A", 1, "v1"), doc("SBO_B", 2, "v1")]);
    let listener: ((docs: Doc[]) => void) | undefined;
    const watched: DocumentList<Doc, Row> = {
      ...erp.source,
      watch: (l) => {
        listener = l;
        return () => {};
      },
      count: async () => 2,
      row: body,
    };
    const cache = createRowCache(1_000_000);
    const service = createDocumentListService(watched, async () => scope, cache);
    expect(listener).toBeTypeOf("function");
    // The adapter's cold read hands over both documents, as two pages.
    listener?.([doc("SBO_A", 1, "v1")]);
    listener?.([doc("SBO_B", 2, "v1")]);
    const list = async () =>
      JSON.parse(Buffer.concat(await (await service.list({} as SessionUser)).toArray()).toString("utf8")).data;
    expect(await list()).toEqual([
      { Fila: 1, U_SYS_PMSNBD: "Sociedad A", DocNum: 1001, Nota: "nota 1" },
      { Fila: 2, U_SYS_PMSNBD: 'Sociedad "B"', DocNum: 1002, Nota: "nota 2" },
    ]);
    expect(erp.calls).toEqual({ readAll: 0, read: [] });
    // A document changed after it was handed over has a new version: read again, never the old row.
    erp.set([doc("SBO_A", 1, "v1"), doc("SBO_B", 2, "v2", "cambiada")]);
    expect((await list())[1]).toMatchObject({ DocNum: 1002, Nota: "cambiada" });
    expect(erp.calls).toEqual({ readAll: 0, read: [1] });
  });
});
