import { createRoute } from "@tanstack/react-router";
import { facturasList } from "../features/facturas/api";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /MisFacturas — Facturas (spec §2). */
export const misFacturasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/MisFacturas",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess(),
  loader: ({ context: { queryClient, session } }) => facturasList.prefetch(queryClient, session),
}).lazy(() => importWithTimeout(() => import("./mis-facturas.lazy")).then((module) => module.Route));
