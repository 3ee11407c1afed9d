import { issueTestFactura } from "@portal/cfdi/sello";
import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facturaPrueba, nuevaEntradaKemper, payloadFactura } from "./factura-prueba";
import { createTestAppOn, type createTestClock, login, type TestApp, withToken } from "./helpers";
import { demoWithServiceLayer } from "./service-layer-demo";

/**
 * Issue 24: an invoice accepted while the Service Layer is down waits in the ERP outbox with the Spanish reason, and
 * becomes exactly one A/P invoice in SAP once the Service Layer is back — the real adapter against the simulator,
 * the same outbox (decision 012) the mock adapter uses.
 */

interface Fila {
  IdFactura: number;
  BD: string;
  Version: number;
  Entrada: number;
  EstadoERP: string;
  ErrorERP: string;
  FolioSAP: number | null;
}

let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let t: TestApp;
const tokens = { admin: "", kemper: "" };

const call = (token: string, url: string, payload: unknown) =>
  t.app.inject(withToken(token, { method: "POST", url, payload: payload as object }));
const pendientes = async (): Promise<Fila[]> =>
  (await call(tokens.admin, "/api/facturasPendientes/getFacturas", {})).json().data;
const apDe = (portalId: number) =>
  tdb.db.select().from(schema.erpFacturas).where(eq(schema.erpFacturas.portalId, portalId));
const trabajoDe = async (facturaId: number) =>
  (await tdb.db.select().from(schema.erpTrabajos).where(eq(schema.erpTrabajos.facturaId, facturaId)))[0];

/** Kemper registers an invoice on a new open receipt (read through the Service Layer) and an employee accepts it. */
async function acceptedInvoice(folio: string): Promise<Fila> {
  const docNum = await nuevaEntradaKemper(tdb.db);
  time.advance(60_000);
  const registro = await call(
    tokens.kemper,
    "/api/facturas/postFactura",
    payloadFactura(issueTestFactura(facturaPrueba({ folio: `${folio}-${docNum}` })), docNum),
  );
  expect(registro.statusCode, registro.body).toBe(200);
  const f = (await pendientes()).find((x) => x.Entrada === docNum && x.BD === "SBO_MCI") as Fila;
  expect(f).toBeDefined();
  const aceptada = await t.app.inject(
    withToken(tokens.admin, {
      method: "PATCH",
      url: "/api/facturasPendientes/patchfactura",
      payload: [{ Factura: f.IdFactura, Estatus: "A", Comentarios: "Conforme", BD: f.BD, Version: f.Version }],
    }),
  );
  expect(aceptada.json()).toEqual({ status: "success", message: MSG.revisionExito });
  return f;
}

beforeAll(async () => {
  ({ time, tdb, sim } = await demoWithServiceLayer());
  t = await createTestAppOn(
    tdb,
    time,
    { ERP_ADAPTER: "service-layer", SAP_SL_URL: sim.url, SAP_SL_TIMEOUT_MS: "2000" },
    // Issue 36: a wake-up after an outage falls at 10 % of its window (3 s of 30 s).
    { erpRandom: () => 0.1 },
  );
  tokens.admin = await login(t.app, "admin", "Empleado");
  tokens.kemper = await login(t.app, "EKU9003173C9", "Proveedor");
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sim?.close();
  await tdb?.drop();
});

describe("ERP_ADAPTER=service-layer: the outbox delivers when the Service Layer recovers", () => {
  it("accepted while the Service Layer answers HTML 502: the job waits with the Spanish reason; once it is back, one A/P invoice", async () => {
    const f = await acceptedInvoice("SL");
    const docNum = f.Entrada;

    // The Service Layer's balancer answers its HTML 502 page to everything (retries included).
    sim.faults.html502 = 10_000;
    const loginsAntes = sim.loginCount();
    expect(await t.app.services.erpOutbox.flush()).toBe(0);
    const esperando = await trabajoDe(f.IdFactura);
    expect(esperando).toMatchObject({ estado: "pendiente", intentos: 1 });
    expect(esperando?.ultimoError).toContain("El ERP no responde; intente en unos minutos.");
    expect(await apDe(f.IdFactura)).toHaveLength(0);
    // Employees see why it is not in the ERP yet.
    const fila = (await pendientes()).find((x) => x.IdFactura === f.IdFactura);
    expect(fila).toMatchObject({ EstadoERP: "pendiente", FolioSAP: null });
    expect(fila?.ErrorERP).toContain("El ERP no responde");

    // The Service Layer is back; the outbox's next attempt (after its backoff) creates exactly one A/P invoice.
    sim.faults.html502 = 0;
    time.advance(60_000);
    expect(await t.app.services.erpOutbox.flush()).toBe(1);
    const ap = await apDe(f.IdFactura);
    expect(ap).toHaveLength(1);
    expect(ap[0]).toMatchObject({ bd: "SBO_MCI", cardCode: "P00001", entradaDocNum: docNum, canceled: "N" });
    expect(await trabajoDe(f.IdFactura)).toMatchObject({ estado: "hecho", intentos: 2, ultimoError: "" });
    // Logins were not hammered while it was down: at most one new session for the recovery.
    expect(sim.loginCount() - loginsAntes).toBeLessThanOrEqual(1);
    time.advance(60_000);
    const creada = (await pendientes()).find((x) => x.IdFactura === f.IdFactura);
    expect(creada).toMatchObject({ EstadoERP: "creada", FolioSAP: ap[0]?.docNum, ErrorERP: "" });
    // Asking again posts nothing new.
    time.advance(60_000);
    expect(await t.app.services.erpOutbox.flush()).toBe(0);
    expect(await apDe(f.IdFactura)).toHaveLength(1);
  });

  it("the Service Layer answers again: the jobs waiting out their backoff are woken (jittered), not left to their next attempt", async () => {
    const f = await acceptedInvoice("SLV");
    let despertado = 0;
    const dejar = t.app.services.erpOutbox.onErpBack(() => despertado++);
    try {
      // Down: the attempt fails and the job waits out its backoff (15 s).
      sim.faults.html502 = 10_000;
      expect(await t.app.services.erpOutbox.flush()).toBe(0);
      const esperando = await trabajoDe(f.IdFactura);
      expect(esperando).toMatchObject({ estado: "pendiente", intentos: 1 });
      expect(esperando?.siguienteIntento.getTime()).toBe(time.clock().getTime() + 15_000);

      const programado = esperando?.siguienteIntento.getTime() ?? 0;

      // Back 11 s later (the adapter asks again after 10 s): an employee's list reads the Service Layer, which
      // answers, and the worker is woken. Its pass wakes the job (issue 36: at a random point of a 30 s window,
      // here 3 s, never later than its backoff had it), keeping the time its backoff had set.
      sim.faults.html502 = 0;
      time.advance(11_000);
      await pendientes();
      for (let i = 0; i < 50 && despertado === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(despertado).toBe(1);
      expect(await t.app.services.erpOutbox.flush()).toBe(0);
      const despierto = await trabajoDe(f.IdFactura);
      expect(despierto?.siguienteIntento.getTime()).toBe(time.clock().getTime() + 3_000);
      expect(despierto?.intentoProgramado?.getTime()).toBe(programado);
      time.advance(3_000);
      expect(await t.app.services.erpOutbox.flush()).toBe(1);
      expect(await apDe(f.IdFactura)).toHaveLength(1);
      expect(await trabajoDe(f.IdFactura)).toMatchObject({ estado: "hecho", intentos: 2, intentoProgramado: null });
    } finally {
      dejar();
    }
  });
});
