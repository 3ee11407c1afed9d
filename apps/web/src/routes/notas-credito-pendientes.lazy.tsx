import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { NotasCreditoPendientesTable } from "../features/notas-credito/components/notas-credito-table";

function Screen() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Notas de crédito pendientes</ScreenTitle>
      <NotasCreditoPendientesTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Notas-Credito-Pendientes")({ component: Screen });
