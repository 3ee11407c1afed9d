import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { session } from "../../lib/session";
import { sessionEnd } from "../../lib/session-end";
import { postLogout } from "./api";

/**
 * Cerrar sesión (spec §2): revoke the session on the server, clear the six cookies and go to /.
 * The logout request takes the token before the cookies are cleared, and its result does not matter.
 */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    void postLogout();
    sessionEnd.markSignedOut();
    session.clear();
    void navigate({ to: "/", replace: true }).then(() => queryClient.clear());
  }, [navigate, queryClient]);
}
