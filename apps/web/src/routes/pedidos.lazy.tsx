import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { PedidosTable } from "../features/pedidos/components/pedidos-table";
import { useSession } from "../lib/session";

function PedidosPage() {
  const current = useSession();
  if (!current) return null; // the guard is about to send the user to /
  return (
    <>
      <ScreenTitle>Pedidos</ScreenTitle>
      <PedidosTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Pedidos")({ component: PedidosPage });
