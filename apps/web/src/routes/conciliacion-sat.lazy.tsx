import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { ConciliacionSatScreen } from "../features/conciliacion-sat/components/conciliacion-sat-screen";

function Screen() {
  const { session: current } = Route.useRouteContext();
  return (
    <>
      <ScreenTitle>Conciliación SAT</ScreenTitle>
      <ConciliacionSatScreen session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Conciliacion-SAT")({ component: Screen });
