import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

/**
 * Supplier invitations (issue 41 item 3, decision 070): the administrators' four calls (CALLS' access checks the
 * profile; the service checks it again) and the link's two public ones, throttled like sign-ins.
 */
export const invitacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = () => app.services.invitaciones;

  registerCall(app, CALLS.createInvitacion, async (request) => ({
    status: "success" as const,
    message: await svc().create(request.sessionUser(), request.body),
  }));
  registerCall(app, CALLS.getInvitaciones, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await svc().list(request.sessionUser()),
  }));
  registerCall(app, CALLS.approveRegistro, async (request) => ({
    status: "success" as const,
    message: await svc().approve(request.sessionUser(), request.body),
  }));
  registerCall(app, CALLS.rejectRegistro, async (request) => ({
    status: "success" as const,
    message: await svc().reject(request.sessionUser(), request.body),
  }));
  registerCall(app, CALLS.getInvitacion, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await svc().read(request.body, { ip: request.ip }),
  }));
  registerCall(app, CALLS.registrarProveedor, async (request) => ({
    status: "success" as const,
    message: await svc().register(request.body, { ip: request.ip }),
  }));
};
