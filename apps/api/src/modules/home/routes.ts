import {
  homeSociedadesAnswerSchema,
  homeSociedadesRequestSchema,
  MSG,
  rowDocumentsAnswerSchema,
  rowDocumentsRequestSchema,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/home/getSociedades",
    {
      config: { access: "proveedor" },
      schema: {
        tags: ["home"],
        summary: "Sociedades del proveedor en sesión (tabla de Home)",
        body: homeSociedadesRequestSchema,
        response: { 200: homeSociedadesAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: MSG.ok,
      data: await app.services.home.getSociedades(request.sessionUser()),
    }),
  );

  app.post(
    "/api/home/RowDocuments",
    {
      schema: {
        tags: ["home"],
        summary: "Conteo de registros de un módulo (mosaicos de Home)",
        body: rowDocumentsRequestSchema,
        response: { 200: rowDocumentsAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: MSG.ok,
      data: { Registro: await app.services.home.rowDocuments(request.sessionUser(), request.body.dato) },
    }),
  );
};
