import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

export const sociedadesRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = () => app.services.sociedades;

  registerCall(app, CALLS.rowSociedades, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await svc().rows(request.sessionUser()),
  }));

  registerCall(app, CALLS.createSociedad, async (request) => ({
    status: "success" as const,
    message: await svc().create(request.sessionUser(), request.body),
  }));

  registerCall(app, CALLS.updateSociedad, async (request) => ({
    status: "success" as const,
    message: await svc().update(request.sessionUser(), request.body),
  }));
};
