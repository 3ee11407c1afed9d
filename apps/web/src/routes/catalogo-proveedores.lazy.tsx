import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { ProveedoresTable } from "../features/proveedores/components/proveedores-table";
import { useSession } from "../lib/session";

function Screen() {
  const current = useSession();
  if (!current) return null; // the guard is about to send the user to /
  return (
    <>
      <ScreenTitle>Catálogo de proveedores</ScreenTitle>
      <ProveedoresTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Catalogo-Proveedores")({ component: Screen });
