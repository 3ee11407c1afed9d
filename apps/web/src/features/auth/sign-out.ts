import { QueryClientContext } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useContext } from "react";
import { forgetListSearches } from "../../lib/list-search";
import { session } from "../../lib/session";
import { sessionEnd } from "../../lib/session-end";

/**
 * Cerrar sesión (spec §2): revoke the session on the server, clear the six cookies and go to /.
 * The logout request takes the token before the cookies are cleared, and its result does not matter.
 * The call's module (contracts, zod) loads on use, not with the first screen (decision 017).
 * Whoever signs in next in this tab finds nothing of this user: no cached answers, no remembered list states.
 */
export function useSignOut(): () => void {
  // No client before the first signed-in screen loads one (decision 017): nothing cached then.
  const queryClient = useContext(QueryClientContext);
  const navigate = useNavigate();
  return useCallback(() => {
    const token = session.peek()?.access;
    void import("./api").then(({ postLogout }) => postLogout(token));
    sessionEnd.markSignedOut();
    forgetListSearches();
    session.clear();
    void navigate({ to: "/", replace: true }).then(() => queryClient?.clear());
  }, [navigate, queryClient]);
}
