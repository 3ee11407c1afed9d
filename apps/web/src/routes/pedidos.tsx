import { createRoute } from "@tanstack/react-router";
import { pedidosList } from "../features/pedidos/api";
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
  loader: ({ context: { queryClient, session } }) => pedidosList.prefetch(queryClient, session),
}).lazy(() => importWithTimeout(() => import("./pedidos.lazy")).then((module) => module.Route));
