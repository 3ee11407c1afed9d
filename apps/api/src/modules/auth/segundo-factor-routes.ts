import { CALLS, MSG, SEGUNDO_FACTOR_MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

/** Second factor (issue 41 item 5, decision 071). Access per CALLS; a half-signed session reaches only these. */
export const segundoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.segundoFactor;

  registerCall(app, CALLS.verificarSegundoFactor, async (request) => {
    await service().verify(request.sessionUser(), request.body.codigo, request.ip);
    return { status: "success" as const, message: SEGUNDO_FACTOR_MSG.verificado };
  });

  registerCall(app, CALLS.estadoSegundoFactor, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await service().status(request.sessionUser()),
  }));

  // The one answer that carries a secret: to the user who is enrolling, once (decision 071).
  registerCall(app, CALLS.iniciarInscripcionSegundoFactor, async (request) => ({
    status: "success" as const,
    message: SEGUNDO_FACTOR_MSG.inscripcionIniciada,
    data: await service().startEnrolment(request.sessionUser()),
  }));

  registerCall(app, CALLS.confirmarInscripcionSegundoFactor, async (request) => ({
    status: "success" as const,
    message: SEGUNDO_FACTOR_MSG.inscripcionCompletada,
    data: { codigos: await service().confirmEnrolment(request.sessionUser(), request.body.codigo, request.ip) },
  }));

  registerCall(app, CALLS.regenerarCodigosRecuperacion, async (request) => ({
    status: "success" as const,
    message: SEGUNDO_FACTOR_MSG.codigosRegenerados,
    data: { codigos: await service().regenerateRecoveryCodes(request.sessionUser()) },
  }));

  registerCall(app, CALLS.desactivarSegundoFactor, async (request) => {
    await service().disable(request.sessionUser(), request.body.codigo, request.ip);
    return { status: "success" as const, message: SEGUNDO_FACTOR_MSG.desactivado };
  });

  registerCall(app, CALLS.restablecerSegundoFactor, async (request) => {
    await service().resetEmpleado(request.sessionUser(), request.body.Usuario);
    return { status: "success" as const, message: SEGUNDO_FACTOR_MSG.restablecido };
  });
};
