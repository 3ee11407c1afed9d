import { createDatabase, type Database, type DatabaseHandle, runMigrations } from "@portal/db";
import { erpEntradaLineas, erpEntradas, erpPedidoLineas, erpPedidos } from "@portal/db/schema";
import { createTestDatabase } from "@portal/db/testing";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Document versions (migration 0003): the API caches each document's list row under its version, so every
 * change to a header or to any of its lines must give that document, and only it, a new version. Checked on
 * both drivers the portal runs on: PostgreSQL and the embedded PGlite of `npm start`.
 */
const documento = (bd: string, docEntry: number) => ({
  bd,
  docEntry,
  docNum: docEntry,
  cardCode: "P1",
  cardName: "Proveedor",
  docStatus: "O",
  docDate: "2026-01-01",
  docDueDate: "2026-01-31",
  groupNum: 0,
  mainUsage: "G03",
  peyMethod: "03",
  docCur: "MXN",
  docTotal: "100.00",
});
const linea = (bd: string, docEntry: number, lineNum: number) => ({
  bd,
  docEntry,
  lineNum,
  itemCode: "A1",
  itemName: "Artículo",
  lineStatus: "O",
  uomCode: "H87",
  quantity: "1",
  openQty: "1",
  priceBefDi: "100",
  lineTotal: "100.00",
});

async function check(db: Database) {
  for (const [docs, lineas] of [
    [erpPedidos, erpPedidoLineas],
    [erpEntradas, erpEntradaLineas],
  ] as const) {
    const versiones = async () =>
      // Indexes 0, 1, 2 = BD1/1, BD1/2, BD2/1.
      (await db.select({ v: docs.version }).from(docs).orderBy(asc(docs.bd), asc(docs.docEntry))).map((r) => r.v);
    await db.insert(docs).values([documento("BD1", 1), documento("BD1", 2), documento("BD2", 1)]);
    const v0 = await versiones();
    expect(new Set(v0).size).toBe(3);

    const pasos: [string, () => Promise<unknown>, number[]][] = [
      ["insert lines of document 1", () => db.insert(lineas).values([linea("BD1", 1, 0), linea("BD1", 1, 1)]), [0]],
      [
        "update a line of document 1",
        () =>
          db
            .update(lineas)
            .set({ openQty: "0" })
            .where(and(eq(lineas.bd, "BD1"), eq(lineas.lineNum, 1))),
        [0],
      ],
      [
        "update the header of BD2's document 1",
        () => db.update(docs).set({ comments: "x" }).where(eq(docs.bd, "BD2")),
        [2],
      ],
      ["insert a line of document 2", () => db.insert(lineas).values(linea("BD1", 2, 0)), [1]],
      [
        "delete a line of document 1",
        () => db.delete(lineas).where(and(eq(lineas.bd, "BD1"), eq(lineas.docEntry, 1), eq(lineas.lineNum, 0))),
        [0],
      ],
      ["truncate the lines", () => db.execute(sql`truncate ${lineas}`), [0, 1, 2]],
    ];
    let antes = v0;
    for (const [paso, cambio, cambian] of pasos) {
      await cambio();
      const despues = await versiones();
      const distintos = despues.flatMap((v, i) => (v !== antes[i] ? [i] : []));
      expect(distintos, paso).toEqual(cambian);
      for (const i of distintos) expect(despues[i] as number, paso).toBeGreaterThan(Math.max(...antes));
      antes = despues;
    }
  }
}

describe("document versions", () => {
  const abiertas: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const a of abiertas) await a.close();
  });

  it("change with every change to a document or its lines, on PostgreSQL", async () => {
    const tdb = await createTestDatabase();
    abiertas.push({ close: () => tdb.drop() });
    await check(tdb.db);
  });

  it("change with every change to a document or its lines, on PGlite", async () => {
    const handle: DatabaseHandle = await createDatabase({ dataDir: "memory://" });
    abiertas.push(handle);
    await runMigrations(handle);
    await check(handle.db);
  }, 60_000);
});
