import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { FacturasPendientesTable } from "../features/facturas-pendientes/components/facturas-pendientes-table";

function Screen() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Facturas pendientes</ScreenTitle>
      <FacturasPendientesTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Facturas-Pendientes")({ component: Screen });
