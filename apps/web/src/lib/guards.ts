import type { QueryClient } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
import { type Access, canAccess } from "./permissions";
import type { QueryClientSource } from "./query-client-source";
import { type Session, session, sessionOwner } from "./session";
import { sessionEnd } from "./session-end";

/**
 * Route guards (spec §2, §6), used as `beforeLoad`:
 * - without a valid session every protected screen redirects to / (and the check clears stray cookies);
 * - a signed-in operator whose role may not see the screen is sent to /Home.
 * Each guard run is a validity check, so it slides the session cookies (spec §4). A screen that passes gets the
 * session and the app's QueryClient in its route context (the client's chunk loads with the first signed-in
 * screen, decision 017).
 */
export function requireAccess(access: Access = "session") {
  return async ({
    location,
    context,
  }: {
    location: { pathname: string; searchStr: string };
    context: { queries: QueryClientSource };
  }): Promise<{ session: Session; queryClient: QueryClient }> => {
    const current = session.check();
    if (!current) {
      // Issue 16: the cookies expired (or were removed) in a tab that had a session: say so on the landing
      // and come back here after the sign-in. A visitor who never signed in just lands on /.
      if (sessionEnd.wasSignedIn()) sessionEnd.remember(`${location.pathname}${location.searchStr}`);
      throw redirect({ to: "/", replace: true });
    }
    sessionEnd.noteSession(sessionOwner(current));
    if (!canAccess(current, access)) throw redirect({ to: "/Home", replace: true });
    return { session: current, queryClient: await context.queries.load() };
  };
}

/**
 * Landing and Login: a signed-in operator goes to /Home. This only peeks, because a half-made
 * session is normal here (Landing stores operador alone before login) and must not be wiped.
 */
export function redirectIfSignedIn(): void {
  if (session.peek()) {
    session.check();
    throw redirect({ to: "/Home", replace: true });
  }
}
