import { CALL_NAMES, CALLS } from "@portal/contracts";
import { conHoja, hojas, MUESTRAS } from "@portal/contracts/muestras";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp } from "./helpers";

/**
 * Issue 9, end to end over HTTP: every call with a body, every field of its sample request, replaced by a NUL
 * character or by integers beyond 32 bits, sent by every kind of caller (none, administrator, supplier). No
 * answer is a 500; each refusal is the Spanish error shape.
 */

let t: TestApp;
const tokens: Record<string, string | null> = { ninguno: null, admin: "", proveedor: "" };
beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await login(t.app, "admin", "Empleado");
  tokens.proveedor = await login(t.app, "EKU9003173C9", "Proveedor");
});
afterAll(async () => t?.close());

describe("ninguna llamada responde 500 a entrada hostil", () => {
  it("NUL in every text field, 2^31 and 2^53 in every number, from every caller", async () => {
    let sent = 0;
    const failures: string[] = [];
    for (const name of CALL_NAMES) {
      const call = CALLS[name];
      if (!("request" in call)) continue;
      const sample = (MUESTRAS[name] as { request: unknown }).request;
      for (const leaf of hojas(sample)) {
        const hostile = typeof leaf.value === "string" ? [`${leaf.value}\u0000`] : [2 ** 31, 2 ** 53];
        for (const value of hostile) {
          for (const [who, token] of Object.entries(tokens)) {
            const res = await t.app.inject({
              method: call.method,
              url: call.path,
              payload: conHoja(sample, leaf.path, value) as object,
              headers: token ? { "x-access-token": token } : {},
            });
            sent++;
            const body = res.json();
            if (res.statusCode >= 500 || body.status !== "error" || typeof body.message !== "string") {
              failures.push(`${name} ${leaf.path.join(".")}=${JSON.stringify(value)} (${who}): ${res.statusCode}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    // Over 500 requests (every call x every caller): seconds on a busy 2-core machine, not a timing target.
  }, 60_000);
});
