import type { TareaRow } from "@portal/contracts";
import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TareaProgramada } from "../src/modules/tareas/service";
import { createTestApp, createTestAppOn, login, loginTodos, type TestApp, withToken } from "./helpers";

/**
 * Issue 15, scheduled jobs (decision 016): the registry runs due jobs by the injected clock, records every run,
 * shows administrators last and next run, failures and backlog, and never runs a job twice across processes.
 */
let t: TestApp;
const tokens = { admin: "", consulta: "", kemper: "", berenice: "" };
beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await loginTodos(t.app));
});
afterAll(async () => t?.close());

const MIN = 60_000;
const getTareas = (token: string | null) =>
  t.app.inject(
    token === null
      ? { method: "POST", url: "/api/tareas/getTareas", payload: {} }
      : withToken(token, { method: "POST", url: "/api/tareas/getTareas", payload: {} }),
  );
/** The job's row as an administrator sees it (signing in again: the tests move the clock past session expiry). */
const tarea = async (nombre: string): Promise<TareaRow> =>
  ((await getTareas(await login(t.app, "admin", "Empleado"))).json().data as TareaRow[]).find(
    (r) => r.Nombre === nombre,
  )!;
/** The runs of a pass that belong to the jobs these tests register (the app's own jobs run in the same passes). */
const propias = (hechas: { name: string }[]) => hechas.filter((h) => h.name.startsWith("prueba-"));
const ejecuciones = (nombre: string) =>
  t.tdb.db.select().from(schema.tareasEjecuciones).where(eq(schema.tareasEjecuciones.tarea, nombre));

describe("getTareas", () => {
  it("is for employee administrators only", async () => {
    expect((await getTareas(null)).statusCode).toBe(401);
    expect((await getTareas(tokens.consulta)).statusCode).toBe(403);
    expect((await getTareas(tokens.kemper)).statusCode).toBe(403);
    expect((await getTareas(tokens.berenice)).statusCode).toBe(403);
    const res = await getTareas(tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("success");
  });

  it("lists the reminders job before it ever ran: its schedule, its first run, its backlog", async () => {
    const r = await tarea("recordatorios-documentos");
    expect(r).toMatchObject({
      Programa: "Todos los días a las 06:00 (hora de la Ciudad de México)",
      UltimaEjecucion: null,
      Resultado: null,
      Fallas: 0,
      // The test clock starts at 12:00 UTC: due now.
      ProximaEjecucion: "2026-11-21T12:00:00.000Z",
    });
    expect(r.Descripcion).toMatch(/30, 15, 7 y 0 días/);
    expect(typeof r.Pendientes).toBe("number");
  });

  it("shows the last run, its result and message, and the next run", async () => {
    await t.app.services.tareas.runPending();
    const r = await tarea("recordatorios-documentos");
    expect(r).toMatchObject({
      UltimaEjecucion: "2026-11-21T12:00:00.000Z",
      UltimoFin: "2026-11-21T12:00:00.000Z",
      Resultado: "Correcta",
      ProximaEjecucion: "2026-11-22T12:00:00.000Z",
      Fallas: 0,
      Pendientes: 0,
    });
    expect(r.Mensaje).not.toBe("");
    // Not due again the same day.
    expect((await t.app.services.tareas.runPending()).some((h) => h.name === "recordatorios-documentos")).toBe(false);
  });

  it("a failing job: its error, the failures in a row, a sooner retry, and a success that resets the count", async () => {
    let falla = true;
    t.app.services.tareas.register({
      name: "prueba-falla",
      description: "Tarea de prueba que falla",
      schedule: { everyMinutes: 60 },
      execute: async () => {
        if (falla) throw new Error("El servidor remoto no respondió.");
        return "Listo.";
      },
    });
    const inicio = t.time.clock();
    expect(propias(await t.app.services.tareas.runPending())).toEqual([
      { name: "prueba-falla", ok: false, message: "El servidor remoto no respondió." },
    ]);
    let r = await tarea("prueba-falla");
    expect(r).toMatchObject({
      Programa: "Cada hora",
      Resultado: "Con error",
      Mensaje: "El servidor remoto no respondió.",
      Fallas: 1,
      Pendientes: null,
      ProximaEjecucion: new Date(inicio.getTime() + 5 * MIN).toISOString(),
    });
    t.time.advance(5 * MIN);
    await t.app.services.tareas.runPending();
    r = await tarea("prueba-falla");
    expect(r.Fallas).toBe(2);
    expect(r.ProximaEjecucion).toBe(new Date(inicio.getTime() + 15 * MIN).toISOString());
    falla = false;
    t.time.advance(10 * MIN);
    await t.app.services.tareas.runPending();
    r = await tarea("prueba-falla");
    expect(r).toMatchObject({ Resultado: "Correcta", Mensaje: "Listo.", Fallas: 0 });
    expect(r.ProximaEjecucion).toBe(new Date(inicio.getTime() + 75 * MIN).toISOString());
    const runs = await ejecuciones("prueba-falla");
    expect(runs.map((x) => x.resultado).sort()).toEqual(["error", "error", "ok"]);
    expect(runs.every((x) => x.fin !== null)).toBe(true);
  });

  it("a run whose process died is recorded as failed and run again once its lease runs out", async () => {
    const otro = await createTestAppOn(t.tdb, t.time);
    let llamadas = 0;
    const colgada: TareaProgramada = {
      name: "prueba-colgada",
      description: "Tarea de prueba",
      schedule: { everyMinutes: 24 * 60 },
      maxDurationMs: 10 * MIN,
      // The first process hangs forever inside the job (as if it died there).
      execute: () => {
        llamadas++;
        return new Promise<never>(() => {});
      },
    };
    otro.app.services.tareas.register(colgada);
    void otro.app.services.tareas.runPending();
    for (let i = 0; i < 100 && llamadas === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(llamadas).toBe(1);
    await otro.close();

    t.app.services.tareas.register({ ...colgada, execute: async () => "Recuperada." });
    expect(propias(await t.app.services.tareas.runPending())).toEqual([]);
    expect((await tarea("prueba-colgada")).Resultado).toBe("En curso");
    t.time.advance(10 * MIN);
    // Past its lease the stuck run shows as failed even before anyone takes the job over.
    expect(await tarea("prueba-colgada")).toMatchObject({ Resultado: "Con error", Mensaje: MSG.tareaInterrumpida });
    expect(propias(await t.app.services.tareas.runPending())).toEqual([
      { name: "prueba-colgada", ok: true, message: "Recuperada." },
    ]);
    const runs = await ejecuciones("prueba-colgada");
    expect(runs.map((x) => [x.resultado, x.mensaje]).sort()).toEqual([
      ["error", MSG.tareaInterrumpida],
      ["ok", "Recuperada."],
    ]);
  });
});

describe("two app instances on one database", () => {
  it("never run a job twice, however their passes overlap", async () => {
    const segunda = await createTestAppOn(t.tdb, t.time);
    try {
      const corridas: string[] = [];
      const contador = (quien: string): TareaProgramada => ({
        name: "prueba-concurrencia",
        description: "Cuenta sus ejecuciones",
        schedule: { everyMinutes: 30 },
        execute: async (now) => {
          corridas.push(`${quien} ${now.toISOString()}`);
          // Long enough for the other instance's pass to try the same job meanwhile.
          await new Promise((r) => setTimeout(r, 30));
          return quien;
        },
      });
      t.app.services.tareas.register(contador("A"));
      segunda.app.services.tareas.register(contador("B"));
      const rondas = 6;
      for (let i = 0; i < rondas; i++) {
        await Promise.all([
          t.app.services.tareas.runPending(),
          segunda.app.services.tareas.runPending(),
          t.app.services.tareas.runPending(),
          segunda.app.services.tareas.runPending(),
        ]);
        t.time.advance(30 * MIN);
      }
      // Once per due time, whichever instance took it.
      expect(corridas).toHaveLength(rondas);
      expect(new Set(corridas.map((c) => c.split(" ")[1])).size).toBe(rondas);
      expect(await ejecuciones("prueba-concurrencia")).toHaveLength(rondas);
      // And the real job: one run per day, one reminder mail per document and threshold (recordatorios.test.ts).
      const antes = (await ejecuciones("recordatorios-documentos")).length;
      t.time.advance(24 * 60 * MIN);
      await Promise.all([t.app.services.tareas.runPending(), segunda.app.services.tareas.runPending()]);
      expect(await ejecuciones("recordatorios-documentos")).toHaveLength(antes + 1);
    } finally {
      await segunda.close();
    }
  });
});
