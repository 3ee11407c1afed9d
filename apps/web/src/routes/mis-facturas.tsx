import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /MisFacturas — Facturas (spec §2). */
export const misFacturasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/MisFacturas",
  beforeLoad: requireAccess(),
}).lazy(() => importWithTimeout(() => import("./mis-facturas.lazy")).then((module) => module.Route));
