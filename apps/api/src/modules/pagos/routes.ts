import { Readable } from "node:stream";
import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";
import { sendJson } from "../../lib/send-json";

/** Payments and complements (issue 14): thin routes over services.pagos. */
export const pagosRoutes: FastifyPluginAsyncZod = async (app) => {
  const ok = <T>(data: T) => ({ status: "success" as const, message: MSG.ok, data });
  const pagos = () => app.services.pagos;
  registerCall(app, CALLS.getPagos, async (request, reply) =>
    sendJson(reply, Readable.from([await pagos().listJson(request.sessionUser())])),
  );
  registerCall(app, CALLS.getComplementoEsperado, async (request) =>
    ok(await pagos().esperado(request.sessionUser(), request.body.BD, request.body.PagoSAP)),
  );
  registerCall(app, CALLS.getHistorialPago, async (request) =>
    ok(await pagos().historial(request.sessionUser(), request.body.IdPago)),
  );
  registerCall(app, CALLS.postPago, async (request) => ({
    status: "success" as const,
    message: await pagos().register(request.sessionUser(), request.body),
  }));
  registerCall(app, CALLS.pagosPendientesGetPagos, async (request) =>
    ok(await pagos().pendientes(request.sessionUser())),
  );
  registerCall(app, CALLS.patchPagos, async (request) => ({
    status: "success" as const,
    message: await pagos().reviewBatch(request.sessionUser(), request.body),
  }));
};
