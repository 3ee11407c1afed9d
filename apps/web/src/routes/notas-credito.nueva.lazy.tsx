import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ScreenTitle } from "../components/screen-title";
import { NotaCreditoForm } from "../features/notas-credito/components/nota-credito-form";

function Screen() {
  const { session: current } = Route.useRouteContext();
  const navigate = useNavigate();
  const backToList = useCallback(() => void navigate({ to: "/Notas-Credito" }), [navigate]);
  return (
    <>
      <ScreenTitle>Nueva nota de crédito</ScreenTitle>
      <NotaCreditoForm session={current} onDone={backToList} />
    </>
  );
}

export const Route = createLazyRoute("/Notas-Credito/Nueva")({ component: Screen });
