import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

export const empleadosRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = () => app.services.empleados;

  registerCall(app, CALLS.getAreas, async () => ({
    status: "success" as const,
    message: MSG.ok,
    data: await svc().areas(),
  }));

  registerCall(app, CALLS.rowEmpleados, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await svc().rows(request.sessionUser(), request.body.tipo),
  }));

  registerCall(app, CALLS.createEmpleado, async (request) => ({
    status: "success" as const,
    message: await svc().create(request.sessionUser(), request.body),
  }));

  registerCall(app, CALLS.updateEmpleado, async (request) => ({
    status: "success" as const,
    message: await svc().update(request.sessionUser(), request.body),
  }));

  registerCall(app, CALLS.updateEstatusEmpleado, async (request) => ({
    status: "success" as const,
    message: await svc().updateEstatus(request.sessionUser(), request.body),
  }));
};
