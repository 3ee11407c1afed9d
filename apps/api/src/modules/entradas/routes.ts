import { getEntradasMercanciaAnswerSchema, getEntradasMercanciaRequestSchema } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendJson } from "../../lib/send-json";

export const entradasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/entradasMercancia/getEntradasMercancia",
    {
      config: { access: "session" },
      schema: {
        tags: ["entradas"],
        summary: "Entradas de mercancía con sus partidas (el proveedor ve solo las suyas)",
        body: getEntradasMercanciaRequestSchema,
        response: { 200: getEntradasMercanciaAnswerSchema },
      },
    },
    async (request, reply) => sendJson(reply, await app.services.entradas.getEntradasMercancia(request.sessionUser())),
  );
};
