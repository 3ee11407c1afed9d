import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

/** 'Complementos atrasados' (issue 27): thin routes over services.complementosAtrasados. */
export const complementosAtrasadosRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.complementosAtrasados;
  registerCall(app, CALLS.getComplementosAtrasados, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await service().report(request.sessionUser(), request.body),
  }));
  registerCall(app, CALLS.setRetenerPagos, async (request) => ({
    status: "success" as const,
    message: await service().setRetenerPagos(request.sessionUser(), request.body),
  }));
};
