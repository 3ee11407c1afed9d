import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { PROVEEDOR_EXTRANJERO_DEMO } from "@portal/seed";
import { eq } from "drizzle-orm";
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
});
