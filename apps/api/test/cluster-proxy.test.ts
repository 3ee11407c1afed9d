import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { createTestApp, type TestApp } from "./helpers";

/**
 * Behind HAProxy (issue 25) the client's address comes from X-Forwarded-For, trusted only from the peers
 * TRUST_PROXY names: `loopback` for npm run cluster, `uniquelocal` in docker-compose. Sign-in throttling per address
 * shows which address the portal took.
 */

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

/** A failed sign-in from `from` (X-Forwarded-For) with its own user name: the status. */
async function fail(t: TestApp, from: string, n: number) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/login",
    headers: { "x-forwarded-for": from },
    payload: { usuario: `nadie${n}@example.com`, password: "no-es-esta", operador: "Empleado" },
  });
  return res.statusCode;
}

describe("TRUST_PROXY", () => {
  it("reads true, false and a list of addresses; refuses anything else in Spanish", () => {
    const base = { NODE_ENV: "test", APP_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64") };
    expect(loadConfig(base).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
    expect(loadConfig({ ...base, TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).TRUST_PROXY).toBe("10.0.0.0/8, 127.0.0.1");
    expect(() => loadConfig({ ...base, TRUST_PROXY: "loopback; rm -rf" })).toThrow(/TRUST_PROXY/);
  });

  it("loopback: HAProxy on this host says who the client is; two clients are throttled apart", async () => {
    const t = await createTestApp({ TRUST_PROXY: "loopback", LOGIN_MAX_FAILURES_IP: "2" });
    apps.push(t);
    expect(await fail(t, "203.0.113.7", 1)).toBe(401);
    expect(await fail(t, "203.0.113.7", 2)).toBe(401);
    expect(await fail(t, "203.0.113.7", 3)).toBe(429);
    // Another client behind the same balancer is not throttled for the first one's failures.
    expect(await fail(t, "203.0.113.8", 4)).toBe(401);
  });

  it("a peer outside the list is not believed: X-Forwarded-For is ignored and the peer's address counts", async () => {
    const t = await createTestApp({ TRUST_PROXY: "10.0.0.0/8", LOGIN_MAX_FAILURES_IP: "2" });
    apps.push(t);
    expect(await fail(t, "203.0.113.7", 1)).toBe(401);
    expect(await fail(t, "203.0.113.8", 2)).toBe(401);
    // Both came from 127.0.0.1 (the test's peer), whatever they claimed.
    expect(await fail(t, "203.0.113.9", 3)).toBe(429);
  });
});
