import { MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { createEmpleado, createProveedor, DEMO_PASSWORD, DOCUMENTOS_PROVEEDOR_SEMILLA } from "@portal/seed";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { createTestApp, createTestClock, login, TEST_KEY_B64, type TestApp, withToken } from "./helpers";
import { createDemoPglite } from "./pglite-demo";

/**
 * Issue 22: a password attempt is counted before it is verified, so simultaneous guesses cannot all be checked.
 * At most 10 per account and address, and 30 per address, are verified in a window, however they arrive; the
 * profile's current-password check counts with the sign-ins; one account has one counter whatever the spelling.
 */

interface Intento {
  usuario: string;
  password: string;
  operador: "Empleado" | "Proveedor";
}
const attempt = (app: FastifyInstance, intento: Intento, remoteAddress: string) =>
  app.inject({ method: "POST", url: "/api/login", remoteAddress, payload: { ...intento } });

/** Fires every attempt at once and answers their status codes, in sending order. */
const rafaga = async (app: FastifyInstance, intentos: Intento[], remoteAddress: string) =>
  (await Promise.all(intentos.map((i) => attempt(app, i, remoteAddress)))).map((r) => r.statusCode);
const countOf = (codigos: number[], codigo: number) => codigos.filter((c) => c === codigo).length;
const malas = (usuario: string, n: number, operador: Intento["operador"] = "Empleado"): Intento[] =>
  Array.from({ length: n }, (_, i) => ({ usuario, password: `Mala${i}x`, operador }));

describe("simultaneous wrong passwords (PostgreSQL, a pool of connections)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const sesionesDe = async (id: number) =>
    (
      await t.tdb.db
        .select()
        .from(schema.sesiones)
        .where(eq(schema.sesiones.usuarioRef, String(id)))
    ).length;

  it("60 at once for one account: at most 10 are verified (401), the rest 429; then even the right one is 429", async () => {
    const empleado = (await createEmpleado(t.tdb.db, { usuario: "rafaga60" }))!;
    const codigos = await rafaga(t.app, malas("rafaga60", 60), "10.22.0.1");
    expect(codigos.every((c) => c === 401 || c === 429)).toBe(true);
    expect(countOf(codigos, 401)).toBeLessThanOrEqual(10);
    expect(countOf(codigos, 429)).toBeGreaterThanOrEqual(50);
    const correcta = await attempt(
      t.app,
      { usuario: "rafaga60", password: DEMO_PASSWORD, operador: "Empleado" },
      "10.22.0.1",
    );
    expect(correcta.statusCode).toBe(429);
    expect(correcta.json()).toEqual({ status: "error", message: MSG.demasiadosIntentos });
    expect(await sesionesDe(empleado.id)).toBe(0);
    // The limit is per account and address: the account signs in from another address.
    expect(
      (await attempt(t.app, { usuario: "rafaga60", password: DEMO_PASSWORD, operador: "Empleado" }, "10.22.0.99"))
        .statusCode,
    ).toBe(200);
  });

  it("the right password sent after the 10th wrong one in a burst does not sign in", async () => {
    const empleado = (await createEmpleado(t.tdb.db, { usuario: "rafaga25" }))!;
    // 25 from one address stays under the per-address limit (30): only the account's limit is at work.
    const intentos = malas("rafaga25", 25);
    intentos[20] = { usuario: "rafaga25", password: DEMO_PASSWORD, operador: "Empleado" };
    const codigos = await rafaga(t.app, intentos, "10.22.0.2");
    expect(codigos[20]).toBe(429);
    expect(countOf(codigos, 200)).toBe(0);
    expect(countOf(codigos, 401)).toBeLessThanOrEqual(10);
    expect(await sesionesDe(empleado.id)).toBe(0);
  });

  it("suppliers too: 40 at once for one RFC, at most 10 verified", async () => {
    const proveedor = (await createProveedor(t.tdb.db, {}))!;
    const codigos = await rafaga(t.app, malas(proveedor.rfc, 40, "Proveedor"), "10.22.0.3");
    expect(codigos.every((c) => c === 401 || c === 429)).toBe(true);
    expect(countOf(codigos, 401)).toBeLessThanOrEqual(10);
  });

  it("60 user names at once from one address: at most 30 are verified, the rest 429", async () => {
    const nombres = Array.from({ length: 60 }, (_, i) => ({
      usuario: `rociado${i}`,
      password: "Adivina2026",
      operador: "Empleado" as const,
    }));
    const codigos = await rafaga(t.app, nombres, "10.22.0.4");
    expect(codigos.every((c) => c === 401 || c === 429)).toBe(true);
    expect(countOf(codigos, 401)).toBeLessThanOrEqual(30);
    expect(countOf(codigos, 429)).toBeGreaterThanOrEqual(30);
    // Each name had one attempt: the per-address limit is what refused them. The right password of a real
    // account from that address is refused too; from another address it signs in.
    const admin = { usuario: "admin", password: DEMO_PASSWORD, operador: "Empleado" } as const;
    expect((await attempt(t.app, admin, "10.22.0.4")).statusCode).toBe(429);
    expect((await attempt(t.app, admin, "10.22.0.5")).statusCode).toBe(200);
  });

  it("`admİn` (U+0130) signs in as admin and shares admin's counter", async () => {
    const ip = "10.22.0.6";
    const comoAdmin = await attempt(t.app, { usuario: "admİn", password: DEMO_PASSWORD, operador: "Empleado" }, ip);
    expect(comoAdmin.statusCode).toBe(200);
    const [admin] = await t.tdb.db.select().from(schema.empleados).where(eq(schema.empleados.usuario, "admin"));
    expect(comoAdmin.json().data.id).toBe(String(admin!.id));
    for (const usuario of ["admin", "admİn", "ADMIN", "admİn", "admin"]) {
      for (let i = 0; i < 2; i++) {
        expect((await attempt(t.app, { usuario, password: `Mala${i}`, operador: "Empleado" }, ip)).statusCode).toBe(
          401,
        );
      }
    }
    // Ten failures under three spellings: the eleventh attempt, under any of them, is not verified.
    expect(
      (await attempt(t.app, { usuario: "admİn", password: DEMO_PASSWORD, operador: "Empleado" }, ip)).statusCode,
    ).toBe(429);
    expect(
      (await attempt(t.app, { usuario: "admin", password: DEMO_PASSWORD, operador: "Empleado" }, ip)).statusCode,
    ).toBe(429);
  });

  it("an unknown name has its counter too, shared by the spellings the look-up treats alike", async () => {
    const ip = "10.22.0.7";
    for (const usuario of ["nadie", "NADIE", "Nadie", "nAdie", "nadie"]) {
      for (let i = 0; i < 2; i++) {
        expect((await attempt(t.app, { usuario, password: `Mala${i}`, operador: "Empleado" }, ip)).statusCode).toBe(
          401,
        );
      }
    }
    expect((await attempt(t.app, { usuario: "NaDiE", password: "Mala", operador: "Empleado" }, ip)).statusCode).toBe(
      429,
    );
  });

  it("the profile's current-password check counts with the sign-in failures: 429 past the limit", async () => {
    const ip = "10.22.0.8";
    // Every document loaded (yesterday), so the profile update itself can go through once allowed.
    const documentos = { cargados: Object.keys(DOCUMENTOS_PROVEEDOR_SEMILLA), fecha: "2026-11-20" };
    const proveedor = (await createProveedor(t.tdb.db, { documentos }))!;
    const token = await login(t.app, proveedor.rfc, "Proveedor");
    const cambio = (actual: string) =>
      t.app.inject(
        withToken(token, {
          method: "POST",
          url: "/api/proveedores/updateProveedor",
          remoteAddress: ip,
          payload: { CardCode: proveedor.cardCode, U_SYS_PMPASS: "Nueva2027", ContraseñaActual: actual },
        }),
      );
    for (let i = 0; i < 4; i++) {
      const res = await attempt(t.app, { usuario: proveedor.rfc, password: `Mala${i}`, operador: "Proveedor" }, ip);
      expect(res.statusCode).toBe(401);
    }
    for (let i = 0; i < 6; i++) {
      const res = await cambio(`Mala${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.contraseñaActualIncorrecta);
    }
    const bloqueado = await cambio(DEMO_PASSWORD);
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json()).toEqual({ status: "error", message: MSG.demasiadosIntentos });
    // The sign-in from that address is throttled by the same count, and the password did not change.
    const signIn = { usuario: proveedor.rfc, password: DEMO_PASSWORD, operador: "Proveedor" } as const;
    expect((await attempt(t.app, signIn, ip)).statusCode).toBe(429);
    expect((await attempt(t.app, signIn, "10.22.0.9")).statusCode).toBe(200);
    // After the window the right current password changes it.
    t.time.advance(15 * 60_000 + 1);
    const token2 = await login(t.app, proveedor.rfc, "Proveedor");
    const ok = await t.app.inject(
      withToken(token2, {
        method: "POST",
        url: "/api/proveedores/updateProveedor",
        remoteAddress: ip,
        payload: { CardCode: proveedor.cardCode, U_SYS_PMPASS: "Nueva2027", ContraseñaActual: DEMO_PASSWORD },
      }),
    );
    expect(ok.json()).toEqual({ status: "success", message: MSG.proveedorActualizado });
    const nueva = { usuario: proveedor.rfc, password: "Nueva2027", operador: "Proveedor" } as const;
    expect((await attempt(t.app, nueva, ip)).statusCode).toBe(200);
  });

  it("simultaneous current-password checks on the profile: at most 10 verified", async () => {
    const ip = "10.22.0.10";
    const proveedor = (await createProveedor(t.tdb.db, {}))!;
    const token = await login(t.app, proveedor.rfc, "Proveedor");
    const codigos = (
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          t.app.inject(
            withToken(token, {
              method: "POST",
              url: "/api/proveedores/updateProveedor",
              remoteAddress: ip,
              payload: { CardCode: proveedor.cardCode, U_SYS_PMPASS: "Nueva2027", ContraseñaActual: `Mala${i}` },
            }),
          ),
        ),
      )
    ).map((r) => r.statusCode);
    expect(codigos.every((c) => c === 400 || c === 429)).toBe(true);
    expect(countOf(codigos, 400)).toBeLessThanOrEqual(10);
    expect(countOf(codigos, 429)).toBeGreaterThanOrEqual(20);
  });
});

describe("simultaneous wrong passwords on PGlite (one connection)", () => {
  let app: FastifyInstance;
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
      mailTransport: async () => {},
    });
    app.addHook("onClose", () => database.close());
    await app.ready();
  }, 120_000);
  afterAll(async () => app?.close());

  it("40 at once for one account: at most 10 verified, and the right one afterwards is 429", async () => {
    const codigos = await rafaga(app, malas("consulta", 40), "10.23.0.1");
    expect(codigos.every((c) => c === 401 || c === 429)).toBe(true);
    expect(countOf(codigos, 401)).toBeLessThanOrEqual(10);
    const correcta = await attempt(
      app,
      { usuario: "consulta", password: DEMO_PASSWORD, operador: "Empleado" },
      "10.23.0.1",
    );
    expect(correcta.statusCode).toBe(429);
  });
});
