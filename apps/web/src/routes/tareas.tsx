import { createRoute } from "@tanstack/react-router";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { parseListSearch } from "../lib/list-search";
import { rootRoute } from "./root";

/** /Tareas — Tareas programadas (issue 15; the portal's addition to the spec's routes): administrators only. */
export const tareasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Tareas",
  validateSearch: parseListSearch,
  beforeLoad: requireAccess("administrador"),
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { tareasQueryOptions } = await import("../features/tareas/api");
    void queryClient.prefetchQuery(tareasQueryOptions(session));
  },
}).lazy(() => importWithTimeout(() => import("./tareas.lazy")).then((module) => module.Route));
