import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { idParam, rowNumberSchema } from "../lib/route-params";
import { rootRoute } from "./root";

/** /Entradas-Mercancia/EntradaMercancia/$id — Entrada de mercancía (spec §2). */
export const entradaMercanciaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Entradas-Mercancia/EntradaMercancia/$id",
  params: idParam(rowNumberSchema),
  beforeLoad: requireAccess(),
}).lazy(() =>
  importWithTimeout(() => import("./entradas-mercancia.entrada-mercancia.lazy")).then((module) => module.Route),
);
