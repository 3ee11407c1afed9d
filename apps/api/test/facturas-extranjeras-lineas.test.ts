import {
  CALLS,
  EXTRANJERO_MSG,
  FACTURA_PARTES_MSG,
  FACTURA_PEDIDO_MSG,
  isFacturaExtranjera,
  MSG,
} from "@portal/contracts";
import { schema } from "@portal/db";
import { createErpEntrada, createErpPedido } from "@portal/db/factories";
import { PROVEEDOR_EXTRANJERO_DEMO } from "@portal/seed";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG64 } from "./factura-prueba";
import { createTestApp, login, pdfBase64, type TestApp, withToken } from "./helpers";

/**
 * Issue 42, amendment of 2026-11-29 to decision 073: a foreign supplier bills "against receipts or orders like
 * everyone else" — service lines of its purchase orders (decision 076, BaseType 22) and part of a receipt (decision
 * 074, BaseType 20) — with its PDF and typed data; the totals rule applies to the chosen part.
 */
interface Fila {
  IdFactura: number;
  FolioFactura: string;
  EstatusFactura: string;
  UUID: string;
  DocCur: string;
  Total: string;
  BD: string;
  Version: number;
  LineasFacturadas: { Entrada: number; LineNum: number; Cantidad: string; Pedido?: true }[] | null;
}

const P = PROVEEDOR_EXTRANJERO_DEMO;
let t: TestApp;
const tokens = { admin: "", kemper: "", acme: "" };

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t.app, "admin", "Empleado");
  tokens.kemper = await login(t.app, "EKU9003173C9", "Proveedor");
  tokens.acme = await login(t.app, P.cardCode, "Proveedor");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: "POST" | "PATCH", url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method, url, payload: payload as object }));
const postExtranjera = (token: string, body: object) =>
  call(token, "POST", "/api/facturas/postFacturaExtranjera", body);
const lista = async (token: string, url: string): Promise<Fila[]> => (await call(token, "POST", url, {})).json().data;
const pendiente = async (folio: string) =>
  (await lista(tokens.admin, "/api/facturasPendientes/getFacturas")).find((f) => f.FolioFactura === folio);
const accept = (f: Fila) =>
  call(tokens.admin, "PATCH", "/api/facturasPendientes/patchfactura", [
    { Factura: f.IdFactura, Estatus: "A", Comentarios: "Conforme", BD: f.BD, Version: f.Version },
  ]);
const ok = { status: "success", message: MSG.facturaRegistrada };

/** The invoice's files and typed data; `neto` its amount before 16 % taxes, in USD. */
const datos = (numero: string, neto: number) => {
  const impuestos = Math.round(neto * 16) / 100;
  return {
    RazonSocial: P.bd,
    PDF: `${numero}.pdf`,
    PDF64: pdfBase64(`Invoice ${numero}`),
    Recepcion: "recepcion.png",
    Recepcion64: PNG64,
    NumeroFactura: numero,
    FechaFactura: "2026-11-14",
    Moneda: "USD",
    Subtotal: neto.toFixed(2),
    Impuestos: impuestos.toFixed(2),
    Total: (neto + impuestos).toFixed(2),
  };
};

/** A new USD order of the foreign supplier in KIJ: one service, 1 × 2,500.00 + 16 % = 2,900.00 USD. */
const nuevoPedido = () =>
  createErpPedido(t.tdb.db, {
    bd: P.bd,
    cardCode: P.cardCode,
    cardName: P.cardName,
    docDate: "2026-11-10",
    groupNum: 30,
    docCur: "USD",
    docRate: "17.25",
    lineas: [
      { itemCode: "SRV-ENG", itemName: "Field engineering", uomCode: "SRV", priceBefDi: "2500.00", servicio: true },
    ],
  });

const lineasAp = async (portalId: number) => {
  const [ap] = await t.tdb.db
    .select()
    .from(schema.erpFacturas)
    .where(and(eq(schema.erpFacturas.portalId, portalId), ne(schema.erpFacturas.canceled, "C")));
  if (!ap) return { ap: null, lineas: [] };
  const lineas = await t.tdb.db
    .select()
    .from(schema.erpFacturaLineas)
    .where(and(eq(schema.erpFacturaLineas.bd, ap.bd), eq(schema.erpFacturaLineas.docEntry, ap.docEntry)));
  return { ap, lineas: lineas.map((l) => [l.baseType, l.baseEntry, l.baseLine, Number(l.quantity), l.lineTotal]) };
};

describe("un proveedor extranjero factura pedidos y partes de entradas", () => {
  it("bills a service order 60 % then 40 %, refuses a third, and the A/P invoices copy the order line (BaseType 22)", async () => {
    const p = await nuevoPedido();
    const porPedido = (numero: string, cantidad: number, extra: object = {}) => ({
      ...datos(numero, 2500 * cantidad),
      LineasPedido: [{ PedidoDocEntry: p.docEntry, LineNum: 0, Cantidad: String(cantidad) }],
      ...extra,
    });
    // The total is the chosen part's (1,740.00 for 60 %), to the cent.
    const mal = await postExtranjera(tokens.acme, porPedido("SRV-60", 0.6, { Subtotal: "1600.00", Total: "1856.00" }));
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain(EXTRANJERO_MSG.totalPedidos("1740.00", "1856.00"));

    expect((await postExtranjera(tokens.acme, porPedido("SRV-60", 0.6))).json()).toEqual(ok);
    expect((await postExtranjera(tokens.acme, porPedido("SRV-40", 0.4))).json()).toEqual(ok);
    const tercera = await postExtranjera(tokens.acme, porPedido("SRV-10", 0.1));
    expect(tercera.statusCode).toBe(400);
    expect(tercera.json().message).toBe(FACTURA_PEDIDO_MSG.cantidadExcedeAbierta(p.docNum, 0, "0.1", "0"));

    // The supplier's list and the review list show them, without CFDI, billing the order's line.
    const propias = await lista(tokens.acme, "/api/facturas/getFacturas");
    const sesenta = propias.find((f) => f.FolioFactura === "SRV-60");
    expect(sesenta).toMatchObject({ UUID: "", DocCur: "USD", Total: "1740.00", EstatusFactura: "P" });
    expect(isFacturaExtranjera(sesenta!)).toBe(true);
    expect(sesenta?.LineasFacturadas).toEqual([
      expect.objectContaining({ Entrada: p.docNum, LineNum: 0, Cantidad: "0.6", Pedido: true }),
    ]);
    for (const numero of ["SRV-60", "SRV-40"]) {
      const f = await pendiente(numero);
      expect(f).toMatchObject({ EstatusFactura: "P", UUID: "" });
      expect((await accept(f!)).json()).toEqual({ status: "success", message: MSG.revisionExito });
    }
    expect(await t.app.services.erpOutbox.flush()).toBe(2);
    const a = await lineasAp(sesenta!.IdFactura);
    expect(a.lineas).toEqual([[22, p.docEntry, 0, 0.6, "1500.00"]]);
    expect(a.ap).toMatchObject({ numAtCard: "SRV-60", uuid: "", docCur: "USD", docTotal: "1740.00" });
    const b = await lineasAp(propias.find((f) => f.FolioFactura === "SRV-40")!.IdFactura);
    expect(b.lineas).toEqual([[22, p.docEntry, 0, 0.4, "1000.00"]]);
    const [pedido] = await t.tdb.db
      .select({ docStatus: schema.erpPedidos.docStatus })
      .from(schema.erpPedidos)
      .where(and(eq(schema.erpPedidos.bd, P.bd), eq(schema.erpPedidos.docEntry, p.docEntry)));
    expect(pedido?.docStatus).toBe("C");
  });

  it("bills part of a receipt (BaseType 20); the whole receipt is then refused", async () => {
    const e = await createErpEntrada(t.tdb.db, {
      bd: P.bd,
      cardCode: P.cardCode,
      cardName: P.cardName,
      docDate: "2026-11-12",
      groupNum: 30,
      docCur: "USD",
      docRate: "17.25",
      lineas: [
        { itemName: "Bearing 6204", quantity: "10", priceBefDi: "100.00" },
        { itemName: "Seal kit", quantity: "5", priceBefDi: "40.00" },
      ],
    });
    const parte = {
      ...datos("PART-4", 400),
      EntradaMercancia: e.docNum,
      EntradaDocEntry: e.docEntry,
      Lineas: [{ EntradaDocEntry: e.docEntry, LineNum: 0, Cantidad: "4" }],
    };
    // The whole receipt's total is not the part's.
    const mal = await postExtranjera(tokens.acme, { ...parte, ...datos("PART-4", 1200) });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain(EXTRANJERO_MSG.totalLineas("464.00", "1392.00"));
    expect((await postExtranjera(tokens.acme, parte)).json()).toEqual(ok);
    const entera = await postExtranjera(tokens.acme, {
      ...datos("WHOLE-1", 1200),
      EntradaMercancia: e.docNum,
      EntradaDocEntry: e.docEntry,
    });
    expect(entera.statusCode).toBe(400);
    expect(entera.json().message).toContain(FACTURA_PARTES_MSG.entradaFacturadaEnPartes(e.docNum));

    const f = await pendiente("PART-4");
    expect(f).toMatchObject({ UUID: "", Total: "464.00" });
    expect(f?.LineasFacturadas).toEqual([expect.objectContaining({ Entrada: e.docNum, LineNum: 0, Cantidad: "4" })]);
    expect((await accept(f!)).json().status).toBe("success");
    expect(await t.app.services.erpOutbox.flush()).toBe(1);
    const ap = await lineasAp(f!.IdFactura);
    expect(ap.lineas).toEqual([[20, e.docEntry, 0, 4, "400.00"]]);
    expect(ap.ap).toMatchObject({ numAtCard: "PART-4", uuid: "", docTotal: "464.00" });
  });

  it("a Mexican supplier cannot bill orders through the foreign path; receipts and orders are not mixed", async () => {
    const p = await nuevoPedido();
    const mexicano = await postExtranjera(tokens.kemper, {
      ...datos("MX-1", 2500),
      RazonSocial: "SBO_MCI",
      LineasPedido: [{ PedidoDocEntry: p.docEntry, LineNum: 0, Cantidad: "1" }],
    });
    expect(mexicano.statusCode).toBe(400);
    expect(mexicano.json().message).toBe(EXTRANJERO_MSG.soloProveedorExtranjero);

    const ambos = CALLS.postFacturaExtranjera.request.safeParse({
      ...datos("BOTH-1", 2500),
      EntradaMercancia: P.entradaDocNum,
      LineasPedido: [{ PedidoDocEntry: p.docEntry, LineNum: 0, Cantidad: "1" }],
    });
    expect(ambos.success).toBe(false);
    expect(ambos.error?.issues.map((i) => i.message)).toContain(EXTRANJERO_MSG.entradasOPedido);
    const ninguno = await postExtranjera(tokens.acme, datos("NONE-1", 2500));
    expect(ninguno.statusCode).toBe(400);
    expect(ninguno.json().message).toContain(EXTRANJERO_MSG.entradasOPedido);
    expect((await lista(tokens.acme, "/api/facturas/getFacturas")).some((f) => f.FolioFactura === "NONE-1")).toBe(
      false,
    );
  });

  it("the demo's foreign supplier has a service order to bill", async () => {
    const res = await call(tokens.acme, "POST", "/api/facturas/getPedidosPorFacturar", { BD: P.bd });
    const pedidos = res.json().data as { DocCur: string; PorFacturar: string }[];
    expect(pedidos).toEqual(
      expect.arrayContaining([expect.objectContaining({ DocCur: "USD", PorFacturar: "2500.00" })]),
    );
  });
});
