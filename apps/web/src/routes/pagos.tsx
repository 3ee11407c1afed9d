import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /Pagos — Complemento de pagos (spec §2). */
export const pagosRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pagos",
  beforeLoad: requireAccess(),
}).lazy(() => importWithTimeout(() => import("./pagos.lazy")).then((module) => module.Route));
