import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Facturas-Pendientes — Facturas pendientes (spec §2). */
export const facturasPendientesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Facturas-Pendientes",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess("pendientes"),
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { facturasPendientesList } = await import("../features/facturas-pendientes/api");
    return facturasPendientesList.prefetch(queryClient, session);
  },
}).lazy(() => importWithTimeout(() => import("./facturas-pendientes.lazy")).then((module) => module.Route));
