import { createRoute } from "@tanstack/react-router";
import { pedidosQueryOptions } from "../features/pedidos/api";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /Pedidos — Pedidos (spec §2). */
export const pedidosRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pedidos",
  beforeLoad: requireAccess(),
  // Start the request while the screen's chunk loads, without holding the screen back: the table shows its
  // own spinner (spec §2), and a failure is only logged (by the query cache) and leaves the list empty (§8).
  loader: ({ context: { queryClient, session } }) => {
    void queryClient.ensureQueryData(pedidosQueryOptions(session)).catch(() => undefined);
  },
}).lazy(() => importWithTimeout(() => import("./pedidos.lazy")).then((module) => module.Route));
