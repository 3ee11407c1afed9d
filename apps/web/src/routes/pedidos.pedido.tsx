import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/**
 * /Pedidos/Pedido/$id — Pedido (spec §2). :id is the row's position in the loaded list, so nothing is fetched
 * here: without a loaded list (a reload, a bookmark) or without that row, the user goes back to /Pedidos.
 */
export const pedidoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pedidos/Pedido/$id",
  params: idParam(rowNumberSchema),
  beforeLoad: requireAccess(),
  loader: async ({ context: { queryClient, session }, params: { id } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { pedidosList } = await import("../features/pedidos/api");
    return pedidosList.requireLoadedRow(queryClient, session, id);
  },
}).lazy(() => importWithTimeout(() => import("./pedidos.pedido.lazy")).then((module) => module.Route));
