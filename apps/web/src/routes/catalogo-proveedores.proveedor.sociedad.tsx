import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { keySchema } from "../lib/route-params";
import { rootRoute } from "./root";

/** /Catalogo-Proveedores/Proveedor/$id/Sociedad/$userId — Sociedad del proveedor (spec §2). */
export const proveedorSociedadRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Proveedores/Proveedor/$id/Sociedad/$userId",
  params: {
    parse: (raw: { id: string; userId: string }) => {
      const id = keySchema.safeParse(raw.id);
      const userId = keySchema.safeParse(raw.userId);
      return id.success && userId.success ? { id: id.data, userId: userId.data } : false;
    },
  },
  beforeLoad: requireAccess("catalogos"),
}).lazy(() =>
  importWithTimeout(() => import("./catalogo-proveedores.proveedor.sociedad.lazy")).then((module) => module.Route),
);
