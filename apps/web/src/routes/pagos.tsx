import { createRoute } from "@tanstack/react-router";
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
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { pagosList } = await import("../features/pagos/api");
    return pagosList.prefetch(queryClient, session);
  },
}).lazy(() => importWithTimeout(() => import("./pagos.lazy")).then((module) => module.Route));
