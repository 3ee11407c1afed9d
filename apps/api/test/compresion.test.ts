import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { getPedidosAnswerSchema, MSG } from "@portal/contracts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

/** API answers compressed when the client accepts it (issue 16, decision 017), the streamed lists included. */
let t: TestApp;
let admin: string;

/** The answer's bytes as the client reads them after undoing Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.rawPayload).toString("utf8");
  if (encoding === "gzip") return gunzipSync(res.rawPayload).toString("utf8");
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString("utf8");
}

const pedidos = (acceptEncoding?: string) =>
  t.app.inject(
    withToken(admin, {
      method: "POST",
      url: "/api/pedidos/getPedidos",
      payload: {},
      headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, "admin", "Empleado");
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("compressed API answers", () => {
  it("streams the employee's order list in brotli or gzip, decoding to the same JSON as uncompressed", async () => {
    const plain = await pedidos();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const rows = getPedidosAnswerSchema.parse(JSON.parse(decoded(plain))).data;
    expect(rows.length).toBeGreaterThan(0);

    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["br", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const res = await pedidos(accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(String(res.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(res)), accept).toEqual(JSON.parse(plain.body));
    }
  });

  it("does not compress when the client does not accept it", async () => {
    for (const accept of ["identity", "", "deflate", "br;q=0, gzip;q=0"]) {
      const res = await pedidos(accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBeUndefined();
      getPedidosAnswerSchema.parse(res.json());
    }
  });

  it("leaves small answers below the threshold as they are", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "accept-encoding": "br, gzip" },
      payload: { usuario: "consulta", password: "Portal2026", operador: "Empleado" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json().status).toBe("success");
  });

  it("keeps errors as Spanish JSON, compressed or not", async () => {
    const notFound = await t.app.inject({ method: "GET", url: "/api/nada", headers: { "accept-encoding": "br" } });
    expect(notFound.statusCode).toBe(404);
    expect(JSON.parse(decoded(notFound)).message).toBe(MSG.rutaNoEncontrada);
    const bad = await t.app.inject(
      withToken(admin, {
        method: "POST",
        url: "/api/empleados/rowEmpleados",
        headers: { "accept-encoding": "gzip" },
        payload: { tipo: "Lista", usuario: { x: 1 }, relleno: "x".repeat(5000) },
      }),
    );
    expect(bad.statusCode).toBe(400);
    const body = JSON.parse(decoded(bad));
    expect(body.status).toBe("error");
    expect(body.message).toMatch(/usuario/);
  });

  it("refuses a compressed request body without a 500 (request bodies are never decompressed)", async () => {
    const res = await t.app.inject(
      withToken(admin, {
        method: "POST",
        url: "/api/pedidos/getPedidos",
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
        payload: gzipSync(Buffer.from("{}")),
      }),
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().status).toBe("error");
  });
});

describe("COMPRESSION=false", () => {
  it("sends every answer uncompressed", async () => {
    const off = await createTestApp({ COMPRESSION: "false" });
    try {
      const token = await login(off.app, "admin", "Empleado");
      const res = await off.app.inject(
        withToken(token, {
          method: "POST",
          url: "/api/pedidos/getPedidos",
          payload: {},
          headers: { "accept-encoding": "br, gzip" },
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      getPedidosAnswerSchema.parse(res.json());
    } finally {
      await off.close();
    }
  }, 60_000);
});
