import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { ComplementosAtrasadosScreen } from "../features/complementos-atrasados/components/complementos-atrasados-screen";

function Screen() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Complementos atrasados</ScreenTitle>
      <ComplementosAtrasadosScreen session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Complementos-Atrasados")({ component: Screen });
