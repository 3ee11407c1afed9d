import fp from "fastify-plugin";
import { registerWorkerLoop } from "../../lib/worker-loop";

/**
 * Runs the ERP jobs while the app is up (issue 13): every ERP_POLL_MS, at once when a review enqueues one, and at
 * once when the ERP answers again after an outage (the jobs waiting out their backoff become due).
 * Tests call services.erpOutbox.flush() instead.
 */
export const erpWorkerPlugin = fp(
  async (app, opts: { enabled: boolean }) => {
    if (!opts.enabled) return;
    const loop = registerWorkerLoop(app, {
      run: () => app.services.erpOutbox.flush(),
      intervalMs: app.config.ERP_POLL_MS,
      errorMessage: "error del trabajador del ERP",
    });
    const dejar = app.services.erpOutbox.alEncolar(() => loop.wake());
    const sinAviso = app.services.erpOutbox.onErpBack(() => loop.wake());
    app.addHook("onClose", async () => {
      dejar();
      sinAviso();
    });
  },
  { name: "erp-worker", dependencies: ["services"] },
);
