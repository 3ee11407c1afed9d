import { randomBytes } from "node:crypto";
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

export async function createTestDatabase(serverUrl = testServerUrl()): Promise<TestDatabase> {
  const prefix = process.env.TEST_DB_PREFIX ?? "portal_t";
  const name = `${prefix}_${randomBytes(8).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), maxConnections: 5 });
  await runMigrations(handle);
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export * from "./lista-69b/muestra";
