import { MSG } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp, withToken } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: "2048" });
});
afterAll(async () => {
  await t?.close();
});

describe("platform", () => {
  it("GET /api/health answers 200 when the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "success", message: "OK", data: { database: "ok" } });
  });

  it("unknown /api paths answer a JSON 404 in Spanish", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-existe" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: "error", message: MSG.rutaNoEncontrada });
  });

  it("serves the OpenAPI document of the registered calls at /api/docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/login",
        "/api/logout",
        "/api/health",
        "/api/home/getSociedades",
        "/api/home/RowDocuments",
      ]),
    );
    expect(doc.paths["/api/login"].post.requestBody).toBeTruthy();
  });

  it("sends security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("refuses a body over the limit with a Spanish 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { usuario: "admin", password: "x".repeat(4000), operador: "Empleado" },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: "error", message: MSG.cuerpoDemasiadoGrande });
  });

  it("refuses a non-JSON content type in Spanish", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "usuario=admin",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().status).toBe("error");
    expect(res.json().message).toMatch(/tipo de contenido/);
  });

  it("never leaks internals in a 5xx answer", async () => {
    const token = await login(t.app, "admin", "Empleado");
    // Break the database under a live app: the answer must stay generic.
    await t.tdb.db.execute("alter table proveedor_sociedades rename to proveedor_sociedades_x" as never);
    const kemper = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { usuario: "EKU9003173C9", password: "Portal2026", operador: "Proveedor" },
    });
    const kemperToken = kemper.json().data.token as string;
    const res = await t.app.inject(
      withToken(kemperToken, { method: "POST", url: "/api/home/getSociedades", payload: { dato: "SN" } }),
    );
    await t.tdb.db.execute("alter table proveedor_sociedades_x rename to proveedor_sociedades" as never);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: "error", message: MSG.errorInterno });
    expect(res.body).not.toMatch(/proveedor_sociedades|relation|sql/i);
    expect(token).toBeTruthy();
  });
});
