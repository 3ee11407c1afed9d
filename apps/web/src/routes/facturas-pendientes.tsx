import { createRoute } from "@tanstack/react-router";
import { facturasPendientesList } from "../features/facturas-pendientes/api";
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
  loader: ({ context: { queryClient, session } }) => facturasPendientesList.prefetch(queryClient, session),
}).lazy(() => importWithTimeout(() => import("./facturas-pendientes.lazy")).then((module) => module.Route));
