import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

/** Scheduled jobs (issue 15): the administrators' view. */
export const tareasRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCall(app, CALLS.getTareas, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await app.services.tareas.list(request.sessionUser()),
  }));
};
