import { CALLS, CFDI_PRUEBA_MSG, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

/** Test CFDIs for the demo (issue 40, decision 062): thin routes over services.cfdiPrueba. */
export const cfdiPruebaRoutes: FastifyPluginAsyncZod = async (app) => {
  const cfdiPrueba = () => app.services.cfdiPrueba;
  registerCall(app, CALLS.getCfdiPruebaDisponible, async () => ({
    status: "success" as const,
    message: MSG.ok,
    data: { Disponible: cfdiPrueba().isAvailable() },
  }));
  registerCall(app, CALLS.postCfdiPrueba, async (request) => {
    const data = await cfdiPrueba().issue(request.sessionUser(), request.body);
    return { status: "success" as const, message: CFDI_PRUEBA_MSG.generado(data.UUID), data };
  });
};
