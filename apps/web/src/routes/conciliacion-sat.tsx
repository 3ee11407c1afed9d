import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/**
 * /Conciliacion-SAT — Conciliación SAT (issue 43 §4, decision 075; the portal's addition to the spec's routes):
 * administrators and the employees who review pending documents.
 */
export const conciliacionSatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Conciliacion-SAT",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess("conciliacionSat"),
}).lazy(() => importWithTimeout(() => import("./conciliacion-sat.lazy")).then((module) => module.Route));
