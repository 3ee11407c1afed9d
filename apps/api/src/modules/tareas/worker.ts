import fp from "fastify-plugin";
import { registerWorkerLoop } from "../../lib/worker-loop";

/**
 * Runs the scheduled jobs while the app is up (decision 016): a pass every TAREAS_POLL_MS; each due job is leased
 * in the database, so every API process may run this loop. A pass under way finishes before the database closes
 * (its runs would otherwise stay 'en_curso'). Tests build the app without it and call
 * services.tareas.runPending() after moving the clock.
 */
export const tareasWorkerPlugin = fp(
  async (app, opts: { enabled: boolean }) => {
    if (!opts.enabled) return;
    registerWorkerLoop(app, {
      run: () => app.services.tareas.runPending(),
      intervalMs: app.config.TAREAS_POLL_MS,
      errorMessage: "error del programador de tareas",
    });
  },
  { name: "tareas-worker", dependencies: ["services"] },
);
