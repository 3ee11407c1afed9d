import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client";

/**
 * Where the committed SQL migrations are: next to this package's sources in the workspace, or copied next
 * to the bundled server (apps/api/dist/migrations) in a production build.
 */
export function defaultMigrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, "..", "migrations"), join(here, "migrations")];
  const found = candidates.find((c) => existsSync(join(c, "meta", "_journal.json")));
  if (!found) throw new Error(`No se encontraron las migraciones (buscadas en: ${candidates.join(", ")})`);
  return found;
}

/**
 * Applies every pending migration. Idempotent: drizzle records applied migrations in its own table. Several
 * processes starting at once on one PostgreSQL migrate one after the other under an advisory lock (decision 029):
 * the first applies what is pending, the others find nothing left to do. Without it two of them could both see a
 * migration as pending and the second would fail on the objects the first created.
 */
export async function runMigrations(handle: DatabaseHandle, migrationsFolder = defaultMigrationsFolder()) {
  await handle.exclusive(MIGRATIONS_LOCK, async () => {
    if (handle.kind === "postgres") {
      await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
    } else {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    }
  });
}

/** The advisory lock's name for migrations (`DatabaseHandle.exclusive`). */
export const MIGRATIONS_LOCK = "migraciones";
