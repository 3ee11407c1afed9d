import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { EmpleadosTable } from "../features/empleados/components/empleados-table";
import { useSession } from "../lib/session";

function Screen() {
  const current = useSession();
  if (!current) return null; // the guard is about to send the user to /
  return (
    <>
      <ScreenTitle>Catálogo de empleados</ScreenTitle>
      <EmpleadosTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Catalogo-Empleados")({ component: Screen });
