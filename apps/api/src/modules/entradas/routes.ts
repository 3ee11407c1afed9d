import { getEntradasMercanciaAnswerSchema, getEntradasMercanciaRequestSchema, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { plainJsonSerializer } from "../../erp/serializer";

export const entradasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/entradasMercancia/getEntradasMercancia",
    {
      config: { access: "session" },
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags: ["entradas"],
        summary: "Entradas de mercancía con sus partidas (el proveedor ve solo las suyas)",
        body: getEntradasMercanciaRequestSchema,
        response: { 200: getEntradasMercanciaAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: MSG.ok,
      data: await app.services.entradas.getEntradasMercancia(request.sessionUser()),
    }),
  );
};
