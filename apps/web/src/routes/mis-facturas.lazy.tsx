import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { FacturasTable } from "../features/facturas/components/facturas-table";

function FacturasPage() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Facturas</ScreenTitle>
      <FacturasTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/MisFacturas")({ component: FacturasPage });
