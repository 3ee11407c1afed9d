import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { TareasTable } from "../features/tareas/components/tareas-table";

function Screen() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Tareas programadas</ScreenTitle>
      <TareasTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Tareas")({ component: Screen });
