import { randomUUID } from "node:crypto";
import { type FacturaPrueba, issueTestFactura } from "@portal/cfdi/sello";
import { type ComplementoEsperado, MSG, SAT_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { SIMULADOR_SAT_PATH } from "../src/sat/simulador";
import { complementoDesdeEsperado } from "./documentos-prueba";
import { facturaPrueba, KEMPER, MCI, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestApp, createTestAppOn, login, pdfBase64, type TestApp, withToken } from "./helpers";

/**
 * Issue 15 §1: the SAT's status of every CFDI. The real client talks SOAP over HTTP to the simulator mounted in
 * the test app, whose answers the tests set in sat_simulador_estados: every kind of answer, outages and slow
 * answers (accepted as pending, retried), the 72-hour rule with the test clock, and the re-check of accepted
 * invoices turning one Cancelado and mailing the reviewers. The test clock starts 2026-11-21T12:00:00Z
 * (06:00 in central Mexico).
 */
let t: TestApp;
/** A fresh session for each call: the tests move the clock by hours and days, past any session's life. */
const tokens = {
  get admin() {
    return login(t.app, "admin", "Empleado");
  },
  get consulta() {
    return login(t.app, "consulta", "Empleado");
  },
  get kemper() {
    return login(t.app, "EKU9003173C9", "Proveedor");
  },
};
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

const HORA = 3_600_000;
const simulate = (uuid: string, v: Partial<typeof schema.satSimuladorEstados.$inferInsert>) =>
  t.app.services.satSimulador.simulate(uuid, v);
const forget = (uuid: string) =>
  t.tdb.db.delete(schema.satSimuladorEstados).where(eq(schema.satSimuladorEstados.uuid, uuid.toUpperCase()));
const estadoSat = async (uuid: string) =>
  (await t.tdb.db.select().from(schema.satEstadosCfdi).where(eq(schema.satEstadosCfdi.uuid, uuid.toUpperCase())))[0];
const factura = async (uuid: string) =>
  (await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.uuid, uuid.toUpperCase())))[0];

/** Uploads a new invoice of Kemper with this UUID (stamped 5 days before the clock's now unless told). */
async function upload(uuid: string, o: Partial<FacturaPrueba> = {}, app = t.app) {
  const docNum = await nuevaEntradaKemper(t.tdb.db);
  const xml = issueTestFactura(facturaPrueba({ uuid, ...o }));
  return app.inject(
    withToken(await tokens.kemper, {
      method: "POST",
      url: "/api/facturas/postFactura",
      payload: payloadFactura(xml, docNum),
    }),
  );
}
/** Stamped one hour before the test clock's now (2026-11-21T06:00 central Mexico). */
const RECIEN = { fecha: "2026-11-21T04:00:00", fechaTimbrado: "2026-11-21T05:00:00" } as const;
const fila = async (token: Promise<string>, uuid: string) =>
  (await t.app.inject(withToken(await token, { method: "POST", url: "/api/facturas/getFacturas", payload: {} })))
    .json()
    .data.find((r: { UUID: string }) => r.UUID === uuid.toUpperCase());

describe("configuración", () => {
  it("production asks the SAT and has no simulator unless told; the demo and tests point at their own simulator", async () => {
    const prod = loadConfig({ NODE_ENV: "production", APP_ENCRYPTION_KEY: "x" });
    expect(prod.SAT_SIMULADOR).toBe(false);
    expect(prod.SAT_ESTADO_CFDI_URL).toBe("https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc");
    const demo = loadConfig({ NODE_ENV: "production", APP_ENCRYPTION_KEY: "x", SAT_SIMULADOR: "true" });
    expect(demo.SAT_SIMULADOR).toBe(true);
    expect(demo.SAT_ESTADO_CFDI_URL).toBeNull();
    expect(loadConfig({ NODE_ENV: "test" }).SAT_SIMULADOR).toBe(true);
    // Without the simulator the route does not exist.
    const sinSimulador = await createTestAppOn(t.tdb, t.time, {
      SAT_SIMULADOR: "false",
      SAT_ESTADO_CFDI_URL: "http://127.0.0.1:9/x",
    });
    try {
      const res = await sinSimulador.app.inject({
        method: "POST",
        url: SIMULADOR_SAT_PATH,
        payload: "<a/>",
        headers: { "content-type": "text/xml" },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await sinSimulador.close();
    }
  });
});

// First, while the demo supplier's documents are current (later tests move the clock by weeks).
describe("complementos de pago", () => {
  it("a complement cancelled at the SAT is refused; a Vigente one is registered and its status shown", async () => {
    const pagos = (
      await t.app.inject(withToken(await tokens.kemper, { method: "POST", url: "/api/pagos/getPagos", payload: {} }))
    ).json().data as { DocNum: number; U_SYS_PMSNBD: string; DocTotal: string; Detalle: { FolioFactura: string }[] }[];
    const p = pagos.find((x) => x.Detalle.some((d) => d.FolioFactura === "1192"))!;
    const e: ComplementoEsperado = (
      await t.app.inject(
        withToken(await tokens.kemper, {
          method: "POST",
          url: "/api/pagos/getComplementoEsperado",
          payload: { BD: p.U_SYS_PMSNBD, PagoSAP: p.DocNum },
        }),
      )
    ).json().data;
    const { uuid, xml } = complementoDesdeEsperado(e);
    const cuerpo = {
      usuario: KEMPER.nombre,
      id: "P00001",
      operador: "Proveedor",
      PagoSAP: p.DocNum,
      BD: p.U_SYS_PMSNBD,
      PDF: "complemento.pdf",
      PDF64: pdfBase64(`Complemento ${p.DocNum}`),
      XML: "complemento.xml",
      XML64: Buffer.from(xml).toString("base64"),
      FechaPago: "2026-11-10T12:00:00",
      Folio: "S/F",
      Total: p.DocTotal,
      RFCEmisor: KEMPER.rfc,
      RFCReceptor: MCI.rfc,
      NombreEmisor: KEMPER.nombre,
      NombreReceptor: MCI.nombre,
      UUID: uuid,
      Detalle: p.Detalle,
    };
    const post = async () =>
      t.app.inject(withToken(await tokens.kemper, { method: "POST", url: "/api/pagos/postPago", payload: cuerpo }));
    await simulate(uuid, { estado: "Cancelado" });
    const refused = await post();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SAT_MSG.cancelado(uuid));
    await forget(uuid);
    expect((await post()).json()).toEqual({ status: "success", message: MSG.documentosAgregados });
    // A payment complement's Total is 0: the expression says tt=0.0.
    expect(await estadoSat(uuid)).toMatchObject({ tipo: "pago", estado: "Vigente", pendiente: false });
    expect((await estadoSat(uuid))!.expresion).toContain("&tt=0.0&");
    const filas = (
      await t.app.inject(withToken(await tokens.admin, { method: "POST", url: "/api/pagos/getPagos", payload: {} }))
    ).json().data;
    expect(filas.find((r: { U_SYS_PMUUID: string }) => r.U_SYS_PMUUID === uuid)).toMatchObject({
      EstadoSAT: "Vigente",
      PendienteSAT: false,
    });
  });
});

describe("al cargar una factura", () => {
  it("Vigente (the simulator's answer for a CFDI it has no row for): registered, status recorded, shown to employees", async () => {
    const uuid = randomUUID();
    expect((await upload(uuid)).json()).toEqual({ status: "success", message: MSG.facturaRegistrada });
    const e = await estadoSat(uuid);
    expect(e).toMatchObject({
      tipo: "factura",
      estado: "Vigente",
      codigoEstatus: "S - Comprobante obtenido satisfactoriamente.",
      cancelability: "Cancelable con aceptación",
      validacionEfos: "200",
      pendiente: false,
      intentos: 0,
    });
    expect(e!.consultadoAt?.toISOString()).toBe("2026-11-21T12:00:00.000Z");
    expect(e!.expresion).toMatch(
      new RegExp(
        `^https://verificacfdi\\.facturaelectronica\\.sat\\.gob\\.mx/default\\.aspx\\?id=${uuid.toUpperCase()}&re=${KEMPER.rfc}&rr=${MCI.rfc}&tt=1160\\.0&fe=.{8}$`,
      ),
    );
    expect(await fila(tokens.admin, uuid)).toMatchObject({ EstadoSAT: "Vigente", PendienteSAT: false, EfosSAT: "200" });
    // Suppliers do not get the SAT fields.
    expect(await fila(tokens.kemper, uuid)).not.toHaveProperty("EstadoSAT");
  });

  it("ValidacionEFOS 100 (issuer on the EFOS list) is recorded and shown; the upload goes through", async () => {
    const uuid = randomUUID();
    await simulate(uuid, { estado: "Vigente", validacionEfos: "100", cancelability: "No cancelable" });
    expect((await upload(uuid)).json().status).toBe("success");
    expect(await estadoSat(uuid)).toMatchObject({ validacionEfos: "100", cancelability: "No cancelable" });
    expect(await fila(tokens.consulta, uuid)).toMatchObject({ EstadoSAT: "Vigente", EfosSAT: "100" });
  });

  it("Cancelado is refused with its message, and nothing is saved", async () => {
    const uuid = randomUUID();
    await simulate(uuid, { estado: "Cancelado", estatusCancelacion: "Cancelado sin aceptación" });
    const res = await upload(uuid);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SAT_MSG.cancelado(uuid.toUpperCase()));
    expect(await factura(uuid)).toBeUndefined();
    expect(await estadoSat(uuid)).toBeUndefined();
  });

  it("No Encontrado more than 72 hours after FechaTimbrado is refused", async () => {
    const uuid = randomUUID();
    await simulate(uuid, { estado: "No Encontrado" });
    // Stamped 2026-11-16T10:05 central Mexico: five days before the clock.
    const res = await upload(uuid);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SAT_MSG.noEncontrado(uuid.toUpperCase()));
    expect(await factura(uuid)).toBeUndefined();
  });

  it("No Encontrado within 72 hours: accepted 'pendiente de verificar', and Vigente once the SAT lists it", async () => {
    const uuid = randomUUID();
    await simulate(uuid, { estado: "No Encontrado" });
    expect((await upload(uuid, RECIEN)).json().status).toBe("success");
    expect(await estadoSat(uuid)).toMatchObject({ estado: "No Encontrado", pendiente: true });
    expect(await fila(tokens.admin, uuid)).toMatchObject({ EstadoSAT: "No Encontrado", PendienteSAT: true });
    // Not due yet: nothing asked.
    const antes = await estadoSat(uuid);
    await t.app.services.satEstado.verifyPending(t.time.clock());
    expect((await estadoSat(uuid))!.consultadoAt).toEqual(antes!.consultadoAt);
    // An hour later the SAT has it.
    await forget(uuid);
    t.time.advance(HORA);
    await t.app.services.satEstado.verifyPending(t.time.clock());
    expect(await estadoSat(uuid)).toMatchObject({ estado: "Vigente", pendiente: false });
    expect(await fila(tokens.admin, uuid)).toMatchObject({ EstadoSAT: "Vigente", PendienteSAT: false });
    expect((await factura(uuid))!.estatus).toBe("P");
  });

  it("still No Encontrado once 72 hours have passed: the pending invoice is rejected and its supplier mailed", async () => {
    const uuid = randomUUID();
    await simulate(uuid, { estado: "No Encontrado" });
    // Stamped half an hour before now (whatever the earlier tests advanced).
    const ahora = t.time.clock();
    const local = new Date(ahora.getTime() - 6 * HORA - 30 * 60_000).toISOString().slice(0, 19);
    expect((await upload(uuid, { fecha: local, fechaTimbrado: local })).json().status).toBe("success");
    for (let h = 0; h < 60; h += 12) {
      t.time.advance(12 * HORA);
      await t.app.services.satEstado.verifyPending(t.time.clock());
    }
    // 71.5 hours after the stamp: still waiting for the SAT.
    t.time.advance(11 * HORA);
    await t.app.services.satEstado.verifyPending(t.time.clock());
    expect(await estadoSat(uuid)).toMatchObject({ estado: "No Encontrado", pendiente: true });
    t.time.advance(HORA);
    await t.app.services.satEstado.verifyPending(t.time.clock());
    expect(await estadoSat(uuid)).toMatchObject({ estado: "No Encontrado", pendiente: false });
    const f = await factura(uuid);
    expect(f).toMatchObject({ estatus: "R", comentarios: SAT_MSG.motivoNoEncontrado });
    const correos = await t.tdb.db.select().from(schema.correoOutbox);
    expect(
      correos.some((c) => c.para.includes("facturacion@kemper.edu.mx") && c.texto.includes(uuid.toUpperCase())),
    ).toBe(true);
  });
});

describe("cuando el SAT no responde", () => {
  it("an HTTP 500 (outage): accepted as pending with the error, and verified when the service is back", async () => {
    const uuid = randomUUID();
    await simulate(uuid, { falla: 500 });
    expect((await upload(uuid)).json().status).toBe("success");
    const e = await estadoSat(uuid);
    expect(e).toMatchObject({ estado: "", pendiente: true, intentos: 1, ultimoError: "el SAT respondió HTTP 500" });
    expect(await fila(tokens.admin, uuid)).toMatchObject({ EstadoSAT: "", PendienteSAT: true });
    // Still down at the first retry: backs off.
    t.time.advance(5 * 60_000);
    await t.app.services.satEstado.verifyPending(t.time.clock());
    const otra = await estadoSat(uuid);
    expect(otra).toMatchObject({ pendiente: true, intentos: 2 });
    expect(otra!.siguienteConsulta!.getTime() - t.time.clock().getTime()).toBe(10 * 60_000);
    await forget(uuid);
    t.time.advance(10 * 60_000);
    await t.app.services.satEstado.verifyPending(t.time.clock());
    expect(await estadoSat(uuid)).toMatchObject({ estado: "Vigente", pendiente: false, intentos: 0, ultimoError: "" });
  });

  it("connection refused: accepted as pending; an outage blocks nobody", async () => {
    const otra = await createTestAppOn(t.tdb, t.time, {
      SAT_ESTADO_CFDI_URL: "http://127.0.0.1:9/ConsultaCFDIService.svc",
    });
    try {
      const uuid = randomUUID();
      expect((await upload(uuid, {}, otra.app)).json().status).toBe("success");
      expect(await estadoSat(uuid)).toMatchObject({ pendiente: true, intentos: 1 });
      expect((await estadoSat(uuid))!.ultimoError).toMatch(/^no se pudo conectar con el SAT/);
      // The app that reaches the SAT verifies it later.
      t.time.advance(5 * 60_000);
      await t.app.services.satEstado.verifyPending(t.time.clock());
      expect(await estadoSat(uuid)).toMatchObject({ estado: "Vigente", pendiente: false });
    } finally {
      await otra.close();
    }
  });

  it("a slow answer (beyond SAT_ESTADO_CFDI_TIMEOUT_MS): accepted as pending, retried", async () => {
    const address = t.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const lenta = await createTestAppOn(t.tdb, t.time, {
      SAT_ESTADO_CFDI_URL: `http://127.0.0.1:${port}${SIMULADOR_SAT_PATH}`,
      SAT_ESTADO_CFDI_TIMEOUT_MS: "300",
    });
    try {
      const uuid = randomUUID();
      await simulate(uuid, { demoraMs: 1500 });
      expect((await upload(uuid, {}, lenta.app)).json().status).toBe("success");
      expect(await estadoSat(uuid)).toMatchObject({ pendiente: true, ultimoError: "el SAT no respondió en 300 ms" });
      await simulate(uuid, { demoraMs: 0 });
      t.time.advance(5 * 60_000);
      await lenta.app.services.satEstado.verifyPending(t.time.clock());
      expect(await estadoSat(uuid)).toMatchObject({ estado: "Vigente", pendiente: false });
    } finally {
      await lenta.close();
    }
  });
});

describe("revisión de los aceptados", () => {
  const accept = async (uuid: string) => {
    const f = (await factura(uuid))!;
    const res = await t.app.inject(
      withToken(await tokens.admin, {
        method: "PATCH",
        url: "/api/facturasPendientes/patchfactura",
        payload: [{ Factura: f.id, Estatus: "A", Comentarios: "", BD: f.bd, Version: f.version }],
      }),
    );
    expect(res.json().status).toBe("success");
  };

  it("adopts the documents accepted before these checks (the demo's): read from their stored XML and asked", async () => {
    const demo = await t.tdb.db.select().from(schema.facturas).where(eq(schema.facturas.estatus, "A"));
    const complementos = await t.tdb.db
      .select()
      .from(schema.complementosPago)
      .where(eq(schema.complementosPago.estatus, "A"));
    expect(demo.length).toBeGreaterThan(0);
    expect(complementos.length).toBeGreaterThan(0);
    for (const f of demo) expect(await estadoSat(f.uuid)).toBeUndefined();
    // One of them the SAT has cancelled since.
    // Paid or cancelled in the ERP: nothing left to protect, not asked (the rule: until paid).
    const porPagar = demo.filter((f) => !f.erpCancelada && Number(f.erpPagado) < Number(f.total) - 0.005);
    const activa = porPagar[0]!;
    await simulate(activa.uuid, { estado: "Cancelado", estatusCancelacion: "Cancelado sin aceptación" });
    await t.app.services.satEstado.checkAceptados(t.time.clock());
    for (const f of porPagar) {
      const e = (await estadoSat(f.uuid))!;
      expect(e.expresion).toContain(`id=${f.uuid}`);
      expect(e.consultadoAt?.getTime()).toBe(t.time.clock().getTime());
      expect(e.estado).toBe(f.id === activa.id ? "Cancelado" : "Vigente");
    }
    for (const c of complementos) expect((await estadoSat(c.uuid!))?.estado).toBe("Vigente");
    expect(await fila(tokens.admin, activa.uuid)).toMatchObject({ EstadoSAT: "Cancelado", EstatusFactura: "A" });
    await forget(activa.uuid);
  });

  it("daily for 30 days, then weekly; found Cancelado: shown Cancelado and the reviewers mailed once", async () => {
    const uuid = randomUUID();
    expect((await upload(uuid)).json().status).toBe("success");
    await accept(uuid);
    await t.app.services.satEstado.checkAceptados(t.time.clock());
    const primera = (await estadoSat(uuid))!;
    expect(primera.consultadoAt!.getTime()).toBe(t.time.clock().getTime());
    expect(primera.siguienteConsulta!.getTime() - t.time.clock().getTime()).toBe(24 * HORA);

    // Cancelled at the SAT the next day.
    await simulate(uuid, { estado: "Cancelado", estatusCancelacion: "Cancelado sin aceptación", cancelability: "" });
    const correosAntes = (await t.tdb.db.select().from(schema.correoOutbox)).length;
    t.time.advance(24 * HORA);
    await t.app.services.satEstado.checkAceptados(t.time.clock());
    expect(await estadoSat(uuid)).toMatchObject({
      estado: "Cancelado",
      estatusCancelacion: "Cancelado sin aceptación",
    });
    expect(await fila(tokens.admin, uuid)).toMatchObject({ EstadoSAT: "Cancelado", EstatusFactura: "A" });
    const correos = (await t.tdb.db.select().from(schema.correoOutbox)).slice(correosAntes);
    expect(correos).toHaveLength(1);
    expect(correos[0]!.para).toBe("admin@empresa.com.mx");
    expect(correos[0]!.texto).toContain(uuid.toUpperCase());
    expect(correos[0]!.texto).toContain(SAT_MSG.motivoCancelado);
    // Not asked again, not mailed again.
    t.time.advance(8 * 24 * HORA);
    await t.app.services.satEstado.checkAceptados(t.time.clock());
    expect((await t.tdb.db.select().from(schema.correoOutbox)).length).toBe(correosAntes + 1);
  });

  it("after 30 days the re-check is weekly, and it stops once the ERP says the invoice is paid", async () => {
    const uuid = randomUUID();
    expect((await upload(uuid)).json().status).toBe("success");
    await accept(uuid);
    t.time.advance(31 * 24 * HORA);
    await t.app.services.satEstado.checkAceptados(t.time.clock());
    const e = (await estadoSat(uuid))!;
    expect(e.siguienteConsulta!.getTime() - t.time.clock().getTime()).toBe(7 * 24 * HORA);
    await t.tdb.db
      .update(schema.facturas)
      .set({ erpPagado: "1160.00" })
      .where(eq(schema.facturas.uuid, uuid.toUpperCase()));
    t.time.advance(7 * 24 * HORA);
    await t.app.services.satEstado.checkAceptados(t.time.clock());
    expect((await estadoSat(uuid))!.consultadoAt).toEqual(e.consultadoAt);
  });
});
