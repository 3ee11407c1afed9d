import {
  createEmpleadoAnswerSchema,
  createEmpleadoRequestSchema,
  getAreasAnswerSchema,
  MSG,
  rowEmpleadosAnswerSchema,
  rowEmpleadosRequestSchema,
  updateEmpleadoAnswerSchema,
  updateEmpleadoRequestSchema,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

const tags = ["empleados"];

export const empleadosRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = () => app.services.empleados;

  app.get(
    "/api/empleados/getAreas",
    { config: { access: "empleado" }, schema: { tags, summary: "Áreas", response: { 200: getAreasAnswerSchema } } },
    async () => ({ status: "success" as const, message: MSG.ok, data: await svc().areas() }),
  );

  app.post(
    "/api/empleados/rowEmpleados",
    {
      config: { access: "empleado" },
      schema: {
        tags,
        summary: "Catálogo de empleados (Lista) o el propio (Perfil)",
        body: rowEmpleadosRequestSchema,
        response: { 200: rowEmpleadosAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: MSG.ok,
      data: await svc().rows(request.sessionUser(), request.body.tipo),
    }),
  );

  app.post(
    "/api/empleados/createEmpleado",
    {
      config: { access: "administrador" },
      schema: {
        tags,
        summary: "Crear empleado",
        body: createEmpleadoRequestSchema,
        response: { 200: createEmpleadoAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: await svc().create(request.sessionUser(), request.body),
    }),
  );

  app.post(
    "/api/empleados/updateEmpleado",
    {
      config: { access: "administrador" },
      schema: {
        tags,
        summary: "Actualizar empleado",
        body: updateEmpleadoRequestSchema,
        response: { 200: updateEmpleadoAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: await svc().update(request.sessionUser(), request.body),
    }),
  );
};
