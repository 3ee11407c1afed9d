import { createDatabase, runMigrations } from "@portal/db";
import { seedDemo } from "@portal/db/seed";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createTestClock, login, TEST_KEY_B64, testKey, withToken } from "./helpers";

/**
 * `npm start` runs on embedded PGlite (one connection): the scheduler's lease (UPDATE … FOR UPDATE SKIP LOCKED in
 * a transaction) and the reminders job work there too (decision 016).
 */
let app: FastifyInstance;
const time = createTestClock();
beforeAll(async () => {
  const database = await createDatabase({ dataDir: "memory://" });
  await runMigrations(database);
  await seedDemo(database.db, testKey, { clock: time.clock });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: "test", APP_ENCRYPTION_KEY: TEST_KEY_B64, WEB_DIST: "/nonexistent" }),
    database,
    clock: time.clock,
    logger: false,
    mailWorker: false,
    erpWorker: false,
    tareasWorker: false,
    mailTransport: async () => {},
  });
  app.addHook("onClose", () => database.close());
  await app.ready();
}, 60_000);
afterAll(async () => app?.close());

describe("scheduled jobs on PGlite", () => {
  it("run once per due time and show in getTareas", async () => {
    let corridas = 0;
    app.services.tareas.registrar({
      nombre: "prueba-pglite",
      descripcion: "Cuenta sus ejecuciones",
      programa: { cadaMinutos: 10 },
      ejecutar: async () => {
        corridas++;
        await new Promise((r) => setTimeout(r, 10));
        return `Ejecución ${corridas}.`;
      },
    });
    await Promise.all([app.services.tareas.ejecutarPendientes(), app.services.tareas.ejecutarPendientes()]);
    time.advance(10 * 60_000);
    await app.services.tareas.ejecutarPendientes();
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
