import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, type DatabaseHandle } from "./client";
import { runMigrations } from "./migrate";

/**
 * A fresh, migrated PostgreSQL database for one test file, dropped by `drop()`. The server comes from
 * TEST_DATABASE_URL (set by `npm test`); tests never touch a database they did not create.
 */
export interface TestDatabase extends DatabaseHandle {
  url: string;
  drop(): Promise<void>;
}

export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error("TEST_DATABASE_URL no está definido: ejecute las pruebas con `npm test` (prepara PostgreSQL).");
  }
  return url;
}

/**
 * With TEST_DB_TEMPLATES=1 (set by `npm test`, whose TEST_DB_PREFIX is new on every run) a prepared state is built once
 * per run and key, as a template database, and every test database is a copy of it (`CREATE DATABASE … TEMPLATE`):
 * migrating costs ~1 s and the demo seed ~3 s, a copy a fraction of that. Without it every database is prepared
 * from scratch, so a developer's run never reuses a template built by older code.
 */
const templatesEnabled = () => process.env.TEST_DB_TEMPLATES === "1";
const testPrefix = () => process.env.TEST_DB_PREFIX ?? "portal_t";

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(serverUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates `name` as a copy of the template for `key`, building the template first when this run has none. An advisory
 * lock serialises the processes of a run (vitest's workers): one builds, the others wait and copy. The template is
 * built under another name and renamed when complete, so a failed build is never copied.
 */
async function copyTemplate(
  serverUrl: string,
  name: string,
  key: string,
  prepare: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const template = `${testPrefix()}_tpl_${createHash("sha256").update(key).digest("hex").slice(0, 12)}`;
  await withAdmin(serverUrl, async (admin) => {
    await admin.query("SELECT pg_advisory_lock(hashtext($1))", [template]);
    try {
      const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [template]);
      if (!rowCount) {
        const building = `${template}_b`;
        await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${building}"`);
        const handle = await createDatabase({ url: databaseUrl(serverUrl, building), maxConnections: 2 });
        try {
          await prepare(handle);
        } finally {
          await handle.close();
        }
        await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
      }
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await admin.query("SELECT pg_advisory_unlock(hashtext($1))", [template]);
    }
  });
}

async function newTestDatabase(
  serverUrl: string,
  key: string,
  prepare: (handle: DatabaseHandle) => Promise<void>,
): Promise<TestDatabase> {
  const name = `${testPrefix()}_${randomBytes(8).toString("hex")}`;
  const templated = templatesEnabled();
  if (templated) await copyTemplate(serverUrl, name, key, prepare);
  else await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = databaseUrl(serverUrl, name);
  const handle = await createDatabase({ url, maxConnections: 5 });
  if (!templated) await prepare(handle);
  return {
    ...handle,
    url,
    async drop() {
      await handle.close();
      await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** A fresh, migrated database. */
export function createTestDatabase(serverUrl = testServerUrl()): Promise<TestDatabase> {
  return newTestDatabase(serverUrl, "migrated", (handle) => runMigrations(handle));
}

/**
 * A fresh, migrated database with `seed` applied. `key` names the seeded state: two calls with the same key must
 * seed the same data (the same clock, the same encryption key), because with templates the second is a copy.
 */
export function createSeededTestDatabase(
  key: string,
  seed: (handle: DatabaseHandle) => Promise<void>,
  serverUrl = testServerUrl(),
): Promise<TestDatabase> {
  return newTestDatabase(serverUrl, `seeded|${key}`, async (handle) => {
    await runMigrations(handle);
    await seed(handle);
  });
}

export * from "./lista-69b/muestra";
