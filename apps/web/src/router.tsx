import { createRouter } from "@tanstack/react-router";
import { NotFound } from "./components/not-found";
import { RouteError } from "./components/route-error";
import { lazyQueryClientSource } from "./lib/query-client-source";
import { routeTree } from "./routes/route-tree";

/** React Query's client is a chunk of its own, loaded by the first signed-in screen (decision 017). */
export const queries = lazyQueryClientSource(() =>
  import("./lib/query-client").then((module) => module.createQueryClient()),
);

export const router = createRouter({
  routeTree,
  context: { queries },
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
