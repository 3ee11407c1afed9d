import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowOrNuevoSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/** /Catalogo-Sociedades/Sociedad/$id — Sociedad (spec §2). */
export const sociedadRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Sociedades/Sociedad/$id",
  params: idParam(rowOrNuevoSchema),
  beforeLoad: requireAccess("catalogos"),
}).lazy(() => importWithTimeout(() => import("./catalogo-sociedades.sociedad.lazy")).then((module) => module.Route));
