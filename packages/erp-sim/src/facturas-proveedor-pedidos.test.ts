import { createErpEntrada, createErpPedido } from "@portal/db/factories";
import { erpFacturaLineas, erpPedidoLineas, erpPedidos } from "@portal/db/schema";
import { createTestDatabase, type TestDatabase } from "@portal/db/testing";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErpRechazo, type FacturaProveedorNueva, insertFacturaProveedor } from "./facturas-proveedor";

/*
 * Issue 42 part 2 (decision 076): the mock ERP copies purchase order lines (BaseType 22) into an A/P invoice with the
 * quantities asked, lowering each order line's OpenQty and closing the order with its last open line.
 */
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await tdb?.drop();
});

let portalIds = 500;
const BD = "SBO_PED";

/** A service order of P00001: one line of 1 service at 10,000.00 + 16 % VAT. */
const pedidoDeServicio = () =>
  createErpPedido(tdb.db, {
    bd: BD,
    cardCode: "P00001",
    cardName: "ESCUELA KEMPER URGATE",
    lineas: [{ itemCode: "SRV-MANT", itemName: "Mantenimiento preventivo", uomCode: "SERV", priceBefDi: "10000.00" }],
  });

const nueva = (
  p: { docNum: number; docEntry: number; cardCode: string },
  quantity: string,
  total: string,
  vat: string,
): FacturaProveedorNueva => ({
  bd: BD,
  portalId: ++portalIds,
  cardCode: p.cardCode,
  entradaDocNum: p.docNum,
  numAtCard: `S${portalIds}`,
  uuid: `6c1f2a40-3b7e-4d58-9a61-${String(portalIds).padStart(12, "0")}`,
  docDate: "2026-11-04",
  docTotal: total,
  vatSum: vat,
  wtSum: "0.00",
  docCur: "MXN",
  docRate: "1",
  comments: "Servicio facturado contra el pedido",
  lineas: [{ baseType: 22, baseEntry: p.docEntry, baseLine: 0, quantity }],
});

const orderState = async (docEntry: number) => {
  const [p] = await tdb.db
    .select({ docStatus: erpPedidos.docStatus })
    .from(erpPedidos)
    .where(and(eq(erpPedidos.bd, BD), eq(erpPedidos.docEntry, docEntry)));
  const [l] = await tdb.db
    .select({ openQty: erpPedidoLineas.openQty, lineStatus: erpPedidoLineas.lineStatus })
    .from(erpPedidoLineas)
    .where(and(eq(erpPedidoLineas.bd, BD), eq(erpPedidoLineas.docEntry, docEntry)));
  return { docStatus: p?.docStatus, openQty: Number(l?.openQty), lineStatus: l?.lineStatus };
};

async function rechazo(promesa: Promise<unknown>): Promise<string> {
  const error = await promesa.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ErpRechazo);
  return (error as Error).message;
}

describe("A/P invoices copied from purchase order lines (BaseType 22)", () => {
  it("bills a service order 60 % then 40 %, closes it, and refuses a third", async () => {
    const p = await pedidoDeServicio();
    const primera = await insertFacturaProveedor(tdb.db, nueva(p, "0.6", "6960.00", "960.00"));
    expect(await orderState(p.docEntry)).toEqual({ docStatus: "O", openQty: 0.4, lineStatus: "O" });
    const lineas = await tdb.db
      .select()
      .from(erpFacturaLineas)
      .where(and(eq(erpFacturaLineas.bd, BD), eq(erpFacturaLineas.docEntry, primera.docEntry)))
      .orderBy(asc(erpFacturaLineas.lineNum));
    expect(lineas.map((l) => [l.baseType, l.baseEntry, l.baseLine, Number(l.quantity), l.lineTotal])).toEqual([
      [22, p.docEntry, 0, 0.6, "6000.00"],
    ]);

    await insertFacturaProveedor(tdb.db, nueva(p, "0.4", "4640.00", "640.00"));
    expect(await orderState(p.docEntry)).toEqual({ docStatus: "C", openQty: 0, lineStatus: "C" });

    expect(await rechazo(insertFacturaProveedor(tdb.db, nueva(p, "0.1", "1160.00", "160.00")))).toBe(
      `El pedido ${p.docNum} ya está cerrado en el ERP.`,
    );
  });

  it("refuses a quantity above the line's open quantity and a request mixing orders and receipts", async () => {
    const p = await pedidoDeServicio();
    expect(await rechazo(insertFacturaProveedor(tdb.db, nueva(p, "1.5", "17400.00", "2400.00")))).toBe(
      `La cantidad 1.5 supera la cantidad abierta (1) de la línea 0 del pedido ${p.docNum}.`,
    );
    const e = await createErpEntrada(tdb.db, { bd: BD, cardCode: "P00001", cardName: "ESCUELA KEMPER URGATE" });
    const mezcla = nueva(p, "1", "11600.00", "1600.00");
    const conEntrada = {
      ...mezcla,
      lineas: [...(mezcla.lineas ?? []), { baseType: 20 as const, baseEntry: e.docEntry, baseLine: 0, quantity: "1" }],
    };
    expect(await rechazo(insertFacturaProveedor(tdb.db, conEntrada))).toMatch(/a la vez líneas de pedidos/);
    expect(await orderState(p.docEntry)).toEqual({ docStatus: "O", openQty: 1, lineStatus: "O" });
  });
});
