import { schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import { type ServiceLayerSimulator, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { createServiceLayerClient } from "../src/erp/service-layer/client";
import type { ErpAdapter, ErpEntrada, ErpFacturaProveedorNueva, ErpLinea } from "../src/erp/types";
import { ErpRechazoError } from "../src/erp/types";
import { partOf } from "../src/modules/facturas/partes";
import { createDemoTestDatabase, createTestClock } from "./helpers";

/**
 * Issue 42 (decision 074): the Service Layer adapter bills part of a goods receipt — Document_Lines with
 * BaseType 20, BaseEntry, BaseLine and Quantity — and the simulator, as SAP, copies that quantity, lowers the base
 * line's open quantity and keeps the receipt open until its last line is billed.
 */
const BD = "SBO_IIA";
const USER = { userName: "manager", password: "clave-sap" };

let tdb: TestDatabase;
let sim: ServiceLayerSimulator;
let adapter: ErpAdapter;

beforeAll(async () => {
  const time = createTestClock();
  tdb = await createDemoTestDatabase(time);
  sim = await startServiceLayerSimulator({ db: tdb.db, credentials: [{ companyDb: BD, ...USER }], clock: time.clock });
  const client = createServiceLayerClient({ url: sim.url, timeoutMs: 30_000, clock: time.clock }, (companyDb) => ({
    companyDb,
    ...USER,
  }));
  adapter = createServiceLayerErpAdapter({ db: tdb.db, client, clock: time.clock });
}, 120_000);
afterAll(async () => {
  await sim?.close();
  await tdb?.drop();
});

/** The A/P invoice request for `elegidas` of receipt `e`, its totals the chosen part's (what the portal sends). */
function request(e: ErpEntrada, portalId: number, elegidas: { linea: ErpLinea; cantidad: number }[]) {
  const parte = partOf(e, elegidas);
  const input: ErpFacturaProveedorNueva = {
    bd: BD,
    portalId,
    cardCode: e.cardCode,
    entradaDocNum: e.docNum,
    entradaDocEntries: [e.docEntry],
    numAtCard: `P-${portalId}`,
    uuid: `7C1A2B3C-0000-4000-8000-${String(portalId).padStart(12, "0")}`,
    docDate: e.docDate,
    docTotal: parte.docTotal,
    vatSum: parte.vatSum,
    wtSum: parte.wtSum,
    docCur: e.docCur,
    docRate: e.docRate,
    comments: "Entrada en partes",
    lineas: elegidas.map(({ linea, cantidad }) => ({
      baseType: 20,
      baseEntry: e.docEntry,
      baseLine: linea.lineNum,
      quantity: String(cantidad),
    })),
  };
  return input;
}

const receiptState = async (docEntry: number) => {
  const [e] = await tdb.db
    .select({ docStatus: schema.erpEntradas.docStatus })
    .from(schema.erpEntradas)
    .where(and(eq(schema.erpEntradas.bd, BD), eq(schema.erpEntradas.docEntry, docEntry)));
  const lineas = await tdb.db
    .select({ openQty: schema.erpEntradaLineas.openQty })
    .from(schema.erpEntradaLineas)
    .where(and(eq(schema.erpEntradaLineas.bd, BD), eq(schema.erpEntradaLineas.docEntry, docEntry)))
    .orderBy(schema.erpEntradaLineas.lineNum);
  return { docStatus: e?.docStatus, openQty: lineas.map((l) => Number(l.openQty)) };
};
const copiedQuantities = async (docEntry: number) =>
  (
    await tdb.db
      .select()
      .from(schema.erpFacturaLineas)
      .where(and(eq(schema.erpFacturaLineas.bd, BD), eq(schema.erpFacturaLineas.docEntry, docEntry)))
      .orderBy(schema.erpFacturaLineas.lineNum)
  ).map((l) => [l.baseType, l.baseLine, Number(l.quantity)]);

describe("una entrada facturada en partes por el Service Layer", () => {
  it("copies exactly the quantities asked; the receipt stays open for the rest and closes with its last line", async () => {
    const e = (await adapter.listEntradas({ bds: [BD], cardCode: null })).find(
      (x) =>
        x.docStatus === "O" &&
        Number(x.wtSum) === 0 &&
        x.lineas.length > 0 &&
        x.lineas.every((l) => l.lineStatus === "O" && Number(l.openQty) === Number(l.quantity)) &&
        Number(x.lineas[0]!.quantity) >= 2 &&
        Number.isInteger(Number(x.lineas[0]!.quantity)),
    )!;
    expect(e).toBeDefined();
    const [primera, ...resto] = e.lineas as [ErpLinea, ...ErpLinea[]];
    const q = Number(primera.quantity);
    const mitad = Math.floor(q / 2);

    const a = await adapter.createFacturaProveedor(request(e, 970_000_001, [{ linea: primera, cantidad: mitad }]));
    expect(await copiedQuantities(a.docEntry)).toEqual([[20, primera.lineNum, mitad]]);
    const despues = await receiptState(e.docEntry);
    expect(despues.docStatus).toBe("O");
    expect(despues.openQty[0]).toBe(q - mitad);

    // More than what is left of the line is refused in words, before SAP is asked.
    const demasiado = await adapter
      .createFacturaProveedor(request(e, 970_000_002, [{ linea: primera, cantidad: q - mitad + 1 }]))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(demasiado).toBeInstanceOf(ErpRechazoError);

    const rest = [
      { linea: { ...primera, openQty: String(q - mitad) }, cantidad: q - mitad },
      ...resto.map((linea) => ({ linea, cantidad: Number(linea.quantity) })),
    ];
    const b = await adapter.createFacturaProveedor(request(e, 970_000_003, rest));
    expect((await copiedQuantities(b.docEntry)).map((l) => l[2])).toEqual(rest.map((r) => r.cantidad));
    const final = await receiptState(e.docEntry);
    expect(final).toEqual({ docStatus: "C", openQty: e.lineas.map(() => 0) });
  });
});
