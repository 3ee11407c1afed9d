import { MSG } from "@portal/contracts";
import { createDatabase, type DatabaseHandle, schema } from "@portal/db";
import { createEmpleado, DEMO_PASSWORD } from "@portal/seed";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../src/lib/session-user";
import { createTestApp, createTestAppOn, login, type TestApp, withToken } from "./helpers";

/**
 * Issue 36, item 6: the portal always keeps an active administrator. The last one cannot be deactivated nor
 * changed to General, neither by itself nor by two administrators removing each other at the same moment through
 * two processes (two apps on one database, each with its own pool): the change takes an advisory lock over the
 * set of active administrators and counts who is left after it, so the second one finds nobody and is refused.
 */
let a: TestApp;
let b: TestApp;
let poolB: DatabaseHandle;

beforeAll(async () => {
  a = await createTestApp();
  poolB = await createDatabase({ url: a.tdb.url, maxConnections: 5 });
  b = await createTestAppOn({ ...a.tdb, ...poolB }, a.time);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await poolB?.close();
  await a?.close();
});

const post = (t: TestApp, token: string, url: string, payload: object) =>
  t.app.inject(withToken(token, { method: "POST", url, payload }));
const deactivate = (t: TestApp, token: string, Usuario: string) =>
  post(t, token, "/api/empleados/updateEstatusEmpleado", { Usuario, Estatus: "I" });
/** updateEmpleado with the employee's own data and RolEmpleado G (the form's save with Perfil General). */
const makeGeneral = (t: TestApp, token: string, Usuario: string) =>
  post(t, token, "/api/empleados/updateEmpleado", {
    Usuario,
    RolEmpleado: "G",
    Nombre: "Ana",
    Apellidos: "Torres Vega",
    Correo: `${Usuario}@empresa.com.mx`,
    Area: 1,
    Contraseña: "",
    ViDocPen: "Y",
  });
const activeAdministradores = async () =>
  (
    await a.tdb.db
      .select({ usuario: schema.empleados.usuario })
      .from(schema.empleados)
      .where(and(eq(schema.empleados.perfil, "A"), eq(schema.empleados.estatus, "A")))
  )
    .map((e) => e.usuario)
    .sort();
const newAdministrador = async (usuario: string) => {
  const e = (await createEmpleado(a.tdb.db, {
    usuario,
    perfil: "A",
    password: DEMO_PASSWORD,
    nombre: "Ana",
    apellidos: "Torres Vega",
  }))!;
  return e;
};
const refused = (message: string) => ({ status: "error", message });

describe("the last active administrator, one change at a time", () => {
  it("the only administrator cannot deactivate itself nor change itself to General", async () => {
    expect(await activeAdministradores()).toEqual(["admin"]);
    const admin = await login(a.app, "admin", "Empleado");
    const desactivar = await deactivate(a, admin, "admin");
    expect(desactivar.statusCode).toBe(400);
    expect(desactivar.json()).toEqual(refused(MSG.empleadoNoDesactivarseASiMismo));
    const general = await makeGeneral(a, admin, "admin");
    expect(general.statusCode).toBe(400);
    expect(general.json().status).toBe("error");
    expect(await activeAdministradores()).toEqual(["admin"]);
  });

  it("an administrator whose own access was removed meanwhile cannot take the last one's (the count under the lock)", async () => {
    // The request of 'tardio' passed the session check while it was an administrator; then it was deactivated.
    const tardio = await newAdministrador("tardio");
    await a.tdb.db.update(schema.empleados).set({ estatus: "I" }).where(eq(schema.empleados.id, tardio.id));
    const user: SessionUser = {
      sessionId: 0,
      operador: "Empleado",
      id: String(tardio.id),
      nombre: "Ana Torres Vega",
      perfil: "A",
      viDocPen: "Y",
      apruebaCuentas: "N",
      conciliaSat: "N",
      secondFactor: "done",
    };
    const svc = a.app.services.empleados;
    await expect(svc.updateEstatus(user, { Usuario: "admin", Estatus: "I" })).rejects.toMatchObject({
      statusCode: 400,
      messages: [MSG.ultimoAdministradorDesactivar],
    });
    await expect(
      svc.update(user, {
        Usuario: "admin",
        RolEmpleado: "G",
        Nombre: "Administrador",
        Apellidos: "Portal",
        Correo: "admin@empresa.com.mx",
        Area: 1,
        Contraseña: "",
        ViDocPen: "Y",
      }),
    ).rejects.toMatchObject({ statusCode: 400, messages: [MSG.ultimoAdministradorPerfil] });
    expect(await activeAdministradores()).toEqual(["admin"]);
    // Nothing of the refused deactivation stayed: no audit entry, admin still signs in.
    const auditoria = await a.tdb.db
      .select()
      .from(schema.auditoria)
      .where(and(eq(schema.auditoria.entidad, "empleado"), eq(schema.auditoria.usuarioRef, String(tardio.id))));
    expect(auditoria).toEqual([]);
    expect(await login(a.app, "admin", "Empleado")).toBeTruthy();
  });

  it("with another active administrator left, deactivating or changing one to General is allowed", async () => {
    const uno = await newAdministrador("admuno");
    const admin = await login(a.app, "admin", "Empleado");
    expect((await makeGeneral(a, admin, "admuno")).json()).toEqual({
      status: "success",
      message: MSG.empleadoActualizado,
    });
    await a.tdb.db.update(schema.empleados).set({ perfil: "A" }).where(eq(schema.empleados.id, uno.id));
    expect((await deactivate(a, admin, "admuno")).json()).toEqual({
      status: "success",
      message: MSG.empleadoDesactivado,
    });
    expect(await activeAdministradores()).toEqual(["admin"]);
  });
});

/**
 * Holds the administrators' lock (the one the service takes) from a connection of the test until both calls wait
 * for it: both passed their session check while both were administrators, so the race is the same every run.
 */
async function withBothWaiting<T>(fire: () => Promise<T>): Promise<T> {
  const gate = new pg.Client({ connectionString: a.tdb.url });
  await gate.connect();
  try {
    await gate.query("begin");
    await gate.query("select pg_advisory_xact_lock(hashtext('empleados_administradores_activos'))");
    const respuestas = fire();
    for (let i = 0; ; i++) {
      const { rows } = await gate.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
      );
      if (rows[0].n === 2) break;
      if (i > 500) throw new Error("las dos solicitudes no llegaron al bloqueo de administradores");
      await new Promise((r) => setTimeout(r, 10));
    }
    await gate.query("commit");
    return await respuestas;
  } finally {
    await gate.end();
  }
}

describe("two administrators remove each other at the same moment, through two processes", () => {
  it("14 rounds, Desactivar and Perfil General in turn: exactly one active administrator remains, the other gets the 400", async () => {
    // The survivor of each round faces a new administrator in the next; they are the only two active ones.
    let sobreviviente = "admin";
    for (let ronda = 0; ronda < 14; ronda++) {
      const nuevo = `admronda${ronda}`;
      await newAdministrador(nuevo);
      expect(await activeAdministradores()).toEqual([sobreviviente, nuevo].sort());
      const [tokenA, tokenB] = [await login(a.app, sobreviviente, "Empleado"), await login(b.app, nuevo, "Empleado")];
      const porPerfil = ronda % 2 === 1;
      const demote = porPerfil ? makeGeneral : deactivate;
      const mensaje = porPerfil ? MSG.ultimoAdministradorPerfil : MSG.ultimoAdministradorDesactivar;
      // Ten rounds held at the lock until both calls wait there; the last four fired freely.
      const retenida = ronda < 10;
      const fire = () => Promise.all([demote(a, tokenA, nuevo), demote(b, tokenB, sobreviviente)]);
      const respuestas = retenida ? await withBothWaiting(fire) : await fire();

      const quedan = await activeAdministradores();
      expect(quedan, JSON.stringify(respuestas.map((r) => r.json()))).toHaveLength(1);
      const ganador = respuestas.findIndex((r) => r.statusCode === 200);
      expect(ganador).not.toBe(-1);
      const perdedor = respuestas[1 - ganador]!;
      if (retenida || perdedor.statusCode === 400) {
        expect(perdedor.statusCode).toBe(400);
        expect(perdedor.json()).toEqual(refused(mensaje));
      } else {
        // Fired freely, the winner may have committed before the loser's session was even checked: deactivated
        // it is signed out (401), made General it is no longer an administrator (403).
        expect(perdedor.statusCode).toBe(porPerfil ? 403 : 401);
      }
      // The winner is the one left; the loser's target is untouched.
      sobreviviente = ganador === 0 ? sobreviviente : nuevo;
      expect(quedan).toEqual([sobreviviente]);
    }
  });
});
