import { schema } from "@portal/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createTestClock, login, TEST_KEY_B64, withToken } from "./helpers";
import { createDemoPglite } from "./pglite-demo";

/**
 * `npm start` runs on embedded PGlite (one connection): the scheduler's lease (UPDATE … FOR UPDATE SKIP LOCKED in
 * a transaction) and the reminders job work there too (decision 016), and so does the mail outbox's lease.
 */
let app: FastifyInstance;
/** What the mail transport was given; `smtpCaido` makes it fail. */
const enviados: string[] = [];
let smtpCaido = false;
const time = createTestClock();
beforeAll(async () => {
  const database = await createDemoPglite(time);
  app = await buildApp({
    config: loadConfig({ NODE_ENV: "test", APP_ENCRYPTION_KEY: TEST_KEY_B64, WEB_DIST: "/nonexistent" }),
    database,
    clock: time.clock,
    logger: false,
    mailWorker: false,
    erpWorker: false,
    tareasWorker: false,
    mailTransport: async (message) => {
      if (smtpCaido) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      enviados.push(message.subject);
    },
  });
  app.addHook("onClose", () => database.close());
  await app.ready();
}, 60_000);
afterAll(async () => app?.close());

describe("scheduled jobs on PGlite", () => {
  it("run once per due time and show in getTareas", async () => {
    let corridas = 0;
    app.services.tareas.register({
      name: "prueba-pglite",
      description: "Cuenta sus ejecuciones",
      schedule: { everyMinutes: 10 },
      execute: async () => {
        corridas++;
        await new Promise((r) => setTimeout(r, 10));
        return `Ejecución ${corridas}.`;
      },
    });
    await Promise.all([app.services.tareas.runPending(), app.services.tareas.runPending()]);
    time.advance(10 * 60_000);
    await app.services.tareas.runPending();
    expect(corridas).toBe(2);
    const res = await app.inject(
      withToken(await login(app, "admin", "Empleado"), { method: "POST", url: "/api/tareas/getTareas", payload: {} }),
    );
    const filas = res.json().data as { Nombre: string; Resultado: string | null }[];
    // The app's own jobs (reminders, SAT status, 69-B list) ran in the same passes, and all went well.
    expect(filas.map((f) => [f.Nombre, f.Resultado])).toEqual(
      expect.arrayContaining([
        ["recordatorios-documentos", "Correcta"],
        ["sat-pendientes", "Correcta"],
        ["prueba-pglite", "Correcta"],
      ]),
    );
    expect(filas.filter((f) => f.Resultado !== null && f.Resultado !== "Correcta")).toEqual([]);
  });
});

describe("the mail outbox on PGlite", () => {
  it("leases, sends once and records each message; a failure waits for its retry", async () => {
    const correo = app.services.correo;
    for (const n of [1, 2, 3])
      await correo.enqueue({ para: "prueba@kemper.edu.mx", asunto: `Prueba ${n}`, texto: "x" });
    const [una, otra] = await Promise.all([correo.flush(), correo.flush()]);
    expect(una).toBe(3);
    expect(otra).toBe(3); // the same pass: never two at once
    expect(enviados.filter((a) => a.startsWith("Prueba")).sort()).toEqual(["Prueba 1", "Prueba 2", "Prueba 3"]);
    expect(await correo.flush()).toBe(0);

    smtpCaido = true;
    const id = await correo.enqueue({ para: "prueba@kemper.edu.mx", asunto: "Reintento", texto: "x" });
    expect(await correo.flush()).toBe(0);
    smtpCaido = false;
    expect(await correo.flush()).toBe(0); // backoff: not due yet
    time.advance(31_000);
    expect(await correo.flush()).toBe(1);
    expect(enviados.filter((a) => a === "Reintento")).toHaveLength(1);
    const filas = await app.database.db.select().from(schema.correoOutbox).where(eq(schema.correoOutbox.id, id));
    expect(filas[0]).toMatchObject({ estado: "enviado", intentos: 2, bloqueadoHasta: null });
  });
});
