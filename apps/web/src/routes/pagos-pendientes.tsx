import { createRoute } from "@tanstack/react-router";
import { pagosPendientesList } from "../features/pagos-pendientes/api";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Pagos-Pendientes — Complemento de pagos pendientes (spec §2). */
export const pagosPendientesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pagos-Pendientes",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess("pendientes"),
  loader: ({ context: { queryClient, session } }) => pagosPendientesList.prefetch(queryClient, session),
}).lazy(() => importWithTimeout(() => import("./pagos-pendientes.lazy")).then((module) => module.Route));
