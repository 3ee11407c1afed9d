import { MSG_SESION } from "@portal/contracts";
import { IconClockExclamation } from "@tabler/icons-react";
import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { firstScreenClasses, PlainAlert } from "../components/first-screen/first-screen";
import { LandingCards } from "../features/auth/components/landing-cards";
import { session } from "../lib/session";
import { sessionEnd } from "../lib/session-end";

function LandingPage() {
  const navigate = useNavigate();
  // Issue 16: after a session that ended on its own the landing says why (until the next sign-in).
  const [hasEnded] = useState(() => sessionEnd.hasEnded());
  return (
    <>
      {hasEnded ? (
        <PlainAlert
          role="status"
          color="yellow"
          icon={<IconClockExclamation aria-hidden />}
          className={firstScreenClasses.notice}
        >
          {MSG_SESION.sesionExpirada}
        </PlainAlert>
      ) : null}
      <LandingCards
        onChoose={(operador) => {
          // Spec §2: 'Ingresar' stores the chosen operador alone, before there is a session.
          session.storeOperador(operador);
          void navigate({ to: "/Login" });
        }}
      />
    </>
  );
}

export const Route = createLazyRoute("/")({ component: LandingPage });
