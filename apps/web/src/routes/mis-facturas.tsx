import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /MisFacturas — Facturas (spec §2). */
export const misFacturasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/MisFacturas",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess(),
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { facturasList } = await import("../features/facturas/api");
    return facturasList.prefetch(queryClient, session);
  },
}).lazy(() => importWithTimeout(() => import("./mis-facturas.lazy")).then((module) => module.Route));
