import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildPostFacturaPayload,
  buildPostPagoPayload,
  divideAmounts,
  readInvoice,
  readPaymentComplement,
  subtractAmounts,
} from "@portal/cfdi";
import { freshStamp, TEST_CSD_MSG, testFacturaCfdi } from "@portal/cfdi/sello";
import { CFDI_PRUEBA_MSG, MSG, NOTA_CREDITO_MSG } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FACTURA_MSG } from "../src/modules/facturas/reglas";
import { entradaKemper, nuevaEntradaKemper, PNG64 } from "./factura-prueba";
import { createTestApp, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 40 (decision 062): 'Generar CFDI de prueba'. Only a portal that trusts the SAT's test certificates issues
 * them; each matches the supplier's own records (receipts, an accepted invoice, a payment) and passes the portal's
 * own registration checks — registered here through the real calls.
 */

interface Generado {
  UUID: string;
  XML: { nombre: string; base64: string };
  PDF: { nombre: string; base64: string };
}

let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
const call = (token: string, url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method: "POST", url, payload: payload as object }));
const generate = (token: string, body: Record<string, unknown>) => call(token, "/api/cfdiPrueba/postCfdiPrueba", body);
const xmlOf = (g: Generado) => Buffer.from(g.XML.base64, "base64").toString("utf8");
const archivos = (g: Generado) => ({
  pdf: { name: g.PDF.nombre, base64: g.PDF.base64 },
  xml: { name: g.XML.nombre, base64: g.XML.base64 },
});

describe("con SAT_TEST_CERTS=false (producción)", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ SAT_TEST_CERTS: "false" });
  });
  afterAll(async () => prod?.close());

  it("does not exist: the web learns it shows no button, the call answers 404", async () => {
    const { kemper } = await loginTodos(prod.app);
    const inject = (url: string, payload: object) =>
      prod.app.inject(withToken(kemper, { method: "POST", url, payload }));
    const disponible = await inject("/api/cfdiPrueba/getDisponible", {});
    expect(disponible.json()).toEqual({ status: "success", message: MSG.ok, data: { Disponible: false } });
    const docNum = await nuevaEntradaKemper(prod.tdb.db);
    const res = await inject("/api/cfdiPrueba/postCfdiPrueba", {
      Tipo: "factura",
      RazonSocial: "SBO_MCI",
      EntradaMercancia: docNum,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("base64");
  });
});

describe("con SAT_TEST_CERTS=true (la demostración)", () => {
  beforeAll(async () => {
    t = await createTestApp();
    Object.assign(tokens, await loginTodos(t.app));
  });
  afterAll(async () => t?.close());

  it("is available to suppliers only", async () => {
    expect((await call(tokens.kemper, "/api/cfdiPrueba/getDisponible", {})).json().data).toEqual({ Disponible: true });
    expect((await call(tokens.admin, "/api/cfdiPrueba/getDisponible", {})).statusCode).toBe(403);
    expect((await generate(tokens.admin, { Tipo: "nota", IdFactura: 1 })).statusCode).toBe(403);
  });

  it("issues the invoice of two receipts, which postFactura registers", async () => {
    const a = await nuevaEntradaKemper(t.tdb.db, { groupNum: 30, peyMethod: "99" });
    const b = await nuevaEntradaKemper(t.tdb.db, { groupNum: 30, peyMethod: "99" });
    const res = await generate(tokens.kemper, { Tipo: "factura", RazonSocial: "SBO_MCI", EntradaMercancia: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data as Generado;
    expect(res.json().message).toBe(CFDI_PRUEBA_MSG.generado(g.UUID));
    const read = readInvoice(xmlOf(g));
    if (!read.ok) throw new Error(read.errors.join(" "));
    // Two receipts of 1,160.00 with credit days (payment form 99): PPD (spec §5).
    expect(read.data).toMatchObject({
      Total: "2320.00",
      MetodoPago: "PPD",
      FormaPago: "99",
      RFCReceptor: "MCI7306249Y1",
    });
    const body = buildPostFacturaPayload(read.data, {
      RazonSocial: "SBO_MCI",
      EntradaMercancia: [a, b],
      archivos: { ...archivos(g), recepcion: { name: "recepcion.png", base64: PNG64 } },
    });
    const registered = await call(tokens.kemper, "/api/facturas/postFactura", body);
    expect(registered.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
  });

  it("refuses another supplier's receipts, invoices and payments", async () => {
    const docNum = await nuevaEntradaKemper(t.tdb.db);
    // Berenice is not linked to SBO_MCI; in SBO_KIJ, which both share, Kemper's receipt is as good as missing.
    const enMci = await generate(tokens.berenice, {
      Tipo: "factura",
      RazonSocial: "SBO_MCI",
      EntradaMercancia: docNum,
    });
    expect(enMci.json()).toEqual({ status: "error", message: CFDI_PRUEBA_MSG.sociedadNoVinculada });
    const deKemper = await entradaKemper(t.tdb.db, { bd: "SBO_KIJ" });
    const enKij = await generate(tokens.berenice, {
      Tipo: "factura",
      RazonSocial: "SBO_KIJ",
      EntradaMercancia: deKemper.docNum,
      EntradaDocEntry: deKemper.docEntry,
    });
    expect(enKij.json()).toEqual({ status: "error", message: FACTURA_MSG.entradaNoExiste(deKemper.docNum) });
    const facturas = (await call(tokens.kemper, "/api/facturas/getFacturas", {})).json().data as {
      IdFactura: number;
      EstatusFactura: string;
    }[];
    const aceptada = facturas.find((f) => f.EstatusFactura === "A");
    expect(aceptada).toBeDefined();
    const nota = await generate(tokens.berenice, { Tipo: "nota", IdFactura: aceptada?.IdFactura });
    expect(nota.json()).toEqual({ status: "error", message: CFDI_PRUEBA_MSG.facturaNoExiste });
    const pago = await generate(tokens.berenice, { Tipo: "complemento", BD: "SBO_MCI", PagoSAP: 2064 });
    expect(pago.statusCode).toBeGreaterThanOrEqual(400);
    expect(pago.statusCode).toBeLessThan(500);
    expect(pago.body).not.toContain("base64");
  });

  it("says why Berenice's test CSD cannot seal a CFDI dated today (it expired in 2023)", async () => {
    const kij = (await call(tokens.berenice, "/api/facturas/getEntradas", { RazonSocial: "SBO_KIJ" })).json();
    const abierta = (kij.data as { DocNum: number }[] | undefined)?.[0];
    const res = await generate(tokens.berenice, {
      Tipo: "factura",
      RazonSocial: "SBO_KIJ",
      EntradaMercancia: abierta?.DocNum ?? 1,
    });
    expect(res.statusCode).toBe(400);
    if (abierta)
      expect(res.json().message).toBe(TEST_CSD_MSG.csdVencido("XIQB891116QE4", "2026-11-21T06:00:00", "2023-05-29"));
  });

  it("issues a credit note of an accepted invoice, which postNotaCredito registers", async () => {
    const facturas = (await call(tokens.kemper, "/api/facturas/getFacturas", {})).json().data as {
      IdFactura: number;
      EstatusFactura: string;
      FolioFactura: string;
    }[];
    // The demo's invoice 1187: accepted, unpaid, in the ERP.
    const f = facturas.find((x) => x.FolioFactura.endsWith("1187"));
    expect(f?.EstatusFactura).toBe("A");
    const res = await generate(tokens.kemper, { Tipo: "nota", IdFactura: f?.IdFactura });
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data as Generado;
    const registered = await call(tokens.kemper, "/api/notasCredito/postNotaCredito", {
      RazonSocial: "SBO_MCI",
      PDF: g.PDF.nombre,
      PDF64: g.PDF.base64,
      XML: g.XML.nombre,
      XML64: g.XML.base64,
    });
    expect(registered.json()).toEqual({ status: "success", message: NOTA_CREDITO_MSG.registrada });
  });

  it("issues the complement the portal expects for a payment, which postPago registers", async () => {
    const pagos = (await call(tokens.kemper, "/api/pagos/getPagos", {})).json().data as {
      DocNum: number;
      U_SYS_PMSNBD: string;
      Detalle: { FolioSAP: number; FolioFactura: string; UUID: string; FechaFactura: string; Total: string }[];
    }[];
    const pago = pagos.find((p) => p.DocNum === 2064);
    expect(pago).toBeDefined();
    if (!pago) return;
    const res = await generate(tokens.kemper, { Tipo: "complemento", BD: pago.U_SYS_PMSNBD, PagoSAP: pago.DocNum });
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json().data as Generado;
    const read = readPaymentComplement(xmlOf(g));
    if (!read.ok) throw new Error(read.errors.join(" "));
    const body = buildPostPagoPayload(read.data, {
      PagoSAP: pago.DocNum,
      BD: pago.U_SYS_PMSNBD,
      archivos: archivos(g),
      Detalle: pago.Detalle,
    });
    const registered = await call(tokens.kemper, "/api/pagos/postPago", {
      ...body,
      usuario: "ESCUELA KEMPER URGATE",
      id: "P00001",
      operador: "Proveedor",
    });
    expect(registered.statusCode, registered.body).toBe(200);
    // A payment whose complement is owed no more (2066's was accepted in the demo) gets none.
    const aceptado = await generate(tokens.kemper, { Tipo: "complemento", BD: "SBO_MCI", PagoSAP: 2066 });
    expect(aceptado.json()).toEqual({ status: "error", message: CFDI_PRUEBA_MSG.sinComplemento });
  });

  it("the CFDI shipped for the receipt SAT-PRUEBA-2025 (demo/cfdi-prueba) registers against it", async () => {
    const dir = join(dirname(fileURLToPath(import.meta.url)), "../../../demo/cfdi-prueba");
    const xml = readFileSync(join(dir, "SAT-PRUEBA-2025.xml"), "utf8");
    const read = readInvoice(xml);
    if (!read.ok) throw new Error(read.errors.join(" "));
    const entradas = (await call(tokens.kemper, "/api/facturas/getEntradas", { BD: "SBO_MCI", tipo: "Nuevo" })).json()
      .data as { DocNum: number; DocEntry: number; NumAtCard: string }[];
    const entrada = entradas.find((e) => e.NumAtCard === "SAT-PRUEBA-2025");
    expect(entrada).toBeDefined();
    const b64 = (name: string) => readFileSync(join(dir, name)).toString("base64");
    const body = buildPostFacturaPayload(read.data, {
      RazonSocial: "SBO_MCI",
      EntradaMercancia: entrada?.DocNum ?? 0,
      archivos: {
        pdf: { name: "SAT-PRUEBA-2025.pdf", base64: b64("SAT-PRUEBA-2025.pdf") },
        xml: { name: "SAT-PRUEBA-2025.xml", base64: b64("SAT-PRUEBA-2025.xml") },
        recepcion: { name: "recepcion.png", base64: b64("recepcion.png") },
      },
    });
    const registered = await call(tokens.kemper, "/api/facturas/postFactura", body);
    expect(registered.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
  });

  it("Berenice registers a CFDI dated within her expired CSD's validity, as the README says", async () => {
    const kij = (await call(tokens.berenice, "/api/facturas/getEntradas", { BD: "SBO_KIJ", tipo: "Nuevo" })).json()
      .data as {
      DocNum: number;
      DocEntry: number;
      DocTotal: string;
      DocCur: string;
      PeyMethod: string;
      U_B1SYS_MainUsage: string;
      CP: string;
      GroupNum: number;
    }[];
    const e = kij.find((x) => x.DocCur === "MXN");
    expect(e, "Berenice tiene una entrada abierta en MXN en SBO_KIJ").toBeDefined();
    if (!e) return;
    // What `npm run cfdi -- emitir factura --rfc XIQB891116QE4 … --fecha 2023-05-20T10:00:00` issues.
    const subtotal = divideAmounts(e.DocTotal, "1.16", 2);
    const fecha = "2023-05-20T10:00:00";
    const cfdi = testFacturaCfdi({
      emisor: { rfc: "XIQB891116QE4", nombre: "BERENICE XIMO QUEZADA", regimen: "612" },
      receptor: {
        rfc: "KIJ0906199R1",
        nombre: "KIJ, S.A DE C.V.",
        cp: "59820",
        regimen: "601",
        uso: e.U_B1SYS_MainUsage,
      },
      lugarExpedicion: e.CP,
      fecha,
      folio: "README",
      formaPago: e.PeyMethod,
      metodoPago: e.GroupNum > 0 ? "PPD" : "PUE",
      subtotal,
      iva: subtractAmounts(e.DocTotal, subtotal),
      ...freshStamp(fecha),
      total: e.DocTotal,
    });
    const read = readInvoice(cfdi.xml);
    if (!read.ok) throw new Error(read.errors.join(" "));
    const body = buildPostFacturaPayload(read.data, {
      RazonSocial: "SBO_KIJ",
      EntradaMercancia: e.DocNum,
      EntradaDocEntry: e.DocEntry,
      archivos: {
        pdf: { name: "f.pdf", base64: Buffer.from(cfdi.pdf).toString("base64") },
        xml: { name: "f.xml", base64: Buffer.from(cfdi.xml).toString("base64") },
        recepcion: { name: "recepcion.png", base64: PNG64 },
      },
    });
    const registered = await call(tokens.berenice, "/api/facturas/postFactura", body);
    expect(registered.json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
  });

  it("names the field a form did not send", async () => {
    const res = await generate(tokens.kemper, { Tipo: "complemento", BD: "SBO_MCI" });
    expect(res.json()).toEqual({ status: "error", message: CFDI_PRUEBA_MSG.campoRequerido("PagoSAP", "complemento") });
  });
});
