import { createLazyRoute } from "@tanstack/react-router";
import { EntradaDetalle } from "../features/entradas/components/entrada-detalle";
import { useSession } from "../lib/session";

function EntradaPage() {
  const { id } = Route.useParams();
  const current = useSession();
  if (!current) return null; // the guard is about to send the user to /
  return <EntradaDetalle session={current} fila={id} />;
}

export const Route = createLazyRoute("/Entradas-Mercancia/EntradaMercancia/$id")({ component: EntradaPage });
