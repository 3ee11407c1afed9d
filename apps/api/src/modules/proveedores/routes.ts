import {
  addSociedadAnswerSchema,
  addSociedadRequestSchema,
  MSG,
  proveedoresGetSociedadesAnswerSchema,
  rowProveedoresAnswerSchema,
  rowProveedoresRequestSchema,
  sentCorreoAnswerSchema,
  sentCorreoRequestSchema,
  updateProveedorAnswerSchema,
  updateProveedorRequestSchema,
} from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isAdministrador, isEmpleado, isProveedor, type SessionUser } from "../../lib/session-user";

const field = (body: unknown, name: string): unknown =>
  typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;

/** Perfil is a supplier's own row; Lista is the employees' catalogue. */
const canRowProveedores = (user: SessionUser, body: unknown) =>
  field(body, "tipo") === "Perfil" ? isProveedor(user) : isEmpleado(user);
/** An administrator updates any supplier; a supplier only itself. */
const canUpdateProveedor = (user: SessionUser, body: unknown) =>
  isAdministrador(user) || (isProveedor(user) && field(body, "CardCode") === user.id);

const tags = ["proveedores"];

export const proveedoresRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = () => app.services.proveedores;

  app.get(
    "/api/proveedores/getSociedades",
    {
      config: { access: "empleado" },
      schema: {
        tags,
        summary: "Sociedades para vincular a un proveedor",
        response: { 200: proveedoresGetSociedadesAnswerSchema },
      },
    },
    async () => ({ status: "success" as const, message: MSG.ok, data: await app.services.sociedades.opciones() }),
  );

  app.post(
    "/api/proveedores/rowProveedores",
    {
      config: { access: ["empleado", "proveedor"], authorize: canRowProveedores },
      schema: {
        tags,
        summary: "Catálogo de proveedores (Lista) o el propio (Perfil)",
        body: rowProveedoresRequestSchema,
        response: { 200: rowProveedoresAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: MSG.ok,
      data: await svc().rows(request.sessionUser(), request.body.tipo),
    }),
  );

  app.post(
    "/api/proveedores/updateProveedor",
    {
      config: { access: ["administrador", "proveedor"], authorize: canUpdateProveedor },
      schema: {
        tags,
        summary: "Actualizar proveedor",
        body: updateProveedorRequestSchema,
        response: { 200: updateProveedorAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: await svc().update(request.sessionUser(), request.body),
    }),
  );

  app.post(
    "/api/proveedores/sentCorreo",
    {
      config: { access: "administrador" },
      schema: {
        tags,
        summary: "Notificar al proveedor por correo",
        body: sentCorreoRequestSchema,
        response: { 200: sentCorreoAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: await svc().sentCorreo(request.sessionUser(), request.body),
    }),
  );

  app.post(
    "/api/proveedores/addSociedad",
    {
      config: { access: "administrador" },
      schema: {
        tags,
        summary: "Vincular una sociedad a un proveedor",
        body: addSociedadRequestSchema,
        response: { 200: addSociedadAnswerSchema },
      },
    },
    async (request) => ({
      status: "success" as const,
      message: await svc().addSociedad(request.sessionUser(), request.body),
    }),
  );
};
