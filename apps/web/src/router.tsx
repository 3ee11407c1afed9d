import { createRouter } from "@tanstack/react-router";
import { NotFound } from "./components/not-found";
import { RouteError } from "./components/route-error";
import { createQueryClient } from "./lib/query-client";
import { routeTree } from "./routes/route-tree";

export const queryClient = createQueryClient();

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  // react-query owns caching; the router only starts the requests.
  defaultPreloadStaleTime: 0,
  defaultNotFoundComponent: NotFound,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
