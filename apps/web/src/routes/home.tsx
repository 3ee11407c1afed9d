import { createRoute } from "@tanstack/react-router";
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
  loader: async ({ context: { queryClient, session } }) => {
    // The screen's API module loads with the route, not with the first screen (decision 017).
    const { homeSociedadesQueryOptions, rowDocumentsQueryOptions } = await import("../features/home/api");
    if (isProveedor(session)) void queryClient.prefetchQuery(homeSociedadesQueryOptions(session));
    for (const tile of visibleTiles(session)) {
      if (tile.dato) void queryClient.prefetchQuery(rowDocumentsQueryOptions(session, tile.dato));
    }
  },
}).lazy(() => importWithTimeout(() => import("./home.lazy")).then((module) => module.Route));
