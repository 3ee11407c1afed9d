import { PGlite } from "@electric-sql/pglite";
import type { Database } from "@portal/db";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";

const dialect = new PgDialect();

/** Runs a drizzle `sql` query and returns its rows as arrays of the driver's values. */
export type ArrayQuery = (query: SQL) => Promise<unknown[][]>;

/**
 * Array-mode execution on the driver under drizzle (node-postgres Pool or PGlite). The bulk lists read up to
 * ~200k line rows; drizzle's per-row object mapping costs about as much as the query itself there (measured:
 * ~1.0 s vs ~0.55 s for 190k lines), so those two queries skip it. Column references stay typed (the `sql`
 * template takes the schema's columns) and values are cast in SQL to what the adapter returns: dates and
 * numerics as text (node-postgres and PGlite parse dates differently), integers as numbers.
 */
export function arrayQuery(db: Database): ArrayQuery {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return async (query) => {
      const { sql, params } = dialect.sqlToQuery(query);
      const result = await client.query<unknown[]>({ text: sql, values: params, rowMode: "array" });
      return result.rows;
    };
  }
  if (client instanceof PGlite) {
    return async (query) => {
      const { sql, params } = dialect.sqlToQuery(query);
      const result = await client.query<unknown[]>(sql, params, { rowMode: "array" });
      return result.rows;
    };
  }
  // Any other drizzle driver: the same rows through drizzle (slower, same values).
  return async (query) => {
    const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map((row) => Object.values(row));
  };
}
