import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { PagosPendientesTable } from "../features/pagos-pendientes/components/pagos-pendientes-table";

function Screen() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Complemento de pagos pendientes</ScreenTitle>
      <PagosPendientesTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Pagos-Pendientes")({ component: Screen });
