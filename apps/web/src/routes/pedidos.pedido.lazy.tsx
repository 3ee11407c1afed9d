import { createLazyRoute } from "@tanstack/react-router";
import { PedidoDetalle } from "../features/pedidos/components/pedido-detalle";

function PedidoPage() {
  const { id } = Route.useParams();
  const { session: current } = Route.useRouteContext();
  return <PedidoDetalle session={current} fila={id} />;
}

export const Route = createLazyRoute("/Pedidos/Pedido/$id")({ component: PedidoPage });
