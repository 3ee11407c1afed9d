import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** The portal's database, whichever driver is underneath (node-postgres or embedded PGlite). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL. When absent the embedded PGlite database in `dataDir` is used. */
  url?: string | undefined;
  /** Folder of the embedded database (PGlite). Ignored when `url` is set. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? ".data/pglite";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
  return { db, kind: "pglite", close: () => client.close() };
}
