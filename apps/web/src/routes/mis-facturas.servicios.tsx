import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /MisFacturas/Servicios — services billed against the purchase order (issue 42 part 2, decision 076). */
export const facturaServiciosRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/MisFacturas/Servicios",
  beforeLoad: requireAccess("proveedor"),
}).lazy(() => importWithTimeout(() => import("./mis-facturas.servicios.lazy")).then((module) => module.Route));
