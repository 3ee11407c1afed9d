import { createRoute } from "@tanstack/react-router";
import { pedidosList } from "../features/pedidos/api";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { rootRoute } from "./root";

/** /Pedidos — Pedidos (spec §2). */
export const pedidosRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pedidos",
  beforeLoad: requireAccess(),
  loader: ({ context: { queryClient, session } }) => pedidosList.prefetch(queryClient, session),
}).lazy(() => importWithTimeout(() => import("./pedidos.lazy")).then((module) => module.Route));
