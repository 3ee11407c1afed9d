import { BaseDeDatosNoResponde, runMigrations, waitForDatabase } from "@portal/db";
import { seedDemoExclusive } from "@portal/seed";
import type { AppConfig } from "./config";
import { encryptionKeyOf, openDatabase } from "./database";
import type { Clock } from "./lib/clock";

/** One log line on stderr, in the server's JSON shape (pino levels: 40 warn, 60 fatal). */
const logLine = (level: number, msg: string, fields: Record<string, unknown> = {}) =>
  process.stderr.write(`${JSON.stringify({ level, ...fields, msg })}\n`);

/**
 * The demo seed as a step of its own, before the server (issue 38, step 4; decision 055): `npm start` and the e2e
 * server run it as a command (src/seed.ts, dist/seed.mjs), and a process started with SEED_DEMO=true (a container,
 * `npm run cluster`) runs it before building the app (src/server.ts). `buildApp` never seeds. It opens the database
 * the config names, waits for it as the server does (DB_STARTUP_WAIT_MS), migrates, and seeds under the seed's
 * advisory lock, so N processes starting at once on one PostgreSQL seed once (decision 029); then it closes.
 */
export async function seedDemoStep(config: AppConfig, clock: Clock) {
  const database = await openDatabase(config);
  try {
    await waitForDatabase(database, {
      maxWaitMs: config.DB_STARTUP_WAIT_MS,
      onRetry: (attempt, delayMs) =>
        logLine(
          40,
          `PostgreSQL no responde todavía; reintento en ${Math.round(delayMs / 100) / 10} s (intento ${attempt})`,
        ),
    });
    await runMigrations(database);
    return await seedDemoExclusive(database, encryptionKeyOf(config), { clock });
  } catch (error) {
    if (error instanceof BaseDeDatosNoResponde) logLine(60, error.message);
    throw error;
  } finally {
    await database.close().catch(() => {});
  }
}
