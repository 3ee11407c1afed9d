import { BaseDeDatosNoResponde } from "@portal/db";
import { loadConfig } from "./config";
import { seedDemoStep } from "./demo-seed";
import { systemClock } from "./lib/clock";
import { scrubSecrets } from "./lib/log-safety";

// `node apps/api/dist/seed.mjs`: migrates the database the environment names and loads the idempotent demo data,
// then exits (0, or 1 with one line on stderr). `npm start` and the e2e server run it before the server
// (demo-seed.ts); the same environment as the server's.
try {
  await seedDemoStep(loadConfig(), systemClock);
  console.log("Datos de demostración listos.");
  process.exit(0);
} catch (error) {
  // A database that never answered is already logged (demo-seed.ts); anything else in one line without the URL.
  if (!(error instanceof BaseDeDatosNoResponde)) {
    const message = scrubSecrets(error instanceof Error ? error.message : String(error));
    process.stderr.write(
      `${JSON.stringify({ level: 60, msg: `no se pudieron sembrar los datos de demostración: ${message}` })}\n`,
    );
  }
  process.exit(1);
}
