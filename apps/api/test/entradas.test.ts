import {
  type EntradaRow,
  entradaLineaSchema,
  entradaRowSchema,
  getEntradasMercanciaAnswerSchema,
  getPedidosAnswerSchema,
  type PedidoRow,
} from "@portal/contracts";
import { schema } from "@portal/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

/** POST /api/entradasMercancia/getEntradasMercancia (spec §2 Goods receipts, §3, §7). */
let t: TestApp;
const entradas: Record<"admin" | "berenice", EntradaRow[]> = { admin: [], berenice: [] };
const pedidos: Record<"admin" | "berenice", PedidoRow[]> = { admin: [], berenice: [] };
let bereniceBody: string;

const post = async (token: string, url: string) => {
  const res = await t.app.inject(withToken(token, { method: "POST", url, payload: {} }));
  expect(res.statusCode).toBe(200);
  return res;
};

beforeAll(async () => {
  t = await createTestApp();
  const tokens = {
    admin: await login(t.app, "admin", "Empleado"),
    berenice: await login(t.app, "XIQB891116QE4", "Proveedor"),
  };
  for (const quien of ["admin", "berenice"] as const) {
    const res = await post(tokens[quien], "/api/entradasMercancia/getEntradasMercancia");
    if (quien === "berenice") bereniceBody = res.body;
    entradas[quien] = getEntradasMercanciaAnswerSchema.parse(res.json()).data;
    pedidos[quien] = getPedidosAnswerSchema.parse((await post(tokens[quien], "/api/pedidos/getPedidos")).json()).data;
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("POST /api/entradasMercancia/getEntradasMercancia", () => {
  it("answers the contract's shape, exactly its fields", () => {
    const rows = JSON.parse(bereniceBody).data;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(Object.keys(entradaRowSchema.shape).sort());
      for (const linea of row.DetalleEntradaMercancia) {
        expect(Object.keys(linea).sort()).toEqual(Object.keys(entradaLineaSchema.shape).sort());
      }
    }
  });

  it("gives each demo supplier at least 120 receipts per sociedad", () => {
    for (const bd of ["SBO_KIJ", "SBO_IIA"]) {
      expect(entradas.berenice.filter((r) => r.BD === bd).length).toBeGreaterThanOrEqual(120);
    }
    expect(new Set(entradas.berenice.map((r) => r.CardName))).toEqual(new Set(["BERENICE XIMO QUEZADA"]));
  });

  it("relates each receipt to a real order of the same supplier and sociedad, visible to the same user", () => {
    const ordenes = new Map(pedidos.berenice.map((p) => [`${p.BD}|${p.DocNum}`, p]));
    for (const e of entradas.berenice) {
      expect(e.Pedido).not.toBeNull();
      const pedido = ordenes.get(`${e.BD}|${e.Pedido}`);
      expect(pedido, `entrada ${e.DocNum}`).toBeDefined();
      expect(pedido!.CardName).toBe(e.CardName);
      expect(pedido!.GroupNum).toBe(e.GroupNum);
      expect(pedido!.DocCur).toBe(e.DocCur);
      expect(e.DocDate >= pedido!.DocDate).toBe(true);
      expect(e.Comments.startsWith(`Basado en Pedidos de compra ${e.Pedido}.`)).toBe(true);
    }
  });

  it("carries the supplier's postal code, the remission reference, and lines keyed by the receipt's DocNum", () => {
    for (const e of entradas.berenice) {
      expect(e.CP).toBe("44160");
      e.DetalleEntradaMercancia.forEach((l, i) => {
        expect(l.IdEntrada).toBe(e.DocNum);
        expect(l.Fila).toBe(i + 1);
      });
    }
    expect(entradas.berenice.filter((e) => /^REM-\d{4}-\d{4}$/.test(e.NumAtCard)).length).toBeGreaterThan(100);
  });

  it("receives exactly what the orders show as delivered (Quantity - OpenQty)", () => {
    const recibido = new Map<string, number>();
    for (const e of entradas.admin) {
      for (const l of e.DetalleEntradaMercancia) {
        const key = `${e.BD}|${e.Pedido}|${l.ItemName}`;
        recibido.set(key, (recibido.get(key) ?? 0) + Number(l.Quantity));
      }
    }
    let conEntregas = 0;
    for (const p of pedidos.admin) {
      const entregado = new Map<string, number>();
      for (const l of p.DetallePedido) {
        const key = `${p.BD}|${p.DocNum}|${l.ItemName}`;
        entregado.set(key, (entregado.get(key) ?? 0) + Number(l.Quantity) - Number(l.OpenQty));
      }
      for (const [key, cantidad] of entregado) {
        expect(recibido.get(key) ?? 0, key).toBeCloseTo(cantidad, 6);
        if (cantidad > 0) conEntregas++;
      }
    }
    expect(conEntregas).toBeGreaterThan(0);
  });

  it("has open and closed receipts, in both currencies, some with PDFs", () => {
    expect(new Set(entradas.admin.map((r) => r.DocStatus))).toEqual(new Set(["O", "C"]));
    expect(new Set(entradas.admin.map((r) => r.DocCur))).toEqual(new Set(["MXN", "USD"]));
    expect(entradas.admin.filter((r) => r.U_SYS_PMDPDF !== "").length).toBeGreaterThan(0);
    for (const r of entradas.admin) {
      for (const l of r.DetalleEntradaMercancia) expect(l.LineStatus).toBe(r.DocStatus);
    }
  });
});

describe("getEntradasMercancia after the ERP changes", () => {
  it("shows a receipt's changed line in the next answer, the other receipts as they were", async () => {
    const token = await login(t.app, "XIQB891116QE4", "Proveedor");
    const read = async () =>
      getEntradasMercanciaAnswerSchema.parse((await post(token, "/api/entradasMercancia/getEntradasMercancia")).json())
        .data;
    const antes = await read();
    const objetivo = antes[2] as EntradaRow;
    const { erpEntradas, erpEntradaLineas } = schema;
    const [doc] = await t.tdb.db
      .select({ docEntry: erpEntradas.docEntry })
      .from(erpEntradas)
      .where(and(eq(erpEntradas.bd, objetivo.BD), eq(erpEntradas.docNum, objetivo.DocNum)));
    await t.tdb.db
      .update(erpEntradaLineas)
      .set({ itemName: "ARTÍCULO CORREGIDO" })
      .where(
        and(
          eq(erpEntradaLineas.bd, objetivo.BD),
          eq(erpEntradaLineas.docEntry, doc!.docEntry),
          eq(erpEntradaLineas.lineNum, 0),
        ),
      );
    const despues = await read();
    expect(despues[2]?.DetalleEntradaMercancia[0]?.ItemName).toBe("ARTÍCULO CORREGIDO");
    expect(despues[2]?.DetalleEntradaMercancia.slice(1)).toEqual(objetivo.DetalleEntradaMercancia.slice(1));
    expect(despues.filter((_, i) => i !== 2)).toEqual(antes.filter((_, i) => i !== 2));
  });
});
