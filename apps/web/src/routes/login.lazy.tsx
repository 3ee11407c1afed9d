import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { LoginForm } from "../features/auth/components/login-form";
import { session, sessionOwner } from "../lib/session";
import { sessionEnd } from "../lib/session-end";

function LoginPage() {
  const { operador } = Route.useRouteContext();
  const navigate = useNavigate();
  return (
    <LoginForm
      key={operador}
      operador={operador}
      onSignedIn={(data, chosen) => {
        const owner = sessionOwner(session.storeLogin(data, chosen));
        // Issue 16: after a session of this same user that ended on its own, back to the page the user was on.
        const returnTo = sessionEnd.takeReturnPath(owner);
        sessionEnd.markSignedIn(owner);
        if (returnTo) void navigate({ href: returnTo, replace: true });
        else void navigate({ to: "/Home", replace: true });
      }}
    />
  );
}

export const Route = createLazyRoute("/Login")({ component: LoginPage });
