import { createLazyRoute } from "@tanstack/react-router";
import { InvitacionesScreen } from "../features/invitaciones/components/invitaciones-screen";

function Screen() {
  const { session } = Route.useRouteContext();
  return <InvitacionesScreen session={session} />;
}

export const Route = createLazyRoute("/Invitaciones")({ component: Screen });
