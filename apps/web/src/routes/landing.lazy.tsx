import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { LandingCards } from "../features/auth/components/landing-cards";
import { session } from "../lib/session";

function LandingPage() {
  const navigate = useNavigate();
  return (
    <LandingCards
      onChoose={(operador) => {
        // Spec §2: 'Ingresar' stores the chosen operador alone, before there is a session.
        session.storeOperador(operador);
        void navigate({ to: "/Login" });
      }}
    />
  );
}

export const Route = createLazyRoute("/")({ component: LandingPage });
