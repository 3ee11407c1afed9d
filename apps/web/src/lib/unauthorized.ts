import type { QueryClient } from "@tanstack/react-query";
import type { AnyRouter } from "@tanstack/react-router";
import { setUnauthorizedHandler } from "./api-client";
import { session } from "./session";

/**
 * Spec §7: any 401 on an authenticated call ends the session: clear the six cookies, go to / and
 * forget the cached answers of the user who was signed in.
 */
export function installUnauthorizedHandler(router: AnyRouter, queryClient: QueryClient): void {
  setUnauthorizedHandler(() => {
    session.clear();
    void router.navigate({ to: "/", replace: true }).then(() => queryClient.clear());
  });
}
