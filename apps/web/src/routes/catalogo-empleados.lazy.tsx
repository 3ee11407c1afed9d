import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { EmpleadosTable } from "../features/empleados/components/empleados-table";

function Screen() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Catálogo de empleados</ScreenTitle>
      <EmpleadosTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Catalogo-Empleados")({ component: Screen });
