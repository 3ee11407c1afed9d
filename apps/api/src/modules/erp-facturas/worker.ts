import fp from "fastify-plugin";

/**
 * Runs the ERP jobs while the app is up (issue 13): every ERP_POLL_MS, and at once when a review enqueues one.
 * Tests call services.erpFacturas.flush() instead.
 */
export const erpWorkerPlugin = fp(
  async (app, opts: { enabled: boolean }) => {
    if (!opts.enabled) return;
    let timer: NodeJS.Timeout | null = null;
    let cerrado = false;
    const programar = (ms: number) => {
      if (cerrado) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(tick, ms);
      timer.unref();
    };
    const tick = () => {
      timer = null;
      app.services.erpFacturas
        .flush()
        .catch((error) => app.log.error({ err: error }, "error del trabajador del ERP"))
        .finally(() => {
          if (!timer) programar(app.config.ERP_POLL_MS);
        });
    };
    const dejar = app.services.erpFacturas.alEncolar(() => programar(0));
    app.addHook("onReady", async () => programar(1000));
    app.addHook("onClose", async () => {
      cerrado = true;
      dejar();
      if (timer) clearTimeout(timer);
    });
  },
  { name: "erp-worker", dependencies: ["services"] },
);
