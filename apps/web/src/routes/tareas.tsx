import { createRoute } from "@tanstack/react-router";
import { tareasQueryOptions } from "../features/tareas/api";
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
  loader: ({ context: { queryClient, session } }) => {
    void queryClient.prefetchQuery(tareasQueryOptions(session));
  },
}).lazy(() => importWithTimeout(() => import("./tareas.lazy")).then((module) => module.Route));
