import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSeededTestDatabase, type TestDatabase } from "./testing";

async function query(url: string, text: string): Promise<{ value: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ value: string }>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The test databases of `npm test` are copies of templates (TEST_DB_TEMPLATES=1): a copy must hold exactly the
 * prepared state, the preparation must run once per key, and copies must not share rows.
 */
// Creating and copying databases is slow on a loaded machine: a generous per-test ceiling, not a speed assertion.
describe("test databases copied from a template", { timeout: 120_000 }, () => {
  const opened: TestDatabase[] = [];
  const saved = { templates: process.env.TEST_DB_TEMPLATES, prefix: process.env.TEST_DB_PREFIX };
  beforeAll(() => {
    process.env.TEST_DB_TEMPLATES = "1";
    // A prefix of this test's own, so its templates are new and dropped below whatever the run does.
    process.env.TEST_DB_PREFIX = `${saved.prefix ?? "portal_t"}_${randomBytes(3).toString("hex")}`;
  });
  afterEach(async () => {
    for (const tdb of opened.splice(0)) await tdb.drop();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
        `${process.env.TEST_DB_PREFIX}_tpl_%`,
      ]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await admin.end();
      process.env.TEST_DB_TEMPLATES = saved.templates;
      process.env.TEST_DB_PREFIX = saved.prefix;
      if (saved.templates === undefined) delete process.env.TEST_DB_TEMPLATES;
      if (saved.prefix === undefined) delete process.env.TEST_DB_PREFIX;
    }
  });

  it("seeds once per key and gives every caller its own copy of the seeded rows", async () => {
    let seeds = 0;
    const seed = async (handle: Parameters<Parameters<typeof createSeededTestDatabase>[1]>[0]) => {
      seeds += 1;
      await handle.db.execute(sql`CREATE TABLE probe (value text NOT NULL)`);
      await handle.db.execute(sql`INSERT INTO probe VALUES ('sembrado')`);
    };
    const [a, b] = await Promise.all([
      createSeededTestDatabase("probe", seed),
      createSeededTestDatabase("probe", seed),
    ]);
    opened.push(a, b);
    expect(seeds).toBe(1);
    expect(a.url).not.toBe(b.url);

    await a.db.execute(sql`INSERT INTO probe VALUES ('solo en a')`);
    const rowsOf = async (tdb: TestDatabase) =>
      (await query(tdb.url, "SELECT value FROM probe ORDER BY value")).map((r) => r.value);
    expect(await rowsOf(a)).toEqual(["sembrado", "solo en a"]);
    expect(await rowsOf(b)).toEqual(["sembrado"]);
    // The copies are migrated too.
    expect(await query(b.url, "SELECT to_regclass('sociedades')::text AS value")).toEqual([{ value: "sociedades" }]);

    const other = await createSeededTestDatabase("otra", seed);
    opened.push(other);
    expect(seeds).toBe(2);
  });

  it("never copies a template whose preparation failed", async () => {
    const failing = async () => {
      throw new Error("siembra rota");
    };
    await expect(createSeededTestDatabase("rota", failing)).rejects.toThrow("siembra rota");
    let seeds = 0;
    const tdb = await createSeededTestDatabase("rota", async () => {
      seeds += 1;
    });
    opened.push(tdb);
    expect(seeds).toBe(1);
  });
});
