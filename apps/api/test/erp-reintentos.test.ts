import { BLOQUEO_ERP_MSG, NOTA_CREDITO_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { createMockErpAdapter } from "@portal/erp-sim";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErpRechazoError } from "../src/erp";
import { erpJobHandlers } from "../src/erp-jobs";
import {
  createErpOutbox,
  ERP_MAX_INTENTOS,
  ERP_VENTANA_DESPERTAR_MS,
  erpBackoffMs,
} from "../src/modules/erp-outbox/service";
import { createData } from "../src/repositories";
import { createTestApp, type TestApp } from "./helpers";
import { documentosErp, type FacturaFila } from "./reintentos-prueba";

/**
 * Issue 36, "Retries that last" (decision 040): after an outage each job waiting out its backoff is woken once,
 * at a random point of a window; a wake-up that fails the way the last attempt did is no attempt; a credit note's
 * job waits for its invoice's A/P invoice without spending attempts; employees retry a failed credit note's or
 * payment block's job like an invoice's. The mock ERP behind a network the test controls.
 */

/** What the test makes the ERP do, and the ERP's "I answer again" (the Service Layer adapter's onAvailable). */
const erp = {
  /** Every call fails as an unreachable ERP does (a ServiceLayerError of no answer carries the same mark). */
  caido: false,
  /** Every call fails with an error that is not an outage. */
  otroError: false,
  rechazarNota: false,
  rechazarBloqueo: false,
  creaciones: 0,
};
const oyentes = new Set<(bd: string) => void>();
const deVuelta = (bd = "SBO_MCI") => {
  for (const oyente of oyentes) oyente(bd);
};
/** The wake-ups' random source: the values queued by the test, then 0.5. */
const azar: number[] = [];
let sorteos = 0;

const noResponde = () =>
  Object.assign(new Error("El ERP no responde; intente en unos minutos."), { erpNoDisponible: true });
function red() {
  if (erp.caido) throw noResponde();
  if (erp.otroError) throw new Error("Respuesta inesperada del ERP");
}

let t: TestApp;
const d = documentosErp(() => t);
let dejar: () => void = () => {};

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      erp: (real) => ({
        ...real,
        onAvailable(oyente) {
          oyentes.add(oyente);
          return () => oyentes.delete(oyente);
        },
        async findFacturaProveedor(bd, portalId) {
          red();
          return real.findFacturaProveedor(bd, portalId);
        },
        async createFacturaProveedor(input) {
          red();
          erp.creaciones++;
          return real.createFacturaProveedor(input);
        },
        async findNotaCreditoProveedor(bd, portalId) {
          red();
          return real.findNotaCreditoProveedor(bd, portalId);
        },
        async createNotaCreditoProveedor(input) {
          red();
          if (erp.rechazarNota) throw new ErpRechazoError("La factura de proveedor está cerrada en el ERP.");
          return real.createNotaCreditoProveedor(input);
        },
        async setPaymentBlock(bd, docEntry, blocked) {
          red();
          if (erp.rechazarBloqueo) throw new ErpRechazoError("El documento está cerrado; no admite bloqueo de pago.");
          return real.setPaymentBlock(bd, docEntry, blocked);
        },
      }),
      erpRandom: () => {
        sorteos++;
        return azar.shift() ?? 0.5;
      },
    },
  );
  await d.signIn();
  // What the worker does (erpWorker is off in tests): listen for the ERP coming back.
  dejar = t.app.services.erpOutbox.onErpBack(() => {});
});
afterAll(async () => {
  dejar();
  await t?.close();
});

const flush = () => t.app.services.erpOutbox.flush();
const ahora = () => t.time.clock().getTime();
const reset = () => Object.assign(erp, { caido: false, otroError: false, rechazarNota: false, rechazarBloqueo: false });

describe("the ERP outbox after an outage (issue 36)", () => {
  let facturas: FacturaFila[] = [];
  const trabajos = () => Promise.all(facturas.map((f) => d.trabajoFactura(f.IdFactura)));

  it("wakes each job waiting out its backoff once, at a random point of the window, never later than its backoff", async () => {
    reset();
    erp.caido = true;
    facturas = [await d.facturaAceptada(), await d.facturaAceptada(), await d.facturaAceptada()];
    // Three attempts each while the ERP is down: 15 s, 30 s, then 60 s to wait.
    expect(await flush()).toBe(0);
    t.time.advance(erpBackoffMs(1));
    expect(await flush()).toBe(0);
    t.time.advance(erpBackoffMs(2));
    expect(await flush()).toBe(0);
    const programado = ahora() + erpBackoffMs(3);
    for (const j of await trabajos()) {
      expect(j).toMatchObject({
        estado: "pendiente",
        intentos: 3,
        claseError: "no_disponible",
        intentoProgramado: null,
      });
      expect(j?.siguienteIntento.getTime()).toBe(programado);
    }

    // The ERP answers again, twice (an ERP that comes and goes announces itself on every answer after a failure).
    azar.push(0.1, 0.5, 0.9);
    deVuelta();
    deVuelta();
    expect(await flush()).toBe(0);
    const despiertos = await trabajos();
    // In job order: 3 s, 15 s and 27 s into the 30 s window; each keeps the time its backoff had set.
    expect(despiertos.map((j) => (j?.siguienteIntento.getTime() ?? 0) - ahora())).toEqual(
      [0.1, 0.5, 0.9].map((r) => Math.floor(r * ERP_VENTANA_DESPERTAR_MS)),
    );
    for (const j of despiertos) expect(j?.intentoProgramado?.getTime()).toBe(programado);

    // Back again before they ran: nobody is woken twice (no draw, no time changed).
    const antes = sorteos;
    deVuelta();
    expect(await flush()).toBe(0);
    expect(sorteos).toBe(antes);
    expect((await trabajos()).map((j) => j?.siguienteIntento.getTime())).toEqual(
      despiertos.map((j) => j?.siguienteIntento.getTime()),
    );

    // A wake-up never postpones: a job whose backoff ends within the window is left at its time.
    azar.push(0.99);
    const otra = await d.facturaAceptada();
    expect(await flush()).toBe(0);
    const suTiempo = (await d.trabajoFactura(otra.IdFactura))?.siguienteIntento.getTime();
    expect(suTiempo).toBe(ahora() + erpBackoffMs(1));
    deVuelta();
    await flush();
    expect(await d.trabajoFactura(otra.IdFactura)).toMatchObject({ intentoProgramado: null, intentos: 1 });
    expect((await d.trabajoFactura(otra.IdFactura))?.siguienteIntento.getTime()).toBe(suTiempo);
    facturas.push(otra);
  });

  it("a wake-up that fails the same way (the ERP still unavailable) is not an attempt; the backoff's own time is", async () => {
    const [a, b, c] = await trabajos();
    const programado = a?.intentoProgramado?.getTime() ?? 0;
    // The three woken jobs come due and the ERP still does not answer.
    t.time.advance(Math.floor(0.9 * ERP_VENTANA_DESPERTAR_MS));
    expect(await flush()).toBe(0);
    for (const j of [a, b, c]) {
      const ahoraJ = await d.trabajoFactura(j?.facturaId ?? 0);
      expect(ahoraJ).toMatchObject({ estado: "pendiente", intentos: 3, claseError: "no_disponible" });
      expect(ahoraJ?.ultimoError).toContain("El ERP no responde");
      // Back where the backoff had it, still marked: the next "back" does not wake it again.
      expect(ahoraJ?.siguienteIntento.getTime()).toBe(programado);
      expect(ahoraJ?.intentoProgramado?.getTime()).toBe(programado);
    }
    deVuelta();
    await flush();
    expect((await d.trabajoFactura(a?.facturaId ?? 0))?.siguienteIntento.getTime()).toBe(programado);

    // The backoff's own time: an ordinary attempt, counted, and the job may be woken again after it.
    t.time.advance(programado - ahora());
    expect(await flush()).toBe(0);
    for (const j of [a, b, c]) {
      const ahoraJ = await d.trabajoFactura(j?.facturaId ?? 0);
      expect(ahoraJ).toMatchObject({ estado: "pendiente", intentos: 4, intentoProgramado: null });
      expect(ahoraJ?.siguienteIntento.getTime()).toBe(ahora() + erpBackoffMs(4));
    }

    // Woken again, it fails another way (the ERP answers, wrongly): that says something new, so it counts.
    azar.push(0, 0, 0);
    erp.caido = false;
    erp.otroError = true;
    deVuelta();
    expect(await flush()).toBe(0);
    for (const j of [a, b, c]) {
      expect(await d.trabajoFactura(j?.facturaId ?? 0)).toMatchObject({
        estado: "pendiente",
        intentos: 5,
        claseError: "error",
        intentoProgramado: null,
      });
    }

    // The ERP is fine: each invoice becomes exactly one A/P invoice.
    reset();
    t.time.advance(erpBackoffMs(5));
    expect(await flush()).toBe(facturas.length);
    for (const f of facturas) expect(await d.apDe(f.IdFactura)).toHaveLength(1);
  });

  it("an ERP that comes and goes all day: the 14 tries last about a day, woken once per wait", async () => {
    reset();
    erp.caido = true;
    const f = await d.facturaAceptada();
    const inicio = ahora();
    const llamadas = { total: 0 };
    const antes = erp.creaciones;
    // Every 5 minutes for a day and a half the ERP answers something, then fails again; the worker runs each time.
    let fallido: number | null = null;
    for (let paso = 0; paso < (36 * 60) / 5 && fallido === null; paso++) {
      azar.push(0.2);
      deVuelta();
      await flush();
      llamadas.total++;
      const j = await d.trabajoFactura(f.IdFactura);
      if (j?.estado === "fallido") fallido = ahora() - inicio;
      t.time.advance(5 * 60_000);
    }
    const j = await d.trabajoFactura(f.IdFactura);
    expect(j).toMatchObject({ estado: "fallido", intentos: ERP_MAX_INTENTOS, claseError: "no_disponible" });
    // The designed schedule: the backoffs of the first 13 attempts, about 20 h (5-minute steps round it up).
    const disenado = Array.from({ length: ERP_MAX_INTENTOS - 1 }, (_, i) => erpBackoffMs(i + 1)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(disenado).toBeGreaterThan(20 * 3_600_000);
    expect(fallido).toBeGreaterThanOrEqual(disenado);
    expect(fallido).toBeLessThan(disenado + 3 * 3_600_000);
    expect(erp.creaciones).toBe(antes);
    // An employee's 'Reintentar' still works once the ERP is back.
    reset();
    await d.signIn();
    const res = await d.call(d.tokens.admin, "/api/facturasPendientes/reintentarErp", { Factura: f.IdFactura });
    expect(res.statusCode, res.body).toBe(200);
    expect(await d.apDe(f.IdFactura)).toHaveLength(1);
  });
});

describe("a credit note's job waits for its invoice's A/P invoice without spending attempts (issue 36)", () => {
  it("is not taken while the invoice's own job is pending, says why to employees only, and runs once the A/P invoice exists", async () => {
    reset();
    await d.signIn();
    erp.caido = true;
    const f = await d.facturaAceptada();
    expect(await flush()).toBe(0);
    const n = await d.notaAceptada(f);
    // Hours go by with the worker running: the invoice's job backs off, the credit note's is never taken.
    for (let i = 0; i < 12; i++) {
      await flush();
      t.time.advance(30 * 60_000);
    }
    expect((await d.trabajoFactura(f.IdFactura))?.intentos).toBeGreaterThan(3);
    expect(await d.trabajoNota(n.IdNotaCredito)).toMatchObject({ estado: "pendiente", intentos: 0 });
    await d.signIn();
    const espera = NOTA_CREDITO_MSG.erpFacturaPendiente(f.FolioFactura);
    expect((await d.notas()).find((x) => x.IdNotaCredito === n.IdNotaCredito)).toMatchObject({
      EstadoERP: "pendiente",
      ErrorERP: espera,
      DocNumERP: null,
    });
    expect((await d.notasPendientes()).find((x) => x.IdNotaCredito === n.IdNotaCredito)).toMatchObject({
      EstadoERP: "pendiente",
      ErrorERP: espera,
    });
    // The supplier sees the state, never the ERP's text (its row has no ErrorERP key).
    const delProveedor = (await d.notas(d.tokens.kemper)).find((x) => x.IdNotaCredito === n.IdNotaCredito);
    expect(delProveedor).toMatchObject({ EstadoERP: "pendiente" });
    expect(delProveedor).not.toHaveProperty("ErrorERP");
    // 'Reintentar' now has nothing to run: it says why, and spends nothing.
    const ahoraNo = await d.call(d.tokens.admin, "/api/notasCreditoPendientes/reintentarErp", {
      NotaCredito: n.IdNotaCredito,
    });
    expect(ahoraNo.statusCode).toBe(409);
    expect(ahoraNo.json()).toEqual({ status: "error", message: espera });
    expect(await d.trabajoNota(n.IdNotaCredito)).toMatchObject({ estado: "pendiente", intentos: 0 });

    // The ERP is back: the invoice's A/P invoice, then — in the same pass — the credit note's A/P credit memo.
    reset();
    t.time.advance(7 * 3_600_000);
    expect(await flush()).toBe(1);
    expect(await d.apDe(f.IdFactura)).toHaveLength(1);
    expect(await d.memosDe(n.IdNotaCredito)).toHaveLength(1);
    expect(await d.trabajoNota(n.IdNotaCredito)).toMatchObject({ estado: "hecho", intentos: 1 });
    await d.signIn();
    const creada = (await d.notas()).find((x) => x.IdNotaCredito === n.IdNotaCredito);
    expect(creada).toMatchObject({ EstadoERP: "creada", ErrorERP: "" });
    expect(creada?.DocNumERP).toBe((await d.memosDe(n.IdNotaCredito))[0]?.docNum);
  });

  it("a job found waiting when it runs (the invoice's A/P invoice not there after all) gives its attempt back", async () => {
    reset();
    await d.signIn();
    const f = await d.facturaAceptada();
    expect(await flush()).toBe(1);
    const n = await d.notaAceptada(f);
    // Another worker on the same database, which reads the invoice without its A/P invoice once: what a job taken
    // just before the invoice's A/P invoice was forgotten would meet.
    const data = createData(t.tdb.db);
    let primera = true;
    const relaciones = data.repos.notasCredito.relaciones;
    Object.assign(data.repos.notasCredito, {
      relaciones: async (id: number) => {
        const filas = await relaciones(id);
        if (!primera) return filas;
        primera = false;
        return filas.map((r) => ({ ...r, erpDocEntry: null }));
      },
    });
    const otroErp = createMockErpAdapter(t.tdb.db);
    const otro = createErpOutbox({
      data,
      clock: t.time.clock,
      erp: otroErp,
      handlers: erpJobHandlers({ data, clock: t.time.clock, erp: otroErp }),
    });
    await otro.flush();
    // Taken twice (the first time it waited, given back; the second it ran): one attempt counted, one memo.
    expect(primera).toBe(false);
    expect(await d.trabajoNota(n.IdNotaCredito)).toMatchObject({ estado: "hecho", intentos: 1 });
    expect(await d.memosDe(n.IdNotaCredito)).toHaveLength(1);
  });
});

describe("'Reintentar' for credit notes and payment blocks (issue 36)", () => {
  it("a failed credit note's job: 'Error en ERP' with the ERP's message for employees; only reviewers retry it", async () => {
    reset();
    await d.signIn();
    const f = await d.facturaAceptada();
    expect(await flush()).toBe(1);
    erp.rechazarNota = true;
    const n = await d.notaAceptada(f);
    await flush();
    expect(await d.trabajoNota(n.IdNotaCredito)).toMatchObject({ estado: "fallido", claseError: "rechazo" });
    const fila = (await d.notasPendientes()).find((x) => x.IdNotaCredito === n.IdNotaCredito);
    expect(fila).toMatchObject({ EstadoERP: "fallido", DocNumERP: null });
    expect(fila?.ErrorERP).toContain("La factura de proveedor está cerrada en el ERP.");
    const delProveedor = (await d.notas(d.tokens.kemper)).find((x) => x.IdNotaCredito === n.IdNotaCredito);
    expect(delProveedor).toMatchObject({ EstadoERP: "fallido" });
    expect(delProveedor).not.toHaveProperty("ErrorERP");

    const retry = (token: string) =>
      d.call(token, "/api/notasCreditoPendientes/reintentarErp", { NotaCredito: n.IdNotaCredito });
    // The supplier and an employee without the review's permission may not.
    expect((await retry(d.tokens.kemper)).statusCode).toBe(403);
    expect((await retry(d.tokens.consulta)).statusCode).toBe(403);
    expect((await d.trabajoNota(n.IdNotaCredito))?.estado).toBe("fallido");
    // Still refused: the ERP's message, 400.
    const rechazo = await retry(d.tokens.admin);
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().message).toBe(NOTA_CREDITO_MSG.erpRechazo("La factura de proveedor está cerrada en el ERP."));
    // Unavailable: 502, and it will be retried on its own.
    erp.rechazarNota = false;
    erp.caido = true;
    const caido = await retry(d.tokens.admin);
    expect(caido.statusCode).toBe(502);
    expect(caido.json().message).toBe(NOTA_CREDITO_MSG.erpNoDisponible("El ERP no responde; intente en unos minutos."));
    expect((await d.trabajoNota(n.IdNotaCredito))?.estado).toBe("pendiente");
    // Fixed in the ERP: created once; asking again creates nothing more.
    reset();
    const hecho = await retry(d.tokens.admin);
    expect(hecho.statusCode, hecho.body).toBe(200);
    const [memo] = await d.memosDe(n.IdNotaCredito);
    expect(hecho.json()).toEqual({ status: "success", message: NOTA_CREDITO_MSG.erpCreada(memo?.docNum ?? 0) });
    expect((await retry(d.tokens.admin)).json().message).toBe(NOTA_CREDITO_MSG.erpCreada(memo?.docNum ?? 0));
    expect(await d.memosDe(n.IdNotaCredito)).toHaveLength(1);
    expect((await d.notasPendientes()).find((x) => x.IdNotaCredito === n.IdNotaCredito)).toMatchObject({
      EstadoERP: "creada",
      ErrorERP: "",
    });
    // A credit note that is not accepted has nothing to send; one that does not exist answers 404.
    expect(
      (await d.call(d.tokens.admin, "/api/notasCreditoPendientes/reintentarErp", { NotaCredito: 999_999 })).statusCode,
    ).toBe(404);
  });

  it("a failed payment block's job: retried by reviewers only, answering what the ERP has", async () => {
    reset();
    const f = await d.facturaAceptada();
    expect(await flush()).toBe(1);
    // The SAT cancelled the CFDI (decision 036): the portal wants the payment blocked and queues the job.
    const now = t.time.clock();
    await t.tdb.db.update(schema.facturas).set({ bloqueoPago: "bloqueado" }).where(eq(schema.facturas.id, f.IdFactura));
    await t.tdb.db
      .insert(schema.erpTrabajos)
      .values({ tipo: "bloquear_pago", facturaId: f.IdFactura, siguienteIntento: now, createdAt: now });
    erp.rechazarBloqueo = true;
    await flush();
    const fila = async () =>
      (
        (await d.call(d.tokens.admin, "/api/facturasPendientes/getFacturas", {})).json().data as {
          IdFactura: number;
          EstadoBloqueoERP?: string;
          ErrorBloqueoERP?: string;
        }[]
      ).find((x) => x.IdFactura === f.IdFactura);
    expect(await fila()).toMatchObject({ EstadoBloqueoERP: "fallido" });
    expect((await fila())?.ErrorBloqueoERP).toContain("no admite bloqueo de pago");

    const retry = (token: string) =>
      d.call(token, "/api/facturasPendientes/reintentarBloqueoErp", { Factura: f.IdFactura });
    expect((await retry(d.tokens.kemper)).statusCode).toBe(403);
    expect((await retry(d.tokens.consulta)).statusCode).toBe(403);
    const rechazo = await retry(d.tokens.admin);
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().message).toBe(
      BLOQUEO_ERP_MSG.rechazo("El documento está cerrado; no admite bloqueo de pago."),
    );
    erp.rechazarBloqueo = false;
    const hecho = await retry(d.tokens.admin);
    expect(hecho.json()).toEqual({ status: "success", message: BLOQUEO_ERP_MSG.registrado(true) });
    expect((await d.apDe(f.IdFactura))[0]?.payBlock).toBe("Y");
    expect(await fila()).toMatchObject({ EstadoBloqueoERP: "hecho", ErrorBloqueoERP: "" });
    expect((await retry(d.tokens.admin)).json().message).toBe(BLOQUEO_ERP_MSG.registrado(true));
    // An invoice without a payment block has nothing to send.
    const otra = await d.facturaAceptada();
    const nada = await d.call(d.tokens.admin, "/api/facturasPendientes/reintentarBloqueoErp", {
      Factura: otra.IdFactura,
    });
    expect(nada.statusCode).toBe(400);
    expect(nada.json().message).toBe(BLOQUEO_ERP_MSG.sinBloqueo);
  });
});
