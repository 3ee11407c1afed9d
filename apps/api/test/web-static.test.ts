import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";

// The production process serves the built web app: a temporary dist stands in for apps/web/dist.
let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), "portal-web-"));
  mkdirSync(join(dist, "static", "js"), { recursive: true });
  writeFileSync(join(dist, "index.html"), '<!doctype html><html lang="es"><div id="root"></div></html>');
  writeFileSync(join(dist, "static", "js", "index-abc123.js"), "console.log('portal')");
  writeFileSync(join(dist, "service-worker.js"), "self.addEventListener('install', () => {})");
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
});

describe("web app served by the API", () => {
  it("serves index.html at / and for every client-side route, never cached", async () => {
    for (const url of ["/", "/Login", "/Pedidos/Pedido/3", "/Catalogo-Empleados/Empleado/Nuevo"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("caches hashed assets for a year and the service worker never", async () => {
    const js = await t.app.inject({ method: "GET", url: "/static/js/index-abc123.js" });
    expect(js.statusCode).toBe(200);
    expect(js.headers["cache-control"]).toContain("immutable");
    const sw = await t.app.inject({ method: "GET", url: "/service-worker.js" });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers["cache-control"]).toBe("no-cache");
  });

  it("keeps unknown /api paths as JSON 404, and a zod generic message names its field", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nada" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { usuario: "admin", password: "Portal2026", operador: "Empleado" },
    });
    const token = login.json().data.token;
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/empleados/rowEmpleados",
      headers: { "x-access-token": token },
      payload: { tipo: "Lista", usuario: { x: 1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/usuario/);
  });
});
