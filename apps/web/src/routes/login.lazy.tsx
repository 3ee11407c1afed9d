import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { LoginForm } from "../features/auth/components/login-form";
import { session } from "../lib/session";

function LoginPage() {
  const { operador } = Route.useRouteContext();
  const navigate = useNavigate();
  return (
    <LoginForm
      key={operador}
      operador={operador}
      onSignedIn={(data, chosen) => {
        session.storeLogin(data, chosen);
        void navigate({ to: "/Home", replace: true });
      }}
    />
  );
}

export const Route = createLazyRoute("/Login")({ component: LoginPage });
