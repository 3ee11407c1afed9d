import fp from "fastify-plugin";

/**
 * Runs the scheduled jobs while the app is up (decision 016): a pass every TAREAS_POLL_MS; each due job is leased
 * in the database, so every API process may run this timer. Tests build the app without it and call
 * services.tareas.ejecutarPendientes() after moving the clock.
 */
export const tareasWorkerPlugin = fp(
  async (app, opts: { enabled: boolean }) => {
    if (!opts.enabled) return;
    let timer: NodeJS.Timeout | null = null;
    let cerrado = false;
    let pasada: Promise<unknown> = Promise.resolve();
    const tick = () => {
      timer = null;
      pasada = app.services.tareas
        .ejecutarPendientes()
        .catch((error) => app.log.error({ err: error }, "error del programador de tareas"))
        .finally(() => {
          if (cerrado) return;
          timer = setTimeout(tick, app.config.TAREAS_POLL_MS);
          timer.unref();
        });
    };
    app.addHook("onReady", async () => {
      timer = setTimeout(tick, 1000);
      timer.unref();
    });
    // A pass under way finishes before the database closes (its runs would otherwise stay 'en_curso').
    app.addHook("onClose", async () => {
      cerrado = true;
      if (timer) clearTimeout(timer);
      await pasada;
    });
  },
  { name: "tareas-worker", dependencies: ["services"] },
);
