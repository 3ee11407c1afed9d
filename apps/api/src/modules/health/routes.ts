import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCall(
    app,
    CALLS.health,
    async () => {
      await app.services.health.check();
      return { status: "success" as const, message: MSG.ok, data: { database: "ok" as const } };
    },
    { rateLimit: false },
  );
};
