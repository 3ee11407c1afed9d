import { createRoute } from "@tanstack/react-router";
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
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { pagosPendientesList } = await import("../features/pagos-pendientes/api");
    return pagosPendientesList.prefetch(queryClient, session);
  },
}).lazy(() => importWithTimeout(() => import("./pagos-pendientes.lazy")).then((module) => module.Route));
