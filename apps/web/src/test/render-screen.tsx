import { notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { PortalMantineProvider } from "../components/mantine-provider";
import { MantineTestEnvContext } from "../components/mantine-test-env";
import { createQueryClient } from "../lib/query-client";
import type { Session } from "../lib/session";
import { installUnauthorizedHandler } from "../lib/unauthorized";
import { settleRender } from "./settle";

/** A detail route's `params` option (`lib/route-params.ts` `idParam`). */
export interface RouteParams {
  parse: (raw: { id: string }) => { id: unknown } | false;
  stringify: (params: { id: never }) => { id: string };
}

export interface ScreenOptions {
  /** The route's pattern, as the app declares it (`/MisFacturas/MiFactura/$id`): hooks read their params from it. */
  path: string;
  /** Where the screen opens (`/MisFacturas/MiFactura/3`); the pattern itself when not given. */
  url?: string;
  /**
   * The signed-in session (`sessionOf(role)`), put in the route's context with the QueryClient as the app's guard
   * does (`requireAccess`), for a route component that reads `Route.useRouteContext()`.
   */
  session?: Session;
  /**
   * The route's params parsing, as the app's route declares it (`idParam(rowNumberSchema)`), for a route component
   * that reads `Route.useParams()`: without it the params are the URL's strings.
   */
  params?: RouteParams;
  /** A client the test prepared (say, with the loaded list a detail screen reads); a new one when not given. */
  queryClient?: QueryClient;
}

/**
 * One screen, as bulletproof-react's `test-utils.tsx` renders one route (decision 052): `ui` under the app's
 * providers (Mantine's with the portal's theme and toasts, in test mode; React Query) and a memory router whose
 * only route is `path`. No layout, no route guard, no lazy route chunk, no loader: the test hands the screen what
 * the route would (the session, the row's number), so a render costs the screen alone.
 *
 * A navigation away from `path` changes `router.state.location` and renders nothing: a test that needs the next
 * screen, the layout, a guard or a loader is a flow, and uses `renderApp` (the real route tree) instead.
 */
export function renderScreen(
  ui: ReactNode,
  { path, url = path, session, params, queryClient = createQueryClient() }: ScreenOptions,
) {
  const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: () => null });
  const screenRoute = createRoute({
    getParentRoute: () => rootRoute,
    path,
    // The parsing's types are the app route's; this one-route tree only passes it on.
    ...(params ? { params: params as never } : {}),
    beforeLoad: () => ({ session, queryClient }),
    component: () => ui,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([screenRoute]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  installUnauthorizedHandler(router, () => queryClient);
  settleRender({ router, queryClient });
  notifications.clean();
  const view = render(
    <MantineTestEnvContext.Provider value={true}>
      <QueryClientProvider client={queryClient}>
        <PortalMantineProvider>
          <RouterProvider router={router} />
        </PortalMantineProvider>
      </QueryClientProvider>
    </MantineTestEnvContext.Provider>,
  );
  return { ...view, router, queryClient };
}
