import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

/** Credit notes (issue 27): thin routes over services.notasCredito. */
export const notasCreditoRoutes: FastifyPluginAsyncZod = async (app) => {
  const ok = <T>(data: T) => ({ status: "success" as const, message: MSG.ok, data });
  const notas = () => app.services.notasCredito;
  registerCall(app, CALLS.getNotasCredito, async (request) =>
    ok(await notas().list(request.sessionUser(), request.body.IdFactura)),
  );
  registerCall(app, CALLS.getNotaCredito, async (request) =>
    ok(await notas().detalle(request.sessionUser(), request.body.IdNotaCredito)),
  );
  registerCall(app, CALLS.postNotaCredito, async (request) => ({
    status: "success" as const,
    message: await notas().register(request.sessionUser(), request.body),
  }));
  registerCall(app, CALLS.notasCreditoPendientesGetNotasCredito, async (request) =>
    ok(await notas().pendientes(request.sessionUser())),
  );
  registerCall(app, CALLS.notasCreditoPendientesPatchNotaCredito, async (request) => ({
    status: "success" as const,
    message: await notas().reviewBatch(request.sessionUser(), request.body),
  }));
  // Issue 36: the accepted credit note's A/P credit memo now (the ERP outbox's job, as the invoices' retry).
  registerCall(app, CALLS.notasCreditoPendientesReintentarErp, async (request) => ({
    status: "success" as const,
    message: await app.services.erpRetry.notaCredito(request.sessionUser(), request.body.NotaCredito),
  }));
};
