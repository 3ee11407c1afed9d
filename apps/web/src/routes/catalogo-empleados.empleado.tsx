import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowOrNuevoSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/** /Catalogo-Empleados/Empleado/$id — Empleado (spec §2). */
export const empleadoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Empleados/Empleado/$id",
  params: idParam(rowOrNuevoSchema),
  beforeLoad: requireAccess("catalogos"),
}).lazy(() => importWithTimeout(() => import("./catalogo-empleados.empleado.lazy")).then((module) => module.Route));
