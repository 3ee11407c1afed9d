import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { PagoDetalle } from "../features/pagos/components/pago-detalle";

/** The title depends on who uploads and on the payment (spec §2), so the detail renders it. */
function Screen() {
  const { id } = Route.useParams();
  const { session: current } = Route.useRouteContext();
  const navigate = useNavigate();
  const backToList = useCallback(() => void navigate({ to: "/Pagos" }), [navigate]);
  return <PagoDetalle session={current} fila={id} onDone={backToList} />;
}

export const Route = createLazyRoute("/Pagos/Pago/$id")({ component: Screen });
