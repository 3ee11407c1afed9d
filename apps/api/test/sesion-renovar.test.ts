import { MSG, SESSION_TTL_MS } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

/** Issue 23: 'Mantener la sesión' really renews the session on the server, and only a session's owner can. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const renew = (token?: string) =>
  t.app.inject(
    token
      ? withToken(token, { method: "POST", url: "/api/sesion/renovar" })
      : { method: "POST", url: "/api/sesion/renovar" },
  );
const home = (token: string) =>
  t.app.inject(
    withToken(token, { method: "POST", url: "/api/home/RowDocuments", payload: { dato: "Facturas pendientes" } }),
  );

describe("POST /api/sesion/renovar", () => {
  it("gives the session another 10 minutes from now; without it the session expires", async () => {
    const renovada = await login(t.app, "admin", "Empleado");
    const olvidada = await login(t.app, "admin", "Empleado");
    const minuto = 60_000;
    t.time.advance(SESSION_TTL_MS - minuto);
    const res = await renew(renovada);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "success", message: MSG.sesionRenovada });
    // Two minutes later the other session (not renewed) is gone; the renewed one still works.
    t.time.advance(2 * minuto);
    expect((await home(olvidada)).statusCode).toBe(401);
    expect((await home(renovada)).statusCode).toBe(200);
  });

  it("refuses a call without a session, or with an expired one", async () => {
    expect((await renew()).statusCode).toBe(401);
    const token = await login(t.app, "admin", "Empleado");
    t.time.advance(SESSION_TTL_MS + 1_000);
    expect((await renew(token)).statusCode).toBe(401);
  });
});
