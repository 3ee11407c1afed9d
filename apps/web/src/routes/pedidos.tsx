import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Pedidos — Pedidos (spec §2). */
export const pedidosRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pedidos",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess(),
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { pedidosList } = await import("../features/pedidos/api");
    return pedidosList.prefetch(queryClient, session);
  },
}).lazy(() => importWithTimeout(() => import("./pedidos.lazy")).then((module) => module.Route));
