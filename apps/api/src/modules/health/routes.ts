import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";
import { DomainError } from "../../lib/errors";
import { MSG_CERRANDO } from "../../lib/shutdown";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCall(
    app,
    CALLS.health,
    async () => {
      // Draining after SIGTERM: out of the balancer's pool while the requests it still gets are served.
      if (app.lifecycle.draining) throw new DomainError(503, MSG_CERRANDO);
      await app.services.health.check();
      return { status: "success" as const, message: MSG.ok, data: { database: "ok" as const } };
    },
    { rateLimit: false },
  );
};
