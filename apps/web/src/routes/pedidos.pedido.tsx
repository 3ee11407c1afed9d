import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/** /Pedidos/Pedido/$id — Pedido (spec §2). */
export const pedidoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pedidos/Pedido/$id",
  params: idParam(rowNumberSchema),
  beforeLoad: requireAccess(),
}).lazy(() => importWithTimeout(() => import("./pedidos.pedido.lazy")).then((module) => module.Route));
