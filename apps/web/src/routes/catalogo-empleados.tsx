import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Catalogo-Empleados — Catálogo de empleados (spec §2). */
export const catalogoEmpleadosRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Empleados",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess("catalogos"),
  // Start the request while the chunk loads; the table shows its own spinner (spec §2).
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { empleadosQueryOptions } = await import("../features/empleados/api");
    void queryClient.prefetchQuery(empleadosQueryOptions(session));
  },
}).lazy(() => importWithTimeout(() => import("./catalogo-empleados.lazy")).then((module) => module.Route));
