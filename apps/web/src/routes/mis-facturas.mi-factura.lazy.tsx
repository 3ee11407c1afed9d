import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ScreenTitle } from "../components/screen-title";
import { FacturaDetalle } from "../features/facturas/components/factura-detalle";

function Screen() {
  const { id } = Route.useParams();
  const { session: current } = Route.useRouteContext();
  const navigate = useNavigate();
  const backToList = useCallback(() => void navigate({ to: "/MisFacturas" }), [navigate]);
  return (
    <>
      <ScreenTitle>Datos generales</ScreenTitle>
      <FacturaDetalle session={current} fila={id} onDone={backToList} />
    </>
  );
}

export const Route = createLazyRoute("/MisFacturas/MiFactura/$id")({ component: Screen });
