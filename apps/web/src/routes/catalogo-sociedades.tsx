import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Catalogo-Sociedades — Catálogo de sociedades (spec §2). */
export const catalogoSociedadesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Catalogo-Sociedades",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess("catalogos"),
  // Start the request while the chunk loads; the table shows its own spinner (spec §2).
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { sociedadesQueryOptions } = await import("../features/sociedades/api");
    void queryClient.prefetchQuery(sociedadesQueryOptions(session));
  },
}).lazy(() => importWithTimeout(() => import("./catalogo-sociedades.lazy")).then((module) => module.Route));
