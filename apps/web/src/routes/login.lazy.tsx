import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { completeSignIn } from "../features/auth/complete-sign-in";
import { LoginForm } from "../features/auth/components/login-form";
import { pendingSignIn } from "../features/auth/pending-sign-in";

function LoginPage() {
  const { operador } = Route.useRouteContext();
  const navigate = useNavigate();
  return (
    <LoginForm
      key={operador}
      operador={operador}
      onSignedIn={(data, chosen) => {
        // Decision 071: a second factor still due is its own screen; the session starts once it is done.
        if (data.segundoFactor) {
          pendingSignIn.set({ data, operador: chosen });
          void navigate({ to: "/SegundoFactor", replace: true });
          return;
        }
        completeSignIn(data, chosen, navigate);
      }}
    />
  );
}

export const Route = createLazyRoute("/Login")({ component: LoginPage });
