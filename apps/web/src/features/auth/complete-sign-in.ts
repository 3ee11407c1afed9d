import type { LoginData, Operador } from "@portal/contracts";
import type { useNavigate } from "@tanstack/react-router";
import { session, sessionOwner } from "../../lib/session";
import { sessionEnd } from "../../lib/session-end";

/**
 * The end of a sign-in: the six cookies (spec §3), then /Home or, after a session of this same user that ended on its
 * own, the page the user was on (issue 16). After the password, or after the second factor when one was due.
 */
export function completeSignIn(data: LoginData, operador: Operador, navigate: ReturnType<typeof useNavigate>): void {
  const owner = sessionOwner(session.storeLogin(data, operador));
  const returnTo = sessionEnd.takeReturnPath(owner);
  sessionEnd.markSignedIn(owner);
  if (returnTo) void navigate({ href: returnTo, replace: true });
  else void navigate({ to: "/Home", replace: true });
}
