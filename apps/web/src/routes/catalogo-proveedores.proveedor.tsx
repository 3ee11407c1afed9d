import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/** /Catalogo-Proveedores/Proveedor/$id — Proveedor (spec §2). */
export const proveedorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Proveedores/Proveedor/$id",
  params: idParam(rowNumberSchema),
  beforeLoad: requireAccess("catalogos"),
}).lazy(() => importWithTimeout(() => import("./catalogo-proveedores.proveedor.lazy")).then((module) => module.Route));
