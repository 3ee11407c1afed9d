import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MSG } from "@portal/contracts";
import { createTestDatabase, type TestDatabase } from "@portal/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ClusterHandle,
  haproxyBin,
  PGLITE_MESSAGE,
  renderClusterBackend,
  startCluster,
} from "../../../scripts/lib/cluster.mjs";
import { RETRY_AFTER_SECONDS } from "../src/lib/database-outage";

/**
 * Issue 25, `npm run cluster` (scripts/lib/cluster.mjs): two real portal processes (the production build) on one
 * PostgreSQL database behind a real HAProxy with the repository's configuration (ops/haproxy/). A session opened
 * through HAProxy is served by both processes; a process killed with SIGKILL is routed around (no request fails)
 * and taken out by the health checks; restarted, it rejoins; stop() leaves nothing running.
 */
const root = join(import.meta.dirname, "..", "..", "..");
const serverBuild = join(root, "apps", "api", "dist", "server.mjs");
const haproxyFiles = ["haproxy.cfg", "backend-cluster.cfg", "backend-compose.cfg"].map((f) =>
  join(root, "ops", "haproxy", f),
);

const alive = (pid: number | undefined) => {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits (up to a generous bound) until `test` holds; the bound only guards against a hang. */
async function until(test: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ocurrió en ${timeoutMs / 1000} s: ${what}`);
}

describe("HAProxy configuration (ops/haproxy)", () => {
  const check = (files: string[]) =>
    spawnSync(haproxyBin({ install: true }) ?? "haproxy", ["-c", ...files.flatMap((f) => ["-f", f])], {
      encoding: "utf8",
      env: { ...process.env, HAPROXY_STATS_SOCKET: join(tmpdir(), "portal-haproxy-check.sock") },
    });

  it("is valid for the cluster (servers filled in) and for docker compose, as haproxy -c says", () => {
    const dir = mkdtempSync(join(tmpdir(), "portal-haproxy-"));
    try {
      const backend = join(dir, "backend-cluster.cfg");
      writeFileSync(backend, renderClusterBackend([41001, 41002, 41003]));
      const cluster = check([haproxyFiles[0]!, backend]);
      expect(cluster.status, cluster.stdout + cluster.stderr).toBe(0);
      const compose = check([haproxyFiles[0]!, haproxyFiles[2]!]);
      expect(compose.status, compose.stdout + compose.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("balances round robin with active checks on /api/health, retries only failed connections, no stickiness", () => {
    const text = haproxyFiles.map((f) => readFileSync(f, "utf8")).join("\n");
    const config = text
      .split("\n")
      .map((l) => l.replace(/#.*$/, "").trim())
      .filter(Boolean)
      .join("\n");
    expect(config).toMatch(/^balance roundrobin$/m);
    expect(config).toMatch(/^option httpchk GET \/api\/health$/m);
    expect(config).toMatch(/^http-check expect status 200$/m);
    expect(config).toMatch(/^default-server check inter 1s fastinter 500ms .*fall 2 rise 1/m);
    // A request that may have reached a server is re-sent only when it is a GET/HEAD; a POST only after a failed connect.
    expect(config).toMatch(/^retry-on conn-failure( empty-response)?$/m);
    expect(config).toMatch(/^http-request disable-l7-retry unless METH_GET$/m);
    expect(config).toMatch(/^option redispatch/m);
    expect(config).toMatch(/^http-reuse safe$/m);
    expect(config).toMatch(/^option forwardfor$/m);
    expect(config).toMatch(/^http-request del-header X-Forwarded-For$/m);
    expect(config).toMatch(/^timeout connect 2s$/m);
    // No session affinity of any kind.
    expect(config).not.toMatch(/^(cookie|stick|stick-table|appsession)\b/m);
    expect(config).not.toMatch(/balance (source|uri|hdr|url_param|rdp-cookie)/);
    expect(renderClusterBackend([5001, 5002])).toMatch(
      /^ {4}server p0 127\.0\.0\.1:5001\n {4}server p1 127\.0\.0\.1:5002$/m,
    );
  });
});

describe("HAProxy's own answers (ops/haproxy/errors)", () => {
  it("have the portal's shape: Spanish message, no-store, a correct length; 503 as the portal's own (Retry-After)", () => {
    for (const code of [502, 503, 504]) {
      const raw = readFileSync(join(root, "ops", "haproxy", "errors", `${code}.http`));
      const split = raw.indexOf("\r\n\r\n");
      const head = raw.subarray(0, split).toString("latin1").split("\r\n");
      const body = raw.subarray(split + 4);
      expect(head[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${code} `));
      const headers = Object.fromEntries(
        head.slice(1).map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      expect(headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(headers["cache-control"]).toBe("no-store");
      expect(Number(headers["content-length"])).toBe(body.length);
      const json = JSON.parse(body.toString("utf8")) as { status: string; message: string };
      expect(json.status).toBe("error");
      expect(json.message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡].*\.$/);
      if (code === 503) {
        expect(json.message).toBe(MSG.servicioNoDisponible);
        expect(headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
      }
    }
    const page = readFileSync(join(root, "ops", "haproxy", "errors", "503.html"), "utf8");
    expect(page).toContain('lang="es"');
    expect(page).toContain(MSG.servicioNoDisponible);
  });
});

describe("startCluster", () => {
  it("refuses a database that is not PostgreSQL: PGlite cannot be shared by processes", async () => {
    await expect(startCluster({ databaseUrl: "file:///tmp/pglite", log: () => {} })).rejects.toThrow(PGLITE_MESSAGE);
    expect(PGLITE_MESSAGE).toContain("PGlite");
  });

  describe("two processes behind HAProxy on one database", () => {
    let tdb: TestDatabase;
    let cluster: ClusterHandle;
    const lines: string[] = [];
    let runDir = "";
    let pids: (number | undefined)[] = [];

    beforeAll(async () => {
      if (!existsSync(serverBuild)) {
        throw new Error(
          `Falta ${serverBuild}: compile antes (node scripts/pnpm.mjs exec turbo run build --filter=@portal/api).`,
        );
      }
      tdb = await createTestDatabase();
      cluster = await startCluster({
        procesos: 2,
        port: 0,
        databaseUrl: tdb.url,
        // A short drain: this test does not watch the drain (test/cluster-cierre.test.ts and `npm run load` do).
        env: { APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"), LOG_LEVEL: "warn", DRAIN_MS: "300" },
        processOutput: "ignore",
        log: (line) => lines.push(line),
      });
      runDir = cluster.runDir;
      pids = cluster.processes.map((p) => p.pid);
    }, 120_000);

    afterAll(async () => {
      await cluster?.stop();
      await tdb?.drop();
    }, 60_000);

    it("serves one session from both processes, survives a SIGKILL of one, takes it back after restart, stops clean", async () => {
      expect(cluster.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(cluster.processes.map((p) => p.index)).toEqual([0, 1]);
      expect(new Set(cluster.processes.map((p) => p.port)).size).toBe(2);

      // Sign in through HAProxy, then list with that session: round robin spreads the calls over both processes.
      const login = await fetch(`${cluster.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ usuario: "EKU9003173C9", password: "Portal2026", operador: "Proveedor" }),
      });
      expect(login.status).toBe(200);
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const list = () =>
        fetch(`${cluster.url}/api/pedidos/getPedidos`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-access-token": token },
          body: "{}",
        }).then((r) => r.status);
      const before = await cluster.haproxyStats();
      for (let i = 0; i < 6; i++) expect(await list()).toBe(200);
      const after = await cluster.haproxyStats();
      for (const server of ["p0", "p1"]) {
        const b = before.find((s) => s.server === server)!;
        const a = after.find((s) => s.server === server)!;
        expect(a.status).toBe("UP");
        expect(a.requests - b.requests, `${server} recibió solicitudes`).toBeGreaterThanOrEqual(2);
      }

      // SIGKILL process 1. GETs sent while it dies all succeed (a refused connection, or one its dying listener
      // accepted and dropped, is re-sent to p0); afterwards every call succeeds; the checks take p1 out.
      const killed = cluster.kill(1);
      const racing = Promise.all(
        Array.from({ length: 6 }, () => fetch(`${cluster.url}/api/health`).then((r) => r.status)),
      );
      await killed;
      expect(await racing).toEqual([200, 200, 200, 200, 200, 200]);
      expect(alive(pids[1])).toBe(false);
      for (let i = 0; i < 10; i++) expect(await list()).toBe(200);
      await until(
        async () => (await cluster.haproxyStats()).find((s) => s.server === "p1")!.status.startsWith("DOWN"),
        "HAProxy marca p1 DOWN",
      );
      expect(lines.some((l) => /p1 is DOWN/.test(l))).toBe(true);

      // Restarted on the same port, it rejoins and gets traffic again.
      await cluster.restart(1);
      expect(cluster.processes[1]!.pid).not.toBe(pids[1]);
      await until(
        async () => (await cluster.haproxyStats()).every((s) => s.status === "UP"),
        "HAProxy marca p1 UP de nuevo",
      );
      const rejoined = (await cluster.haproxyStats()).find((s) => s.server === "p1")!.requests;
      for (let i = 0; i < 4; i++) expect(await list()).toBe(200);
      expect((await cluster.haproxyStats()).find((s) => s.server === "p1")!.requests).toBeGreaterThan(rejoined);

      // stop(): every process it started has exited and its folder is gone.
      const all = [...cluster.processes.map((p) => p.pid), cluster.haproxyPid];
      await cluster.stop();
      for (const pid of all) expect(alive(pid), `pid ${pid}`).toBe(false);
      expect(existsSync(runDir)).toBe(false);
      await expect(fetch(`${cluster.url}/api/health`)).rejects.toThrow();
    }, 90_000);
  });
});
