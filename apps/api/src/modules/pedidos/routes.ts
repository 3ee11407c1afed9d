import { getPedidosAnswerSchema, getPedidosRequestSchema, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { plainJsonSerializer } from "../../erp/serializer";

export const pedidosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/pedidos/getPedidos",
    {
      config: { access: "session" },
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags: ["pedidos"],
        summary: "Pedidos de compra con sus partidas (el proveedor ve solo los suyos)",
        body: getPedidosRequestSchema,
        response: { 200: getPedidosAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: MSG.ok,
      data: await app.services.pedidos.getPedidos(request.sessionUser()),
    }),
  );
};
