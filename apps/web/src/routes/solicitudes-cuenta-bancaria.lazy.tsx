import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { SolicitudesCuentaScreen } from "../features/cuentas-bancarias/components/solicitudes-cuenta-screen";

function Screen() {
  const { session } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Solicitudes de cuenta bancaria</ScreenTitle>
      <SolicitudesCuentaScreen session={session} />
    </>
  );
}

export const Route = createLazyRoute("/Solicitudes-Cuenta-Bancaria")({ component: Screen });
