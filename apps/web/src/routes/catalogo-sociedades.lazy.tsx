import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { SociedadesCatalogoTable } from "../features/sociedades/components/sociedades-catalogo-table";

function Screen() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Catálogo de sociedades</ScreenTitle>
      <SociedadesCatalogoTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Catalogo-Sociedades")({ component: Screen });
