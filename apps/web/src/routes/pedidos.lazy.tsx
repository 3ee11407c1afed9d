import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { PedidosTable } from "../features/pedidos/components/pedidos-table";

function PedidosPage() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Pedidos</ScreenTitle>
      <PedidosTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Pedidos")({ component: PedidosPage });
