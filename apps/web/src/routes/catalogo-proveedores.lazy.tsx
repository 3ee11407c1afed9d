import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { ProveedoresTable } from "../features/proveedores/components/proveedores-table";

function Screen() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Catálogo de proveedores</ScreenTitle>
      <ProveedoresTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Catalogo-Proveedores")({ component: Screen });
