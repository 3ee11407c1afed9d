import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { keySchema, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/**
 * /Catalogo-Proveedores/Proveedor/$id/Sociedad/$userId — link a company to the supplier of row $id of the
 * loaded catalogue ($userId is Nuevo in the spec's notes). Without the loaded catalogue (or that row) the
 * screen goes back to /Catalogo-Proveedores.
 */
export const proveedorSociedadRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Proveedores/Proveedor/$id/Sociedad/$userId",
  params: {
    parse: (raw: { id: string; userId: string }) => {
      const id = rowNumberSchema.safeParse(raw.id);
      const userId = keySchema.safeParse(raw.userId);
      return id.success && userId.success ? { id: id.data, userId: userId.data } : false;
    },
    stringify: ({ id, userId }: { id: number; userId: string }) => ({ id: String(id), userId }),
  },
  beforeLoad: requireAccess("catalogos"),
  loader: async ({ context: { queryClient, session }, params: { id } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { proveedoresList, sociedadesOpcionesQueryOptions } = await import("../features/proveedores/api");
    proveedoresList.requireLoadedRow(queryClient, session, id);
    void queryClient.prefetchQuery(sociedadesOpcionesQueryOptions());
  },
}).lazy(() =>
  importWithTimeout(() => import("./catalogo-proveedores.proveedor.sociedad.lazy")).then((module) => module.Route),
);
