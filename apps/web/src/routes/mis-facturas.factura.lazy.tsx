import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ScreenTitle } from "../components/screen-title";
import { FacturaNueva } from "../features/facturas/components/factura-nueva";

function Screen() {
  const { session: current } = Route.useRouteContext();
  const navigate = useNavigate();
  const backToList = useCallback(() => void navigate({ to: "/MisFacturas" }), [navigate]);
  return (
    <>
      <ScreenTitle>Registro de la facturación</ScreenTitle>
      <FacturaNueva session={current} onDone={backToList} />
    </>
  );
}

export const Route = createLazyRoute("/MisFacturas/Factura/$id")({ component: Screen });
