import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ScreenTitle } from "../components/screen-title";
import { NotaCreditoDetalle } from "../features/notas-credito/components/nota-credito-detalle";

function Screen() {
  const { id } = Route.useParams();
  const { desde } = Route.useSearch() as { desde?: "pendientes" };
  const { session: current } = Route.useRouteContext();
  const navigate = useNavigate();
  const backToList = useCallback(
    () => void navigate({ to: desde === "pendientes" ? "/Notas-Credito-Pendientes" : "/Notas-Credito" }),
    [navigate, desde],
  );
  return (
    <>
      <ScreenTitle>Nota de crédito</ScreenTitle>
      <NotaCreditoDetalle session={current} id={id} onDone={backToList} />
    </>
  );
}

export const Route = createLazyRoute("/Notas-Credito/Nota/$id")({ component: Screen });
