import { createRoute } from "@tanstack/react-router";
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
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { entradasList } = await import("../features/entradas/api");
    return entradasList.prefetch(queryClient, session);
  },
}).lazy(() => importWithTimeout(() => import("./entradas-mercancia.lazy")).then((module) => module.Route));
