import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { SociedadesCatalogoTable } from "../features/sociedades/components/sociedades-catalogo-table";
import { useSession } from "../lib/session";

function Screen() {
  const current = useSession();
  if (!current) return null; // the guard is about to send the user to /
  return (
    <>
      <ScreenTitle>Catálogo de sociedades</ScreenTitle>
      <SociedadesCatalogoTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Catalogo-Sociedades")({ component: Screen });
