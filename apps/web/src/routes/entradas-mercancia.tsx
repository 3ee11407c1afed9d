import { createRoute } from "@tanstack/react-router";
import { entradasList } from "../features/entradas/api";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Entradas-Mercancia — Entradas de mercancía (spec §2). */
export const entradasMercanciaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Entradas-Mercancia",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess(),
  loader: ({ context: { queryClient, session } }) => entradasList.prefetch(queryClient, session),
}).lazy(() => importWithTimeout(() => import("./entradas-mercancia.lazy")).then((module) => module.Route));
