import { createLazyRoute } from "@tanstack/react-router";
import { PedidoDetalle } from "../features/pedidos/components/pedido-detalle";
import { useSession } from "../lib/session";

function PedidoPage() {
  const { id } = Route.useParams();
  const current = useSession();
  if (!current) return null; // the guard is about to send the user to /
  return <PedidoDetalle session={current} fila={id} />;
}

export const Route = createLazyRoute("/Pedidos/Pedido/$id")({ component: PedidoPage });
