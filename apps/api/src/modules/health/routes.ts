import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";
import { DomainError } from "../../lib/errors";
import { MSG_CERRANDO } from "../../lib/shutdown";

/** How long the health check waits for PostgreSQL: under the load balancer's check timeout (2 s). */
const HEALTH_PING_MS = 1_500;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCall(
    app,
    CALLS.health,
    async () => {
      // Draining after SIGTERM: out of the balancer's pool while the requests it still gets are served.
      if (app.lifecycle.draining) throw new DomainError(503, MSG_CERRANDO);
      // Within HAProxy's check timeout (2 s, ops/haproxy/haproxy.cfg), on a connection a saturated pool cannot delay.
      const ping = app.database.ping;
      await app.services.health.check(ping ? () => ping.call(app.database, HEALTH_PING_MS) : undefined);
      return { status: "success" as const, message: MSG.ok, data: { database: "ok" as const } };
    },
    { rateLimit: false },
  );
};
