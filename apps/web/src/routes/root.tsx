import { createRootRouteWithContext, Outlet, useRouter } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { AppLayout } from "../components/layout/app-layout";
import { FIRST_SCREEN_PATHS, loadMantine, MantineGate } from "../components/mantine-gate";
import { NotFound } from "../components/not-found";
import { RouteError } from "../components/route-error";
import { useSignOut } from "../features/auth/sign-out";
import { focusAfterNavigation, keepFocusWhenToastsClose } from "../lib/focus";
import type { QueryClientSource } from "../lib/query-client-source";
import { session, useSession } from "../lib/session";

export interface RouterContext {
  /** React Query's client, loaded by the signed-in screens' guard (`requireAccess` puts it in their context). */
  queries: QueryClientSource;
}

/** How often the layout notices cookies that expired on their own (10 minutes without activity). */
const SESSION_SYNC_INTERVAL_MS = 15_000;

function Root() {
  const router = useRouter();
  const current = useSession();
  const signOut = useSignOut();
  const wasSignedIn = useRef(current !== null);

  useEffect(() => {
    const timer = setInterval(session.sync, SESSION_SYNC_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  // Focus on the new screen's heading after a navigation, and never lost when a toast closes (issue 16).
  useEffect(() => router.subscribe("onResolved", focusAfterNavigation), [router]);
  useEffect(() => keepFocusWhenToastsClose(), []);

  // When the session disappears under a protected screen, re-run its guard (which sends the user to /).
  useEffect(() => {
    if (wasSignedIn.current && !current) void router.invalidate();
    wasSignedIn.current = current !== null;
  }, [current, router]);

  return (
    <MantineGate>
      <AppLayout onSignOut={signOut}>
        <Outlet />
      </AppLayout>
    </MantineGate>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Every screen but the first (landing, login) uses Mantine: its provider's chunk is there before it renders.
  beforeLoad: async ({ location }) => {
    if (!FIRST_SCREEN_PATHS.has(location.pathname)) await loadMantine();
  },
  component: Root,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
