import { MSG, SEGUNDO_FACTOR_MSG } from "@portal/contracts";
import fp from "fastify-plugin";
import { Forbidden, Unauthorized } from "../lib/errors";
import {
  canConciliarSat,
  canReviewPendientes,
  isAdministrador,
  isEmpleado,
  isHalfSigned,
  isProveedor,
  type SessionUser,
} from "../lib/session-user";
import type { Access } from "../types";

const allowed: Record<Exclude<Access, "public" | "session" | "segundoFactor">, (u: SessionUser) => boolean> = {
  empleado: isEmpleado,
  administrador: isAdministrador,
  proveedor: isProveedor,
  pendientes: canReviewPendientes,
  conciliaSat: canConciliarSat,
};

/** Authenticates x-access-token and authorizes by the route's `config.access` (see types.ts). */
export const sessionPlugin = fp(
  async (app) => {
    app.decorateRequest("user", null);
    app.decorateRequest("sessionUser", function (this: { user: SessionUser | null }) {
      if (!this.user) throw new Unauthorized();
      return this.user;
    });

    app.addHook("onRequest", async (request) => {
      const isApi = request.url.startsWith("/api/") || request.url === "/api";
      // The OpenAPI document and its UI are public: they describe the calls, they expose no data.
      const isDocs = request.url === "/api/docs" || request.url.startsWith("/api/docs/");
      // The web app's static files (wildcard route) are public; an unknown /api path falls through to a 404.
      if (request.routeOptions.url === "/*") return;
      const configured = request.routeOptions.config?.access ?? (isApi && !isDocs ? "session" : "public");
      const levels: readonly Access[] = typeof configured === "string" ? [configured] : configured;
      if (levels.includes("public") || !request.routeOptions.url) return;
      const header = request.headers["x-access-token"];
      const token = Array.isArray(header) ? header[0] : header;
      const user = token ? await app.services.auth.authenticate(token) : null;
      if (!user) throw new Unauthorized(MSG.sesionRequerida);
      request.user = user;
      // Decision 071: a session whose second factor is still due reaches only the calls that list `segundoFactor`.
      if (isHalfSigned(user)) {
        if (levels.includes("segundoFactor")) return;
        throw new Forbidden(
          user.secondFactor === "enrol" ? SEGUNDO_FACTOR_MSG.inscripcionPendiente : SEGUNDO_FACTOR_MSG.pasoPendiente,
        );
      }
      const permitted = levels.some(
        (level) => level === "session" || (level !== "public" && level !== "segundoFactor" && allowed[level](user)),
      );
      if (!permitted) throw new Forbidden(MSG.sinPermiso);
    });

    app.addHook("preValidation", async (request) => {
      const authorize = request.routeOptions.config?.authorize;
      if (authorize && request.user && !authorize(request.user, request.body)) throw new Forbidden(MSG.sinPermiso);
    });
  },
  { name: "session", dependencies: ["services"] },
);
