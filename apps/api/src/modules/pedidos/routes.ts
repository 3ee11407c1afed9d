import { getPedidosAnswerSchema, getPedidosRequestSchema } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendJson } from "../../lib/send-json";

export const pedidosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/pedidos/getPedidos",
    {
      config: { access: "session" },
      schema: {
        tags: ["pedidos"],
        summary: "Pedidos de compra con sus partidas (el proveedor ve solo los suyos)",
        body: getPedidosRequestSchema,
        response: { 200: getPedidosAnswerSchema },
      },
    },
    async (request, reply) => sendJson(reply, await app.services.pedidos.getPedidos(request.sessionUser())),
  );
};
