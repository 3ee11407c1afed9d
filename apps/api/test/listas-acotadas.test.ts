import { CALL_NAMES, CALLS, type CallAccess, type CallName, MSG, requestArrays } from "@portal/contracts";
import { conHoja, MUESTRAS } from "@portal/contracts/muestras";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { hasMoreTokensThan, MAX_JSON_TOKENS } from "../src/plugins/json-body";
import { createTestApp, login, type TestApp } from "./helpers";

/**
 * Issue 36, "bounded cost per request": one signed-in supplier sent postFactura an EntradaMercancia of 8,000,000 × -1
 * (24 MB, under the old 25 MB limit for every call); zod validated every element before the 50-receipt limit and
 * the process died. Here every list of every call's request, found by walking the registry, gets 1,000,000 invalid
 * elements from a user allowed to make the call. Server times are printed by `npm run bench:cuerpos`, not asserted.
 */

const MILLON = 1_000_000;
let t: TestApp;
const tokens = { admin: "", proveedor: "" };
beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t.app, "admin", "Empleado");
  tokens.proveedor = await login(t.app, "EKU9003173C9", "Proveedor");
});
afterAll(async () => t?.close());

/** A caller the entry lets in: the supplier for supplier calls, the (reviewing) administrator for the rest. */
const tokenFor = (access: CallAccess | readonly CallAccess[]) => {
  const levels: readonly CallAccess[] = typeof access === "string" ? [access] : access;
  return levels.includes("proveedor") && !levels.includes("session") ? tokens.proveedor : tokens.admin;
};

const listas = CALL_NAMES.flatMap((name: CallName) => {
  const request = (CALLS[name] as { request?: z.ZodType }).request;
  if (!request) return [];
  return requestArrays(request).map((lista) => ({
    name,
    ...lista,
    label: `${name} ${lista.path.join(".") || "(cuerpo)"}`,
  }));
});

const health = async () => (await t.app.inject({ method: "GET", url: "/api/health" })).statusCode;

describe("a list of a million invalid elements in every list of every call", () => {
  it("the registry has the lists this test is about", () => {
    expect(listas.map((l) => l.label)).toEqual(
      expect.arrayContaining(["postFactura EntradaMercancia", "patchPagos (cuerpo)", "postPago Detalle"]),
    );
  });

  it.each(listas)(
    "$label: Spanish 400 (or 413 when the call's body limit refuses first), health keeps answering",
    async (lista) => {
      const call = CALLS[lista.name];
      const sample = (MUESTRAS[lista.name] as { request: unknown }).request;
      const payload = JSON.stringify(conHoja(sample, lista.path, new Array(MILLON).fill(-1)));
      const res = await t.app.inject({
        method: call.method,
        url: call.path,
        payload,
        headers: { "content-type": "application/json", "x-access-token": tokenFor(call.access) },
      });
      const body = res.json();
      expect(body.status).toBe("error");
      // Over the call's limit the body is refused before it is read (413); the 3 MB list fits the limit of the upload
      // calls (postFactura, postPago, the sociedad forms) and of two review batches, which answer 400.
      if (Buffer.byteLength(payload) > call.bodyLimit) {
        expect(res.statusCode).toBe(413);
        expect(body.message).toBe(MSG.cuerpoDemasiadoGrande);
      } else {
        expect(res.statusCode).toBe(400);
        expect(body.message).toMatch(new RegExp(`como máximo ${lista.max}\\b`));
      }
      expect(await health()).toBe(200);
    },
  );

  it("postFactura's million receipts are refused by the list's length (400), not by the body limit", async () => {
    const sample = MUESTRAS.postFactura.request;
    const res = await t.app.inject({
      method: "POST",
      url: CALLS.postFactura.path,
      payload: { ...sample, EntradaMercancia: new Array(MILLON).fill(-1) },
      headers: { "x-access-token": tokens.proveedor },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Una factura puede amparar como máximo 50 entradas de mercancía.");
  });
});

describe("the body limit of each call follows what it can carry", () => {
  it("a call without files refuses 200 KB with the Spanish 413 before reading it", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: CALLS.getFacturas.path,
      payload: { usuario: "admin", relleno: "x".repeat(200 * 1024) },
      headers: { "x-access-token": tokens.admin },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: "error", message: MSG.cuerpoDemasiadoGrande });
    expect(await health()).toBe(200);
  });

  it("an upload call still reads a body of megabytes (its files), and refuses one beyond its limit", async () => {
    const sample = MUESTRAS.postFactura.request;
    const pdf64 = "A".repeat(4 * 1024 * 1024);
    const grande = await t.app.inject({
      method: "POST",
      url: CALLS.postFactura.path,
      payload: { ...sample, PDF64: pdf64 },
      headers: { "x-access-token": tokens.proveedor },
    });
    expect(grande.statusCode).not.toBe(413);
    expect(grande.statusCode).toBeLessThan(500);
    const demasiado = await t.app.inject({
      method: "POST",
      url: CALLS.postFactura.path,
      payload: { ...sample, relleno: "A".repeat(CALLS.postFactura.bodyLimit) },
      headers: { "x-access-token": tokens.proveedor },
    });
    expect(demasiado.statusCode).toBe(413);
    expect(demasiado.json().message).toBe(MSG.cuerpoDemasiadoGrande);
  });

  it("the route's limit is the registry's", () => {
    const limitOf = (url: string) => t.app.registeredRoutes.find((r) => r.url === url)?.bodyLimit;
    expect(limitOf(CALLS.getFacturas.path)).toBe(CALLS.getFacturas.bodyLimit);
    expect(limitOf(CALLS.postFactura.path)).toBe(CALLS.postFactura.bodyLimit);
    expect(CALLS.getFacturas.bodyLimit).toBeLessThanOrEqual(64 * 1024);
  });
});

describe("large bodies are parsed only when their structure is bounded", () => {
  it("an upload call filled with millions of small tokens is refused before JSON.parse (Spanish 400)", async () => {
    // 20 MB of `1,1,1,…` fits postFactura's limit but would cost JSON.parse about 0.6 s (bench:cuerpos).
    const payload = `{"relleno":[${"1,".repeat(MAX_JSON_TOKENS + 10)}1]}`;
    expect(Buffer.byteLength(payload)).toBeLessThan(CALLS.postFactura.bodyLimit);
    const res = await t.app.inject({
      method: "POST",
      url: CALLS.postFactura.path,
      payload,
      headers: { "content-type": "application/json", "x-access-token": tokens.proveedor },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^El cuerpo de la solicitud tiene demasiados elementos/);
    expect(await health()).toBe(200);
  });

  it("counts tokens outside strings only, escaped quotes included", () => {
    const bytes = (text: string) => Buffer.from(text);
    expect(hasMoreTokensThan(bytes('{"a":[1,2,3]}'), 5)).toBe(false); // { : [ , ,
    expect(hasMoreTokensThan(bytes('{"a":[1,2,3,4]}'), 5)).toBe(true);
    expect(hasMoreTokensThan(bytes(JSON.stringify({ a: ",,,,:::[[[{{{" })), 2)).toBe(false);
    expect(hasMoreTokensThan(bytes(JSON.stringify({ a: 'x\\"y,,,,,' })), 2)).toBe(false);
    // A string ending in an escaped backslash closes at its quote: the brackets after it count.
    expect(hasMoreTokensThan(bytes(`[${JSON.stringify("\\")},[[[`), 2)).toBe(true);
  });
});
