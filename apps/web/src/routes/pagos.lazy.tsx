import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { PagosTable } from "../features/pagos/components/pagos-table";

function PagosPage() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Complemento de pagos</ScreenTitle>
      <PagosTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Pagos")({ component: PagosPage });
