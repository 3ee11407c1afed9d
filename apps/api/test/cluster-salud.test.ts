import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";

/**
 * HAProxy takes a process out of its pool when /api/health fails twice within its 2 s check timeout (issue 25). A
 * process whose pool is busy is still serving: its health check asks PostgreSQL on a connection of its own, so a
 * busy moment does not send its load to the other processes.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("/api/health under a busy pool", () => {
  it("answers 200 at once while every pooled connection is taken by a long statement", async () => {
    // The test database's pool has 5 connections: five statements of 5 s hold them all.
    const busy = Array.from({ length: 5 }, () => t.app.database.db.execute(sql`select pg_sleep(5)`));
    await new Promise((r) => setTimeout(r, 300));
    const started = performance.now();
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "success", data: { database: "ok" } });
    // Not behind the 5 s statements (a pooled query would wait for one of them to end).
    expect(elapsed).toBeLessThan(3_000);
    await Promise.all(busy);
  });

  it("its connection is not one of the pool's: pg_stat_activity names it portal-health", async () => {
    await t.app.inject({ method: "GET", url: "/api/health" });
    const rows = (await t.app.database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity
        where application_name = 'portal-health' and datname = current_database()`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(1);
  });
});
