import fp from "fastify-plugin";

/**
 * Runs the SAT status jobs every SAT_POLL_MS while the app is up (issue 15 §1): pending CFDIs, then the scheduled
 * re-checks of accepted ones. A stop-gap until the scheduled-jobs registry (issue 15 §3) takes them over; each job
 * is a plain function of `now` (services.satEstado.verificarPendientes / revisarAceptados). Tests call
 * services.satEstado.flush() instead.
 */
export const satWorkerPlugin = fp(
  async (app, opts: { enabled: boolean }) => {
    if (!opts.enabled) return;
    let timer: NodeJS.Timeout | null = null;
    let cerrado = false;
    const tick = () => {
      timer = null;
      app.services.satEstado
        .flush()
        .catch((error) => app.log.error({ err: error }, "error de las consultas de estado SAT"))
        .finally(() => {
          if (!cerrado) {
            timer = setTimeout(tick, app.config.SAT_POLL_MS);
            timer.unref();
          }
        });
    };
    app.addHook("onReady", async () => {
      timer = setTimeout(tick, 5000);
      timer.unref();
    });
    app.addHook("onClose", async () => {
      cerrado = true;
      if (timer) clearTimeout(timer);
    });
  },
  { name: "sat-worker", dependencies: ["services"] },
);
