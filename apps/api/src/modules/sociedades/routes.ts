import {
  createSociedadAnswerSchema,
  createSociedadRequestSchema,
  MSG,
  rowSociedadesAnswerSchema,
  rowSociedadesRequestSchema,
  updateSociedadAnswerSchema,
  updateSociedadRequestSchema,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

const tags = ["sociedades"];

export const sociedadesRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = () => app.services.sociedades;

  app.post(
    "/api/sociedades/rowSociedades",
    {
      config: { access: "empleado" },
      schema: {
        tags,
        summary: "Catálogo de sociedades",
        body: rowSociedadesRequestSchema,
        response: { 200: rowSociedadesAnswerSchema },
      },
    },
    async (request) => ({ status: "success" as const, message: MSG.ok, data: await svc().rows(request.sessionUser()) }),
  );

  app.post(
    "/api/sociedades/createSociedad",
    {
      config: { access: "administrador" },
      schema: {
        tags,
        summary: "Crear sociedad",
        body: createSociedadRequestSchema,
        response: { 200: createSociedadAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: await svc().create(request.sessionUser(), request.body),
    }),
  );

  app.post(
    "/api/sociedades/updateSociedad",
    {
      config: { access: "administrador" },
      schema: {
        tags,
        summary: "Actualizar sociedad",
        body: updateSociedadRequestSchema,
        response: { 200: updateSociedadAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: await svc().update(request.sessionUser(), request.body),
    }),
  );
};
