import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { EntradasTable } from "../features/entradas/components/entradas-table";

function EntradasPage() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Entradas de mercancía</ScreenTitle>
      <EntradasTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Entradas-Mercancia")({ component: EntradasPage });
