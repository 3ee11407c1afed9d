import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/**
 * /Catalogo-Proveedores/Proveedor/$id — Proveedor (spec §2). $id is the one-based row of the loaded
 * catalogue; when the catalogue is not loaded (or has no such row) the screen goes back to it.
 */
export const proveedorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Proveedores/Proveedor/$id",
  params: idParam(rowNumberSchema),
  beforeLoad: requireAccess("catalogos"),
  loader: async ({ context: { queryClient, session }, params: { id } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { proveedoresList } = await import("../features/proveedores/api");
    proveedoresList.requireLoadedRow(queryClient, session, id);
  },
}).lazy(() => importWithTimeout(() => import("./catalogo-proveedores.proveedor.lazy")).then((module) => module.Route));
