import { CALLS, MSG, RESTABLECER_MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCall(app, CALLS.login, async (request) => {
    const data = await app.services.auth.login(request.body, {
      ip: request.ip,
      userAgent: request.headers["user-agent"] ?? "",
    });
    return { status: "success" as const, message: MSG.bienvenida, data };
  });

  // Issue 23: authenticating the call is what renews the session (plugins/session.ts, touchSession): the answer only
  // confirms it, so a screen with unsent decisions keeps its session when asked.
  registerCall(app, CALLS.renovarSesion, async (request) => {
    request.sessionUser();
    return { status: "success" as const, message: MSG.sesionRenovada };
  });

  registerCall(app, CALLS.logout, async (request) => {
    await app.services.auth.logout(request.sessionUser());
    return { status: "success" as const, message: MSG.sesionCerrada };
  });

  // Password reset by e-mail (issue 41, decision 067): public, one answer whether or not the account exists.
  registerCall(app, CALLS.solicitarRestablecimiento, async (request) => {
    await app.services.passwordReset.requestLink(request.body, { ip: request.ip });
    return { status: "success" as const, message: RESTABLECER_MSG.solicitudRecibida };
  });

  registerCall(app, CALLS.restablecerPassword, async (request) => {
    await app.services.passwordReset.reset(request.body, { ip: request.ip });
    return { status: "success" as const, message: RESTABLECER_MSG.passwordRestablecida };
  });
};
