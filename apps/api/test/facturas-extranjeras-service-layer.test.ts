import { FACTURA_PEDIDO_MSG, MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { PROVEEDOR_EXTRANJERO_DEMO } from "@portal/seed";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG64 } from "./factura-prueba";
import { createTestAppOn, type createTestClock, login, pdfBase64, type TestApp, withToken } from "./helpers";
import { demoWithServiceLayer } from "./service-layer-demo";

/**
 * Issue 42 part 1 (decision 073), through the real Service Layer adapter and the simulator: a foreign supplier's
 * invoice without CFDI, accepted, becomes an A/P invoice (PurchaseInvoices) based on its USD receipt, with the
 * invoice number in NumAtCard and no UUID user field.
 */
const P = PROVEEDOR_EXTRANJERO_DEMO;
let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let t: TestApp;
const tokens = { admin: "", acme: "" };

const call = (token: string, url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method: "POST", url, payload: payload as object }));

beforeAll(async () => {
  ({ time, tdb, sim } = await demoWithServiceLayer());
  t = await createTestAppOn(tdb, time, {
    ERP_ADAPTER: "service-layer",
    SAP_SL_URL: sim.url,
    SAP_SL_TIMEOUT_MS: "2000",
  });
  tokens.admin = await login(t.app, "admin", "Empleado");
  tokens.acme = await login(t.app, P.cardCode, "Proveedor");
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
  await tdb?.drop();
});

describe("factura del extranjero con ERP_ADAPTER=service-layer", () => {
  it("is registered against the receipt the Service Layer reads and posted as an A/P invoice without UUID", async () => {
    const registro = await call(tokens.acme, "/api/facturas/postFacturaExtranjera", {
      RazonSocial: P.bd,
      EntradaMercancia: P.entradaDocNum,
      PDF: "INV-SL-1.pdf",
      PDF64: pdfBase64("Invoice INV-SL-1"),
      Recepcion: "recepcion.png",
      Recepcion64: PNG64,
      NumeroFactura: "INV-SL-1",
      FechaFactura: "2026-11-14",
      Moneda: "USD",
      Subtotal: "1000.00",
      Impuestos: "160.00",
      Total: "1160.00",
    });
    expect(registro.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    const filas = (await call(tokens.admin, "/api/facturasPendientes/getFacturas", {})).json().data as {
      IdFactura: number;
      FolioFactura: string;
      BD: string;
      Version: number;
    }[];
    const f = filas.find((x) => x.FolioFactura === "INV-SL-1")!;
    const aceptada = await t.app.inject(
      withToken(tokens.admin, {
        method: "PATCH",
        url: "/api/facturasPendientes/patchfactura",
        payload: [{ Factura: f.IdFactura, Estatus: "A", Comentarios: "Conforme", BD: f.BD, Version: f.Version }],
      }),
    );
    expect(aceptada.json()).toEqual({ status: "success", message: MSG.revisionExito });
    expect(await t.app.services.erpOutbox.flush()).toBe(1);
    const [ap] = await tdb.db.select().from(schema.erpFacturas).where(eq(schema.erpFacturas.portalId, f.IdFactura));
    expect(ap).toMatchObject({
      cardCode: P.cardCode,
      numAtCard: "INV-SL-1",
      uuid: "",
      docCur: "USD",
      docTotal: "1160.00",
      entradaDocNum: P.entradaDocNum,
    });
  });

  it("bills the demo's service order 60 % then 40 % (BaseType 22, no UUID), the third refused", async () => {
    // Amendment of 2026-11-29 to decision 073: the demo's USD service order of ACME, 1 × 2,500.00 + 16 %.
    const [pedido] = await tdb.db
      .select({ docEntry: schema.erpPedidos.docEntry, docNum: schema.erpPedidos.docNum })
      .from(schema.erpPedidos)
      .where(and(eq(schema.erpPedidos.bd, P.bd), eq(schema.erpPedidos.numAtCard, P.pedidoServicio)));
    const factura = (numero: string, cantidad: number) => {
      const neto = Math.round(250_000 * cantidad);
      const iva = Math.round(neto * 0.16);
      return call(tokens.acme, "/api/facturas/postFacturaExtranjera", {
        RazonSocial: P.bd,
        LineasPedido: [{ PedidoDocEntry: pedido!.docEntry, LineNum: 0, Cantidad: String(cantidad) }],
        PDF: `${numero}.pdf`,
        PDF64: pdfBase64(`Invoice ${numero}`),
        Recepcion: "recepcion.png",
        Recepcion64: PNG64,
        NumeroFactura: numero,
        FechaFactura: "2026-11-14",
        Moneda: "USD",
        Subtotal: (neto / 100).toFixed(2),
        Impuestos: (iva / 100).toFixed(2),
        Total: ((neto + iva) / 100).toFixed(2),
      });
    };
    for (const [numero, cantidad] of [
      ["SRV-SL-60", 0.6],
      ["SRV-SL-40", 0.4],
    ] as const) {
      expect((await factura(numero, cantidad)).json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    }
    const tercera = await factura("SRV-SL-10", 0.1);
    expect(tercera.statusCode).toBe(400);
    expect(tercera.json().message).toContain(FACTURA_PEDIDO_MSG.cantidadExcedeAbierta(pedido!.docNum, 0, "0.1", "0"));

    const filas = (await call(tokens.admin, "/api/facturasPendientes/getFacturas", {})).json().data as {
      IdFactura: number;
      FolioFactura: string;
      BD: string;
      Version: number;
    }[];
    const ids: number[] = [];
    for (const numero of ["SRV-SL-60", "SRV-SL-40"]) {
      const f = filas.find((x) => x.FolioFactura === numero)!;
      ids.push(f.IdFactura);
      const aceptada = await t.app.inject(
        withToken(tokens.admin, {
          method: "PATCH",
          url: "/api/facturasPendientes/patchfactura",
          payload: [{ Factura: f.IdFactura, Estatus: "A", Comentarios: "Conforme", BD: f.BD, Version: f.Version }],
        }),
      );
      expect(aceptada.json()).toEqual({ status: "success", message: MSG.revisionExito });
    }
    expect(await t.app.services.erpOutbox.flush()).toBe(2);
    const copiadas = [];
    for (const id of ids) {
      const [ap] = await tdb.db.select().from(schema.erpFacturas).where(eq(schema.erpFacturas.portalId, id));
      expect(ap).toMatchObject({ cardCode: P.cardCode, uuid: "", docCur: "USD" });
      const lineas = await tdb.db
        .select()
        .from(schema.erpFacturaLineas)
        .where(and(eq(schema.erpFacturaLineas.bd, P.bd), eq(schema.erpFacturaLineas.docEntry, ap!.docEntry)));
      copiadas.push(...lineas.map((l) => [l.baseType, l.baseEntry, l.baseLine, Number(l.quantity), l.lineTotal]));
    }
    expect(copiadas).toEqual([
      [22, pedido!.docEntry, 0, 0.6, "1500.00"],
      [22, pedido!.docEntry, 0, 0.4, "1000.00"],
    ]);
    const [cerrado] = await tdb.db
      .select({ docStatus: schema.erpPedidos.docStatus })
      .from(schema.erpPedidos)
      .where(and(eq(schema.erpPedidos.bd, P.bd), eq(schema.erpPedidos.docEntry, pedido!.docEntry)));
    expect(cerrado?.docStatus).toBe("C");
  });
});
