import type { QueryClient } from "@tanstack/react-query";
import type { AnyRouter } from "@tanstack/react-router";
import { setUnauthorizedHandler } from "./api-client";
import { session } from "./session";
import { type SessionEnd, sessionEnd } from "./session-end";

/**
 * Spec §7: any 401 on an authenticated call ends the session: clear the six cookies, go to / and
 * forget the cached answers of the user who was signed in. Issue 16: the landing then says why
 * (MSG.sesionExpirada) and the next sign-in returns to the page the user was on.
 */
export function createUnauthorizedHandler(
  router: Pick<AnyRouter, "navigate" | "state">,
  /** The app's QueryClient, if it has been loaded (the landing's never is). */
  queryClient: () => Pick<QueryClient, "clear"> | undefined,
  record: SessionEnd = sessionEnd,
): () => void {
  let isEnding = false;
  return () => {
    // Several queries of one screen may answer 401 together: the first one decides where to return.
    if (isEnding) return;
    isEnding = true;
    const { pathname, searchStr } = router.state.location;
    record.remember(`${pathname}${searchStr}`);
    session.clear();
    void router
      .navigate({ to: "/", replace: true })
      .then(() => queryClient()?.clear())
      .finally(() => {
        isEnding = false;
      });
  };
}

export function installUnauthorizedHandler(router: AnyRouter, queryClient: () => QueryClient | undefined): void {
  setUnauthorizedHandler(createUnauthorizedHandler(router, queryClient));
}
