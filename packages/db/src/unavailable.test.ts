import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "./client";
import { createTestDatabase, type TestDatabase } from "./testing";
import { isDatabaseUnavailable } from "./unavailable";

/** The error a query really raises (Drizzle wraps the driver's in `cause`). */
const errorOf = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("la consulta no falló");
};

const unusedPort = async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
};

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
}, 60_000);
afterAll(async () => tdb?.drop());

describe("isDatabaseUnavailable", () => {
  it("recognises a server that refuses connections (through Drizzle's wrapper)", async () => {
    const down = await createDatabase({ url: `postgres://postgres@127.0.0.1:${await unusedPort()}/x` });
    try {
      const error = await errorOf(down.db.execute(sql`select 1`));
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await down.close();
    }
  });

  it("recognises a server that accepts but never answers, within the connect timeout", async () => {
    // A listener that never speaks PostgreSQL: the pool gives up after connectTimeoutMs instead of waiting forever.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const handle = await createDatabase({ url: `postgres://postgres@127.0.0.1:${port}/x`, connectTimeoutMs: 200 });
    try {
      const error = await errorOf(handle.db.execute(sql`select 1`));
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await handle.close();
      silent.close();
    }
  });

  it("recognises a backend the server terminated (57P01 admin_shutdown) under a running query", async () => {
    const client = new pg.Client({ connectionString: tdb.url });
    await client.connect();
    client.on("error", () => {});
    try {
      const pid = (await client.query("select pg_backend_pid() as pid")).rows[0].pid as number;
      const sleeping = errorOf(client.query("select pg_sleep(10)"));
      const admin = new pg.Client({ connectionString: tdb.url });
      await admin.connect();
      try {
        // Wait until the sleep is running, then end that backend as an administrator (or a restart) would.
        for (let i = 0; i < 100; i++) {
          const r = await admin.query("select state from pg_stat_activity where pid = $1", [pid]);
          if (r.rows[0]?.state === "active") break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query("select pg_terminate_backend($1)", [pid]);
      } finally {
        await admin.end();
      }
      const error = await sleeping;
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(isDatabaseUnavailable(await errorOf(client.query("select 1")))).toBe(true);
    } finally {
      await client.end().catch(() => {});
    }
  });

  it("leaves a query's own faults alone: syntax, a constraint, a value, a plain error", async () => {
    expect(isDatabaseUnavailable(await errorOf(tdb.db.execute(sql`selec 1`)))).toBe(false);
    expect(isDatabaseUnavailable(await errorOf(tdb.db.execute(sql`select 1/0`)))).toBe(false);
    expect(isDatabaseUnavailable(await errorOf(tdb.db.execute(sql`select * from tabla_que_no_existe`)))).toBe(false);
    expect(isDatabaseUnavailable(new Error("El ERP no respondió."))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
  });

  it("looks inside AggregateError (every address of a host refused) and through causes", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" });
    expect(isDatabaseUnavailable(new AggregateError([refused], ""))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: refused }))).toBe(true);
    const starting = Object.assign(new Error("the database system is starting up"), { code: "57P03" });
    expect(isDatabaseUnavailable(starting)).toBe(true);
    const connectionFailure = Object.assign(new Error("connection failure"), { code: "08006" });
    expect(isDatabaseUnavailable(connectionFailure)).toBe(true);
  });
});
