import { CALLS, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";
import { isAdministrador, isEmpleado, isProveedor, type SessionUser } from "../../lib/session-user";

const field = (body: unknown, name: string): unknown =>
  typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;

/** Perfil is a supplier's own row; Lista is the employees' catalogue. */
const canRowProveedores = (user: SessionUser, body: unknown) =>
  field(body, "tipo") === "Perfil" ? isProveedor(user) : isEmpleado(user);
/** An administrator updates any supplier; a supplier only itself. */
const canUpdateProveedor = (user: SessionUser, body: unknown) =>
  isAdministrador(user) || (isProveedor(user) && field(body, "CardCode") === user.id);

export const proveedoresRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = () => app.services.proveedores;

  registerCall(app, CALLS.proveedoresGetSociedades, async () => ({
    status: "success" as const,
    message: MSG.ok,
    data: await app.services.sociedades.opciones(),
  }));

  registerCall(
    app,
    CALLS.rowProveedores,
    async (request) => ({
      status: "success" as const,
      message: MSG.ok,
      data: await svc().rows(request.sessionUser(), request.body.tipo),
    }),
    { authorize: canRowProveedores },
  );

  registerCall(
    app,
    CALLS.updateProveedor,
    async (request) => ({
      status: "success" as const,
      message: await svc().update(request.sessionUser(), request.body, { ip: request.ip }),
    }),
    { authorize: canUpdateProveedor },
  );

  registerCall(app, CALLS.sentCorreo, async (request) => ({
    status: "success" as const,
    message: await svc().sentCorreo(request.sessionUser(), request.body),
  }));

  registerCall(app, CALLS.addSociedad, async (request) => ({
    status: "success" as const,
    message: await svc().addSociedad(request.sessionUser(), request.body),
  }));
};
