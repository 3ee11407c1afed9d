import { FACTURA_PEDIDO_MSG } from "@portal/contracts";
import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ScreenTitle } from "../components/screen-title";
import { FacturaServicios } from "../features/facturas/servicios/factura-servicios";

function Screen() {
  const { session: current } = Route.useRouteContext();
  const navigate = useNavigate();
  const backToList = useCallback(() => void navigate({ to: "/MisFacturas" }), [navigate]);
  return (
    <>
      <ScreenTitle>{FACTURA_PEDIDO_MSG.tituloForm}</ScreenTitle>
      <FacturaServicios session={current} onDone={backToList} />
    </>
  );
}

export const Route = createLazyRoute("/MisFacturas/Servicios")({ component: Screen });
