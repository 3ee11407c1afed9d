import { randomBytes } from "node:crypto";
import { connect, createServer, type Server, type Socket } from "node:net";
import {
  BaseDeDatosNoResponde,
  createDatabase,
  type DatabaseHandle,
  parseEncryptionKey,
  runMigrations,
  waitForDatabase,
} from "@portal/db";
import { empleados, erpPedidos, facturas, proveedores, sociedades } from "@portal/db/schema";
import { testServerUrl } from "@portal/db/testing";
import { count, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { seedDemoExclusive } from "./index";

/**
 * Issue 25, start-up and connections: a process started before PostgreSQL waits for it (bounded), N processes
 * starting at once migrate and seed once (advisory locks), and an idle connection the server drops never crashes
 * the process.
 */
const server = new URL(testServerUrl());
const created: string[] = [];
const handles: DatabaseHandle[] = [];

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: server.toString() });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** An empty database of this test (not migrated). */
async function emptyDatabase(): Promise<string> {
  const name = `${process.env.TEST_DB_PREFIX ?? "portal_t"}_arr_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  created.push(name);
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  return url.toString();
}

async function open(url: string, max = 4): Promise<DatabaseHandle> {
  const handle = await createDatabase({ url, maxConnections: max });
  handles.push(handle);
  return handle;
}

/** A free TCP port on loopback, nobody listening on it yet. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

/** Forwards `port` to the test PostgreSQL: the server "comes up" when this starts listening. */
async function forward(port: number): Promise<Server> {
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const upstream = connect(Number(server.port || 5432), server.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => proxy.listen(port, "127.0.0.1", r));
  proxy.on("close", () => {
    for (const s of sockets) s.destroy();
  });
  return proxy;
}

afterAll(async () => {
  for (const h of handles) await h.close().catch(() => {});
  await admin(async (c) => {
    for (const name of created) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
});

describe("waitForDatabase", () => {
  it("retries while PostgreSQL is not there yet and returns once it answers", async () => {
    const port = await freePort();
    const url = new URL(testServerUrl());
    url.host = `127.0.0.1:${port}`;
    const handle = await open(url.toString());
    const retries: number[] = [];
    let proxy: Server | undefined;
    await waitForDatabase(handle, {
      maxWaitMs: 60_000,
      retryMs: 100,
      onRetry: (attempt) => {
        retries.push(attempt);
        // The server comes up after the third refused attempt.
        if (attempt === 3) void forward(port).then((p) => (proxy = p));
      },
    });
    expect(retries.slice(0, 3)).toEqual([1, 2, 3]);
    expect(((await handle.db.execute(sql`select 1 as uno`)) as unknown as pg.QueryResult).rows).toEqual([{ uno: 1 }]);
    await handle.close();
    await new Promise((r) => proxy?.close(r));
  });

  it("gives up after the bound with a Spanish message", async () => {
    const url = new URL(testServerUrl());
    url.host = `127.0.0.1:${await freePort()}`;
    const handle = await open(url.toString());
    const retries: number[] = [];
    const error = await waitForDatabase(handle, {
      maxWaitMs: 500,
      retryMs: 100,
      onRetry: (a) => retries.push(a),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BaseDeDatosNoResponde);
    expect((error as Error).message).toMatch(/^PostgreSQL no respondió en \d+ s \(\d+ intentos\)/);
    expect(retries.length).toBeGreaterThanOrEqual(1);
  });

  it("does not wait for what waiting cannot fix: a database that does not exist fails at once", async () => {
    const url = new URL(testServerUrl());
    url.pathname = `/no_existe_${randomBytes(4).toString("hex")}`;
    const handle = await open(url.toString());
    const retries: number[] = [];
    const error = await waitForDatabase(handle, { maxWaitMs: 60_000, onRetry: (a) => retries.push(a) }).catch(
      (e: unknown) => e,
    );
    // Drizzle's wrapper, the driver's error as its cause.
    expect(error).toMatchObject({ cause: { code: "3D000" } });
    expect(retries).toEqual([]);
  });
});

describe("several processes starting at once on one database", () => {
  it("migrate once: every process starts, the migrations are recorded once each", async () => {
    const url = await emptyDatabase();
    const processes = await Promise.all([1, 2, 3, 4].map(() => open(url, 2)));
    await Promise.all(processes.map((h) => runMigrations(h)));
    const applied = (await processes[0]!.db.execute(
      sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
    )) as unknown as pg.QueryResult;
    expect(applied.rows.length).toBeGreaterThan(10);
    for (const row of applied.rows) expect(row.n).toBe(1);
  }, 60_000);

  it("seed the demo once: the same rows as one seed, and no process fails on a unique key", async () => {
    const url = await emptyDatabase();
    const key = parseEncryptionKey(Buffer.alloc(32, 3).toString("base64"));
    const clock = () => new Date("2026-11-21T12:00:00.000Z");
    const alone = await open(url, 2);
    await runMigrations(alone);
    const processes = await Promise.all([1, 2, 3].map(() => open(url, 2)));
    await Promise.all(processes.map((h) => seedDemoExclusive(h, key, { clock })));
    const n = async (table: PgTable) => (await alone.db.select({ n: count() }).from(table))[0]?.n;
    // admin, consulta and tesoreria (issue 41: the bank-change approver).
    expect(await n(empleados)).toBe(3);
    expect(await n(sociedades)).toBe(4);
    expect(await n(proveedores)).toBe(3);
    const facturasUnaVez = await n(facturas);
    const pedidosUnaVez = await n(erpPedidos);
    // One more start finds everything there and writes nothing.
    await seedDemoExclusive(alone, key, { clock });
    expect(await n(facturas)).toBe(facturasUnaVez);
    expect(await n(erpPedidos)).toBe(pedidosUnaVez);
  }, 120_000);
});

describe("the pool", () => {
  it("survives an idle connection the server ends (a restart) and answers the next query on a new one", async () => {
    const url = await emptyDatabase();
    const handle = await open(url, 2);
    const lost: Error[] = [];
    handle.watchConnections?.({ connected: () => {}, lost: (e) => lost.push(e) });
    const backend = async () =>
      ((await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as pg.QueryResult).rows[0]?.pid;
    const pid = await backend();
    // Idle in the pool now; the server ends it as a restart does (57P01 admin_shutdown).
    await admin((c) => c.query("select pg_terminate_backend($1)", [pid]));
    for (let i = 0; i < 200 && lost.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(lost).toHaveLength(1);
    expect(await backend()).not.toBe(pid);
  });
});

describe("a connection in use when the server ends it", () => {
  it("inside a transaction, between two statements: the transaction fails, the process does not crash, the pool goes on", async () => {
    const url = await emptyDatabase();
    const handle = await open(url, 2);
    const lost: Error[] = [];
    handle.watchConnections?.({ connected: () => {}, lost: (e) => lost.push(e) });
    let pid: number | undefined;
    let ended: () => void = () => {};
    const terminated = new Promise<void>((r) => {
      ended = r;
    });
    const work = handle.db.transaction(async (tx) => {
      pid = ((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as pg.QueryResult).rows[0]?.pid;
      // Checked out and idle in its transaction while the server ends it (a restart: 57P01).
      await terminated;
      await tx.execute(sql`select 1`);
    });
    for (let i = 0; i < 200 && pid === undefined; i++) await new Promise((r) => setTimeout(r, 10));
    await admin((c) => c.query("select pg_terminate_backend($1)", [pid]));
    // The 'error' the connection emits now has a listener: without one, Node ends the process (and vitest reports an
    // uncaught exception).
    for (let i = 0; i < 200 && lost.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    ended();
    await expect(work).rejects.toThrow();
    expect(lost.length).toBeGreaterThanOrEqual(1);
    const again = ((await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as pg.QueryResult).rows[0]
      ?.pid;
    expect(again).not.toBe(pid);
  });
});
