import { CALLS } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";
import { sendJson } from "../../lib/send-json";

export const entradasRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCall(app, CALLS.getEntradasMercancia, async (request, reply) =>
    sendJson(reply, await app.services.entradas.list(request.sessionUser())),
  );
};
