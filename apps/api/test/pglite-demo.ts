import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type DatabaseHandle, runMigrations } from "@portal/db";
import { testServerUrl } from "@portal/db/testing";
import { seedDemo } from "@portal/seed";
import pg from "pg";
import { createTestClock, TEST_KEY_B64, testKey } from "./helpers";

const DIA_MS = 24 * 60 * 60 * 1000;

/**
 * The demo data set on embedded PGlite (one connection, what `npm start` runs on) as of `time`'s start. Migrating and
 * seeding PGlite (WebAssembly) costs many seconds of CPU, so under `npm test` (TEST_DB_TEMPLATES=1, a new
 * TEST_DB_PREFIX per run) the seeded data folder is built once per run and clock start, under the system's temporary
 * folder, and every caller opens a copy of its own, removed by close(). Otherwise (a developer's run) it is prepared
 * from scratch in memory, so an older template is never reused. Same idea as the PostgreSQL templates of
 * `@portal/db/testing`.
 */
export async function createDemoPglite(time = createTestClock()): Promise<DatabaseHandle> {
  const prepare = async (handle: DatabaseHandle) => {
    await runMigrations(handle);
    await seedDemo(handle.db, testKey, { clock: time.clock });
  };
  if (process.env.TEST_DB_TEMPLATES !== "1") {
    const database = await createDatabase({ dataDir: "memory://" });
    await prepare(database);
    return database;
  }
  const root = join(tmpdir(), "portal-pglite-plantillas");
  mkdirSync(root, { recursive: true });
  pruneOld(root);
  const key = createHash("sha256")
    .update(`demo|${time.clock().toISOString()}|${TEST_KEY_B64}`)
    .digest("hex")
    .slice(0, 12);
  const template = join(root, `${process.env.TEST_DB_PREFIX ?? "portal_t"}_${key}`);
  await withRunLock(template, async () => {
    if (existsSync(template)) return;
    // Built under another name and renamed when complete (a rename is atomic), so a failed build is never copied.
    const building = mkdtempSync(`${template}-b`);
    try {
      const handle = await createDatabase({ dataDir: join(building, "data") });
      try {
        await prepare(handle);
      } finally {
        await handle.close();
      }
      renameSync(join(building, "data"), template);
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
  });
  const copy = mkdtempSync(join(root, "copia-"));
  cpSync(template, join(copy, "data"), { recursive: true });
  const database = await createDatabase({ dataDir: join(copy, "data") });
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    },
  };
}

/** Templates and copies older than a day: runs that ended without removing theirs (a run lasts minutes). */
function pruneOld(root: string) {
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > DIA_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another worker.
    }
  }
}

/**
 * One worker builds a template while the others wait: a PostgreSQL advisory lock on the run's server, as
 * `@portal/db/testing` does for its templates (released with the connection, even when a worker dies).
 */
async function withRunLock(name: string, work: () => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
    await work();
  } finally {
    await admin.end();
  }
}
