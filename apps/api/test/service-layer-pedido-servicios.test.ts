import { schema } from "@portal/db";
import { createErpPedido } from "@portal/db/factories";
import type { TestDatabase } from "@portal/db/testing";
import { type ServiceLayerSimulator, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { createServiceLayerClient } from "../src/erp/service-layer/client";
import type { ErpAdapter, ErpFacturaProveedorNueva } from "../src/erp/types";
import { ErpRechazoError } from "../src/erp/types";
import { createDemoTestDatabase, createTestClock } from "./helpers";

/**
 * Issue 42 part 2 (decision 076): the Service Layer adapter bills a service against its purchase order —
 * Document_Lines with BaseType 22, BaseEntry (the order's DocEntry), BaseLine and Quantity — and the simulator, as
 * SAP, copies that quantity, lowers the order line's open quantity and closes the order with its last line.
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

type Pedido = Awaited<ReturnType<typeof createErpPedido>>;

/** The A/P invoice request billing `cantidad` of the order's one service line (10,000.00 + 16 % VAT a unit). */
function request(p: Pedido, portalId: number, cantidad: number): ErpFacturaProveedorNueva {
  const neto = Math.round(1_000_000 * cantidad);
  const iva = Math.round(neto * 0.16);
  return {
    bd: BD,
    portalId,
    cardCode: p.cardCode,
    entradaDocNum: p.docNum,
    numAtCard: `S-${portalId}`,
    uuid: `7C1A2B3C-0000-4000-8000-${String(portalId).padStart(12, "0")}`,
    docDate: p.docDate,
    docTotal: ((neto + iva) / 100).toFixed(2),
    vatSum: (iva / 100).toFixed(2),
    wtSum: "0.00",
    docCur: "MXN",
    docRate: "1",
    comments: "Servicio facturado contra el pedido",
    lineas: [{ baseType: 22, baseEntry: p.docEntry, baseLine: 0, quantity: String(cantidad) }],
  };
}

const orderState = async (docEntry: number) => {
  const [p] = await tdb.db
    .select({ docStatus: schema.erpPedidos.docStatus })
    .from(schema.erpPedidos)
    .where(and(eq(schema.erpPedidos.bd, BD), eq(schema.erpPedidos.docEntry, docEntry)));
  const [l] = await tdb.db
    .select({ openQty: schema.erpPedidoLineas.openQty })
    .from(schema.erpPedidoLineas)
    .where(and(eq(schema.erpPedidoLineas.bd, BD), eq(schema.erpPedidoLineas.docEntry, docEntry)));
  return { docStatus: p?.docStatus, openQty: Number(l?.openQty) };
};
const copied = async (docEntry: number) =>
  (
    await tdb.db
      .select()
      .from(schema.erpFacturaLineas)
      .where(and(eq(schema.erpFacturaLineas.bd, BD), eq(schema.erpFacturaLineas.docEntry, docEntry)))
  ).map((l) => [l.baseType, l.baseEntry, l.baseLine, Number(l.quantity), l.lineTotal]);

describe("un servicio facturado contra su pedido por el Service Layer", () => {
  it("copies 60 % then 40 % of the order line (BaseType 22), closes the order, and refuses a third", async () => {
    // A supplier without withholdings, so SAP's total (F4) is the net plus 16 % VAT.
    const e = (await adapter.listEntradas({ bds: [BD], cardCode: null })).find((x) => Number(x.wtSum) === 0)!;
    const p = await createErpPedido(tdb.db, {
      bd: BD,
      cardCode: e.cardCode,
      cardName: e.cardName,
      docDate: e.docDate,
      lineas: [
        {
          itemCode: "SRV-MANT",
          itemName: "Mantenimiento preventivo",
          uomCode: "SERV",
          priceBefDi: "10000.00",
          servicio: true,
        },
      ],
    });
    // The adapter reads Items.InventoryItem (tNO): the order's line is a service, an inventory item's is not.
    const inventario = await createErpPedido(tdb.db, {
      bd: BD,
      cardCode: e.cardCode,
      lineas: [{ itemCode: "ART-INV-1" }],
    });
    const leidos = await adapter.readPedidos([
      { bd: BD, docEntry: p.docEntry },
      { bd: BD, docEntry: inventario.docEntry },
    ]);
    expect(leidos.find((x) => x.docEntry === p.docEntry)?.lineas.map((l) => l.servicio)).toEqual([true]);
    expect(leidos.find((x) => x.docEntry === inventario.docEntry)?.lineas.map((l) => l.servicio)).toEqual([undefined]);

    const a = await adapter.createFacturaProveedor(request(p, 971_000_001, 0.6));
    expect(await copied(a.docEntry)).toEqual([[22, p.docEntry, 0, 0.6, "6000.00"]]);
    expect(await orderState(p.docEntry)).toEqual({ docStatus: "O", openQty: 0.4 });

    const b = await adapter.createFacturaProveedor(request(p, 971_000_002, 0.4));
    expect(await copied(b.docEntry)).toEqual([[22, p.docEntry, 0, 0.4, "4000.00"]]);
    expect(await orderState(p.docEntry)).toEqual({ docStatus: "C", openQty: 0 });

    const tercera = await adapter.createFacturaProveedor(request(p, 971_000_003, 0.1)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(tercera).toBeInstanceOf(ErpRechazoError);
    expect((tercera as Error).message).toBe(`El pedido ${p.docNum} ya está cerrado en el ERP.`);
  });
});
