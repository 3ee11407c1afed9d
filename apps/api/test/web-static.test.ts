import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp } from "./helpers";

// The production process serves the built web app: a temporary dist stands in for apps/web/dist.
let t: TestApp;
/** A hashed bundle as `vite build` writes it, with the .br and .gz files the build's precompress step adds. */
const bundle = `export const filas = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, estado: "Abierto" }`).join(", ")}];`;
const INDEX = '<!doctype html><html lang="es"><div id="root"></div></html>';
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), "portal-web-"));
  mkdirSync(join(dist, "static", "js"), { recursive: true });
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, "index.html.br"), brotliCompressSync(INDEX));
  writeFileSync(join(dist, "index.html.gz"), gzipSync(INDEX));
  writeFileSync(join(dist, "static", "js", "bundle-def456.js"), bundle);
  writeFileSync(join(dist, "static", "js", "bundle-def456.js.br"), brotliCompressSync(bundle));
  writeFileSync(join(dist, "static", "js", "bundle-def456.js.gz"), gzipSync(bundle));
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
    // The administrator's full session (its second factor given: decision 071).
    const token = await login(t.app, "admin", "Empleado");
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/empleados/rowEmpleados",
      headers: { "x-access-token": token },
      payload: { tipo: "Lista", usuario: { x: 1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/usuario/);
  });

  it("sends the precompressed brotli or gzip file as the client accepts, and the original otherwise", async () => {
    const url = "/static/js/bundle-def456.js";
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", undefined],
      [undefined, undefined],
    ] as const) {
      const res = await t.app.inject({
        method: "GET",
        url,
        headers: accept === undefined ? {} : { "accept-encoding": accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(String(res.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(res.headers["content-type"], accept).toMatch(/javascript/);
      expect(res.headers["cache-control"], accept).toBe("public, max-age=31536000, immutable");
      const body =
        encoding === "br"
          ? brotliDecompressSync(res.rawPayload)
          : encoding === "gzip"
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(body.toString("utf8"), accept).toBe(bundle);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(bundle.length / 5);
    }
  });

  it("sends index.html compressed and never cached, at / and for client-side routes", async () => {
    for (const url of ["/", "/Pedidos/Pedido/3"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(res.rawPayload).toString("utf8"), url).toBe(INDEX);
    }
  });
});
