import { CALLS } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";
import { sendJson } from "../../lib/send-json";

export const pedidosRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCall(app, CALLS.getPedidos, async (request, reply) =>
    sendJson(reply, await app.services.pedidos.list(request.sessionUser())),
  );
};
