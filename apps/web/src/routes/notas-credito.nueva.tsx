import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/**
 * /Notas-Credito/Nueva — the supplier's 'Nueva nota de crédito' form (issue 27) on a URL of its own (issue 40,
 * decision 065): the browser's Back returns to the list instead of leaving the module.
 */
export const nuevaNotaCreditoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Notas-Credito/Nueva",
  beforeLoad: requireAccess("proveedor"),
}).lazy(() => importWithTimeout(() => import("./notas-credito.nueva.lazy")).then((module) => module.Route));
