import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /Catalogo-Sociedades — Catálogo de sociedades (spec §2). */
export const catalogoSociedadesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Sociedades",
  beforeLoad: requireAccess("catalogos"),
}).lazy(() => importWithTimeout(() => import("./catalogo-sociedades.lazy")).then((module) => module.Route));
