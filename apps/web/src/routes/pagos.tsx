import { createRoute } from "@tanstack/react-router";
import { pagosList } from "../features/pagos/api";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Pagos — Complemento de pagos (spec §2). */
export const pagosRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Pagos",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess(),
  loader: ({ context: { queryClient, session } }) => pagosList.prefetch(queryClient, session),
}).lazy(() => importWithTimeout(() => import("./pagos.lazy")).then((module) => module.Route));
