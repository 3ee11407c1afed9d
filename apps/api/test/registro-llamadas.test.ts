import { CALL_NAMES, CALLS, type CallName } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredRoute } from "../src/types";
import { createTestApp, type TestApp } from "./helpers";
import { NOT_YET_BUILT } from "./llamadas-pendientes";

/**
 * The call registry (packages/contracts/src/calls.ts, every row of spec §7 plus logout, health and the file
 * download) against the routes the app registers. A path is written once, in CALLS; this fails when a built
 * call has no route, when an /api route is not in CALLS, when a method or path differs on one side only, or
 * when a route's access is not its entry's.
 */

const key = (method: string, path: string) => `${method} ${path}`;
/** Routes the registry speaks for: /api calls, without the OpenAPI pages and Fastify's automatic HEAD routes. */
const isCallRoute = (r: RegisteredRoute) =>
  (r.url === "/api" || r.url.startsWith("/api/")) &&
  r.url !== "/api/docs" &&
  !r.url.startsWith("/api/docs/") &&
  r.method !== "HEAD";

/** Every difference between the routes and the registry, in words; empty when they agree. */
function compareWithRegistry(routes: readonly RegisteredRoute[], notYetBuilt: readonly CallName[]): string[] {
  const problems: string[] = [];
  const byKey = new Map(routes.filter(isCallRoute).map((r) => [key(r.method, r.url), r]));
  const entries = new Set(CALL_NAMES.map((name) => key(CALLS[name].method, CALLS[name].path)));
  for (const name of CALL_NAMES) {
    const call = CALLS[name];
    const route = byKey.get(key(call.method, call.path));
    if (notYetBuilt.includes(name)) {
      if (route) problems.push(`${name} ya tiene ruta: quítelo de NOT_YET_BUILT`);
    } else if (!route) {
      problems.push(`${name} (${key(call.method, call.path)}) no tiene ruta`);
    } else if (JSON.stringify(route.access) !== JSON.stringify(call.access)) {
      problems.push(
        `${name}: la ruta tiene acceso ${JSON.stringify(route.access)}, CALLS dice ${JSON.stringify(call.access)}`,
      );
    }
  }
  for (const k of byKey.keys()) if (!entries.has(k)) problems.push(`${k} es una ruta que no está en CALLS`);
  return problems;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("call registry and routes", () => {
  it("registers exactly the built calls of CALLS, each with its entry's method, path and access", () => {
    expect(compareWithRegistry(t.app.registeredRoutes, NOT_YET_BUILT)).toEqual([]);
    for (const name of CALL_NAMES.filter((n) => !NOT_YET_BUILT.includes(n))) {
      const { method, path } = CALLS[name];
      expect(t.app.hasRoute({ method, url: path }), name).toBe(true);
    }
  });

  it("accepts a call without a route only while it is listed as not yet built", () => {
    // Today every call is built (NOT_YET_BUILT is empty), so the list is exercised with a route taken away.
    const sinLogout = t.app.registeredRoutes.filter((r) => r.url !== CALLS.logout.path);
    expect(compareWithRegistry(sinLogout, [...NOT_YET_BUILT, "logout"])).toEqual([]);
    expect(compareWithRegistry(sinLogout, NOT_YET_BUILT)).toEqual(["logout (POST /api/logout) no tiene ruta"]);
  });

  it("fails when a built call loses its route", () => {
    const sinLogin = t.app.registeredRoutes.filter((r) => r.url !== CALLS.logout.path);
    expect(compareWithRegistry(sinLogin, NOT_YET_BUILT)).toEqual(["logout (POST /api/logout) no tiene ruta"]);
  });

  it("fails when a path or a method changes on one side only", () => {
    const cambiada = t.app.registeredRoutes.map((r) =>
      r.url === CALLS.getPedidos.path ? { ...r, url: "/api/pedidos/GetPedidos" } : r,
    );
    expect(compareWithRegistry(cambiada, NOT_YET_BUILT)).toEqual([
      "getPedidos (POST /api/pedidos/getPedidos) no tiene ruta",
      "POST /api/pedidos/GetPedidos es una ruta que no está en CALLS",
    ]);
    const otroMetodo = t.app.registeredRoutes.map((r) =>
      r.url === CALLS.getAreas.path && r.method === "GET" ? { ...r, method: "POST" } : r,
    );
    expect(compareWithRegistry(otroMetodo, NOT_YET_BUILT)).toEqual([
      "getAreas (GET /api/empleados/getAreas) no tiene ruta",
      "POST /api/empleados/getAreas es una ruta que no está en CALLS",
    ]);
  });

  it("fails when a route's access is not its entry's, or a built call is still listed as not yet built", () => {
    const abierta = t.app.registeredRoutes.map((r) =>
      r.url === CALLS.createEmpleado.path ? { ...r, access: "empleado" as const } : r,
    );
    expect(compareWithRegistry(abierta, NOT_YET_BUILT)).toEqual([
      'createEmpleado: la ruta tiene acceso "empleado", CALLS dice "administrador"',
    ]);
    expect(compareWithRegistry(t.app.registeredRoutes, [...NOT_YET_BUILT, "getPedidos"])).toEqual([
      "getPedidos ya tiene ruta: quítelo de NOT_YET_BUILT",
    ]);
  });
});
