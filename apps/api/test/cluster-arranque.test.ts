import { connect, createServer, type Server, type Socket } from "node:net";
import { createTestDatabase, type TestDatabase } from "@portal/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { TEST_KEY_B64 } from "./helpers";

/**
 * Issue 25: a portal process that starts while PostgreSQL is still coming up waits for it, one Spanish warning per
 * attempt, and starts once it answers; after DB_STARTUP_WAIT_MS it gives up with a fatal line (server.ts then exits
 * 1). The server "comes up" when a TCP forwarder to the test PostgreSQL starts listening on the app's port.
 */
interface LogLine {
  level: number;
  msg?: string;
  motivo?: string;
}

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await tdb?.drop();
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

function forward(port: number, target: URL): Promise<Server> {
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  proxy.on("close", () => {
    for (const s of sockets) s.destroy();
  });
  return new Promise((r) => proxy.listen(port, "127.0.0.1", () => r(proxy)));
}

const start = (url: string, waitMs: number, logLines: string[]) =>
  buildApp({
    config: loadConfig({
      NODE_ENV: "test",
      APP_ENCRYPTION_KEY: TEST_KEY_B64,
      WEB_DIST: "/nonexistent",
      DATABASE_URL: url,
      DB_STARTUP_WAIT_MS: String(waitMs),
      DB_POOL_MAX: "3",
    }),
    logger: true,
    logStream: { write: (line) => void logLines.push(line) },
    mailWorker: false,
    erpWorker: false,
    tareasWorker: false,
    mailTransport: async () => {},
  });

describe("start-up before PostgreSQL answers", () => {
  it("waits, logs each attempt in Spanish, and starts once the server is there", async () => {
    const port = await freePort();
    const url = new URL(tdb.url);
    url.host = `127.0.0.1:${port}`;
    const logLines: string[] = [];
    let proxy: Server | undefined;
    // The server comes up after the first refused attempt (the app retries every 2 s).
    const watcher = setInterval(() => {
      if (!proxy && logLines.some((l) => l.includes("PostgreSQL no responde todavía"))) {
        clearInterval(watcher);
        void forward(port, new URL(tdb.url)).then((p) => (proxy = p));
      }
    }, 20);
    try {
      const app = await start(url.toString(), 60_000, logLines);
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      await app.close();
    } finally {
      clearInterval(watcher);
      await new Promise((r) => (proxy ? proxy.close(r) : r(null)));
    }
    const attempts = logLines.map((l) => JSON.parse(l) as LogLine).filter((l) => l.level === 40);
    expect(attempts[0]).toMatchObject({
      msg: "PostgreSQL no responde todavía; reintento en 2 s (intento 1)",
      motivo: "ECONNREFUSED",
    });
  }, 60_000);

  it("gives up after DB_STARTUP_WAIT_MS with a fatal line, the password nowhere", async () => {
    const url = new URL(tdb.url);
    url.host = `127.0.0.1:${await freePort()}`;
    url.password = "clave-que-no-se-muestra";
    const logLines: string[] = [];
    await expect(start(url.toString(), 1_000, logLines)).rejects.toThrow(/^PostgreSQL no respondió en 1 s/);
    const lines = logLines.map((l) => JSON.parse(l) as LogLine);
    expect(lines.filter((l) => l.level === 40).length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((l) => l.level === 60).map((l) => l.msg)).toEqual([
      expect.stringMatching(/^PostgreSQL no respondió en 1 s \(\d+ intentos\); revise DATABASE_URL/),
    ]);
    expect(logLines.join("\n")).not.toContain("clave-que-no-se-muestra");
  });
});
