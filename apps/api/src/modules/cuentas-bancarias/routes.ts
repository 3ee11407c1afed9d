import { CALLS, MSG, SOLICITUD_CUENTA_MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

/** Bank accounts and their change requests (issue 41, decision 069): thin routes over services.cuentasBancarias. */
export const cuentasBancariasRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.cuentasBancarias;
  registerCall(app, CALLS.getCuentasBancarias, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await service().list(request.sessionUser(), request.body.CardCode),
  }));
  registerCall(app, CALLS.postSolicitudCuentaBancaria, async (request) => ({
    status: "success" as const,
    message: SOLICITUD_CUENTA_MSG.creada,
    data: { Id: await service().create(request.sessionUser(), request.body) },
  }));
  registerCall(app, CALLS.getSolicitudesCuentaBancaria, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await service().listForReview(request.sessionUser(), request.body.Estatus),
  }));
  registerCall(app, CALLS.getSolicitudCuentaBancaria, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await service().detail(request.sessionUser(), request.body.Solicitud),
  }));
  registerCall(app, CALLS.aprobarSolicitudCuentaBancaria, async (request) => ({
    status: "success" as const,
    message: await service().approve(request.sessionUser(), request.body),
  }));
  registerCall(app, CALLS.rechazarSolicitudCuentaBancaria, async (request) => ({
    status: "success" as const,
    message: await service().reject(request.sessionUser(), request.body),
  }));
};
