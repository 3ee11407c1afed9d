import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /Catalogo-Proveedores — Catálogo de proveedores (spec §2). */
export const catalogoProveedoresRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Proveedores",
  beforeLoad: requireAccess("catalogos"),
}).lazy(() => importWithTimeout(() => import("./catalogo-proveedores.lazy")).then((module) => module.Route));
