import { CALLS, MSG } from "@portal/contracts";
import { MUESTRAS } from "@portal/contracts/muestras";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

/**
 * Issue 36, item 7: "a lone surrogate stored as U+FFFD (what is stored differs from what was sent)" and "CardCode
 * ' P00001' and a token with a trailing space accepted (trimmed silently)". What is stored is what was sent, and an
 * identifier is compared exactly.
 */

let t: TestApp;
let admin = "";
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, "admin", "Empleado");
});
afterAll(async () => t?.close());

const empleados = async (usuario: string) =>
  (
    (await t.tdb.db.execute(sql`select count(*)::int as n from empleados where usuario = ${usuario}`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

describe("invalid UTF-16 is refused, never stored as U+FFFD", () => {
  it("a lone surrogate written as a JSON escape: Spanish 400 naming the field, nothing stored", async () => {
    const request = { ...MUESTRAS.createEmpleado.request, Usuario: "sustituto1" };
    for (const nombre of ["Mario\\ud800", "\\udc00Mario", "Mar\\ud83dio"]) {
      const payload = JSON.stringify(request).replace('"Nombre":"Mario"', `"Nombre":"${nombre}"`);
      const res = await t.app.inject(
        withToken(admin, {
          method: "POST",
          url: CALLS.createEmpleado.path,
          payload,
          headers: { "content-type": "application/json" },
        }),
      );
      expect(res.statusCode, nombre).toBe(400);
      expect(res.json().message).toBe(
        "El campo Nombre contiene un carácter no válido (un sustituto UTF-16 sin su pareja).",
      );
    }
    expect(await empleados("sustituto1")).toBe(0);
  });

  it("a lone surrogate written raw (bytes ED A0 80, not UTF-8): Spanish 400, nothing stored", async () => {
    const request = { ...MUESTRAS.createEmpleado.request, Usuario: "sustituto2" };
    const [before, after] = JSON.stringify(request).split('"Mario"') as [string, string];
    const payload = Buffer.concat([
      Buffer.from(`${before}"Mar`),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from(`io"${after}`),
    ]);
    const res = await t.app.inject(
      withToken(admin, {
        method: "POST",
        url: CALLS.createEmpleado.path,
        payload,
        headers: { "content-type": "application/json" },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: "error",
      message: "El cuerpo de la solicitud no es texto UTF-8 válido (por ejemplo, un sustituto UTF-16 sin su pareja).",
    });
    expect(await empleados("sustituto2")).toBe(0);
  });

  it("a surrogate pair (an emoji) is text like any other, stored as sent", async () => {
    const request = { ...MUESTRAS.createEmpleado.request, Usuario: "sustituto3", Nombre: "Mario 🙂" };
    const res = await t.app.inject(
      withToken(admin, { method: "POST", url: CALLS.createEmpleado.path, payload: request }),
    );
    expect(res.statusCode).toBe(200);
    const stored = (await t.tdb.db.execute(
      sql`select nombre from empleados where usuario = 'sustituto3'`,
    )) as unknown as {
      rows: { nombre: string }[];
    };
    expect(stored.rows[0]?.nombre).toBe("Mario 🙂");
  });
});

describe("identifiers are compared exactly", () => {
  it("a CardCode with a blank before or after it: Spanish 400 naming CardCode", async () => {
    for (const cardCode of [" P00001", "P00001 "]) {
      const res = await t.app.inject(
        withToken(admin, {
          method: "POST",
          url: CALLS.addSociedad.path,
          payload: { CardCode: cardCode, IdSociedad: 1 },
        }),
      );
      expect(res.statusCode, cardCode).toBe(400);
      expect(res.json().message).toBe(
        "El campo CardCode no debe empezar ni terminar con espacios; se compara exactamente como se escribe.",
      );
    }
  });

  it("a user name with a trailing blank does not sign in as the user without it", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: CALLS.login.path,
      payload: { usuario: "admin ", password: "x", operador: "Empleado" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^El campo usuario no debe empezar ni terminar con espacios/);
  });

  it("a session token with a blank around it is no session (401, like any bad token)", async () => {
    for (const token of [`${admin} `, ` ${admin}`, `${admin}\t`]) {
      const res = await t.app.inject({
        method: "POST",
        url: CALLS.getFacturas.path,
        payload: {},
        headers: { "x-access-token": token },
      });
      expect(res.statusCode, JSON.stringify(token)).toBe(401);
      expect(res.json()).toEqual({ status: "error", message: MSG.sesionRequerida });
    }
    const ok = await t.app.inject(withToken(admin, { method: "POST", url: CALLS.getFacturas.path, payload: {} }));
    expect(ok.statusCode).toBe(200);
  });
});
