import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /Catalogo-Empleados — Catálogo de empleados (spec §2). */
export const catalogoEmpleadosRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Empleados",
  beforeLoad: requireAccess("catalogos"),
}).lazy(() => importWithTimeout(() => import("./catalogo-empleados.lazy")).then((module) => module.Route));
