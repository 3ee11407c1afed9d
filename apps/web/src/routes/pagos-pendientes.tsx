import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /Pagos-Pendientes — Complemento de pagos pendientes (spec §2). */
export const pagosPendientesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pagos-Pendientes",
  beforeLoad: requireAccess("pendientes"),
}).lazy(() => importWithTimeout(() => import("./pagos-pendientes.lazy")).then((module) => module.Route));
