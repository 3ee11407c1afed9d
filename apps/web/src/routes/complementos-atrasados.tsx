import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/**
 * /Complementos-Atrasados — Complementos atrasados (issue 27; the portal's addition to the spec's routes):
 * employees who review pending payments.
 */
export const complementosAtrasadosRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Complementos-Atrasados",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess("pendientes"),
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { complementosAtrasadosList } = await import("../features/complementos-atrasados/api");
    void queryClient.prefetchQuery(complementosAtrasadosList.queryOptions(session));
  },
}).lazy(() => importWithTimeout(() => import("./complementos-atrasados.lazy")).then((module) => module.Route));
