import { CALLS, MSG } from "@portal/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp, withToken } from "./helpers";
import { BUILT_CALLS } from "./llamadas-pendientes";

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

  it("serves the OpenAPI document of every built call at /api/docs, from the registry's schemas", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    // OpenAPI writes route params as {id}.
    const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");
    expect(Object.keys(doc.paths).sort()).toEqual(
      [...new Set(BUILT_CALLS.map((n) => openApiPath(CALLS[n].path)))].sort(),
    );
    for (const name of BUILT_CALLS) {
      const call = CALLS[name];
      const operation = doc.paths[openApiPath(call.path)][call.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(operation.summary, name).toBe(call.summary);
      expect(operation.tags, name).toEqual([call.tag]);
      expect(Boolean(operation.requestBody), name).toBe("request" in call);
      if (!("binary" in call)) expect(operation.responses["200"], name).toBeDefined();
    }
    // The request body is the contract's JSON Schema (here: login's three required fields).
    const login = doc.paths["/api/login"].post.requestBody.content["application/json"].schema;
    expect(login.required).toEqual(expect.arrayContaining(["usuario", "password", "operador"]));
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
    // Signed in before the break (a session is read from sesiones, which stays).
    const adminToken = await login(t.app, "admin", "Empleado");
    const kemperToken = await login(t.app, "EKU9003173C9", "Proveedor");
    // Break the database under a live app: every answer that needs the broken table must stay generic.
    await t.tdb.db.execute("alter table proveedor_sociedades rename to proveedor_sociedades_x" as never);
    const rotas = [
      await t.app.inject(
        withToken(kemperToken, { method: "POST", url: "/api/home/getSociedades", payload: { dato: "SN" } }),
      ),
      await t.app.inject(
        withToken(adminToken, { method: "POST", url: "/api/proveedores/rowProveedores", payload: { tipo: "Lista" } }),
      ),
    ];
    await t.tdb.db.execute("alter table proveedor_sociedades_x rename to proveedor_sociedades" as never);
    for (const res of rotas) {
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: "error", message: MSG.errorInterno });
      expect(res.body).not.toMatch(/proveedor_sociedades|relation|sql/i);
    }
    // Repaired, the same calls answer again.
    const reparada = await t.app.inject(
      withToken(adminToken, { method: "POST", url: "/api/proveedores/rowProveedores", payload: { tipo: "Lista" } }),
    );
    expect(reparada.statusCode).toBe(200);
  });
});
