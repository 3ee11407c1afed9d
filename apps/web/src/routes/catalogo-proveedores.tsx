import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Catalogo-Proveedores — Catálogo de proveedores (spec §2). */
export const catalogoProveedoresRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Proveedores",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess("catalogos"),
  // Start the request while the chunk loads; the table shows its own spinner (spec §2).
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { proveedoresQueryOptions } = await import("../features/proveedores/api");
    void queryClient.prefetchQuery(proveedoresQueryOptions(session));
  },
}).lazy(() => importWithTimeout(() => import("./catalogo-proveedores.lazy")).then((module) => module.Route));
