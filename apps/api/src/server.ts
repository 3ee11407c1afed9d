import { BaseDeDatosNoResponde } from "@portal/db";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { systemClock } from "./lib/clock";
import { scrubSecrets } from "./lib/log-safety";
import { createShutdown } from "./lib/shutdown";

// Starts the process, nothing else: tests build the same app without listening (app.ts). Stopping: lib/shutdown.ts
// (drain, close, exit).
const config = loadConfig();
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  // SEED_DEMO=true (a container, `npm run cluster`): the demo seed first, as the step `npm start` runs on its own
  // (demo-seed.ts, loaded only then). buildApp waits for PostgreSQL (DB_STARTUP_WAIT_MS) and migrates under an
  // advisory lock (decision 029).
  if (config.SEED_DEMO) await (await import("./demo-seed")).seedDemoStep(config, systemClock);
  app = await buildApp({ config });
} catch (error) {
  // buildApp or the seed step has logged a database that never answered; anything else (a wrong password, a
  // migration that fails) is written here, in one line without the URL.
  const message = scrubSecrets(error instanceof Error ? error.message : String(error));
  if (!(error instanceof BaseDeDatosNoResponde))
    process.stderr.write(`${JSON.stringify({ level: 60, msg: `no se pudo iniciar el portal: ${message}` })}\n`);
  process.exit(1);
}

const shutdown = createShutdown(app, {
  drainMs: config.DRAIN_MS,
  timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  exit: (code) => process.exit(code),
});
process.on("SIGINT", () => shutdown.signal("SIGINT"));
process.on("SIGTERM", () => shutdown.signal("SIGTERM"));

try {
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (error) {
  app.log.fatal({ err: error }, "no se pudo iniciar el servidor");
  process.exit(1);
}
