import { createRoute } from "@tanstack/react-router";
import { homeSociedadesQueryOptions, rowDocumentsQueryOptions } from "../features/home/api";
import { requireAccess } from "../lib/guards";
import { importWithTimeout } from "../lib/lazy-import";
import { visibleTiles } from "../lib/navigation";
import { isProveedor } from "../lib/permissions";
import { rootRoute } from "./root";

/** /Home (spec §2): tiles with counts; suppliers also see their companies. */
export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/Home",
  beforeLoad: requireAccess(),
  // Start the requests while the screen's chunk loads, without holding the screen back: the tiles and
  // the table show their own spinners (spec §2 "a spinner while loading").
  loader: ({ context: { queryClient, session } }) => {
    if (isProveedor(session)) void queryClient.prefetchQuery(homeSociedadesQueryOptions(session));
    for (const tile of visibleTiles(session)) {
      if (tile.dato) void queryClient.prefetchQuery(rowDocumentsQueryOptions(session, tile.dato));
    }
  },
}).lazy(() => importWithTimeout(() => import("./home.lazy")).then((module) => module.Route));
