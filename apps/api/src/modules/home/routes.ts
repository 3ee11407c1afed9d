import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCall(app, CALLS.homeGetSociedades, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await app.services.home.getSociedades(request.sessionUser()),
  }));

  registerCall(app, CALLS.homeRowDocuments, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: { Registro: await app.services.home.rowDocuments(request.sessionUser(), request.body.dato) },
  }));

  // Issue 27: the supplier's expected payments of the next 30 days, by week (from its invoices).
  registerCall(app, CALLS.homeGetPagosProximos, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await app.services.facturas.pagosProximos(request.sessionUser()),
  }));
};
