import fp from "fastify-plugin";
import { registerWorkerLoop } from "../../lib/worker-loop";

/**
 * Runs the mail outbox worker while the app is up (every MAIL_POLL_MS; each message is leased, so every API
 * process may run it). Tests call services.correo.flush() instead.
 */
export const correoWorkerPlugin = fp(
  async (app, opts: { enabled: boolean }) => {
    if (!opts.enabled) return;
    registerWorkerLoop(app, {
      run: (signal) => app.services.correo.flush(signal),
      intervalMs: app.config.MAIL_POLL_MS,
      errorMessage: "error del trabajador de correo",
    });
  },
  { name: "correo-worker", dependencies: ["services"] },
);
