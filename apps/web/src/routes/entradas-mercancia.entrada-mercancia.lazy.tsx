import { createLazyRoute } from "@tanstack/react-router";
import { EntradaDetalle } from "../features/entradas/components/entrada-detalle";

function EntradaPage() {
  const { id } = Route.useParams();
  const { session: current } = Route.useRouteContext();
  return <EntradaDetalle session={current} fila={id} />;
}

export const Route = createLazyRoute("/Entradas-Mercancia/EntradaMercancia/$id")({ component: EntradaPage });
