import fp from "fastify-plugin";

/** Runs the mail outbox worker while the app is up. Tests call services.correo.flush() instead. */
export const correoWorkerPlugin = fp(
  async (app, opts: { enabled: boolean }) => {
    if (!opts.enabled) return;
    let timer: NodeJS.Timeout | null = null;
    const tick = () => {
      app.services.correo
        .flush()
        .catch((error) => app.log.error({ err: error }, "error del trabajador de correo"))
        .finally(() => {
          timer = setTimeout(tick, app.config.MAIL_POLL_MS);
          timer.unref();
        });
    };
    app.addHook("onReady", async () => {
      timer = setTimeout(tick, 1000);
      timer.unref();
    });
    app.addHook("onClose", async () => {
      if (timer) clearTimeout(timer);
    });
  },
  { name: "correo-worker", dependencies: ["services"] },
);
