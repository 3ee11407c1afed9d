import { createLazyRoute } from "@tanstack/react-router";
import { ScreenTitle } from "../components/screen-title";
import { EntradasTable } from "../features/entradas/components/entradas-table";
import { useSession } from "../lib/session";

function EntradasPage() {
  const current = useSession();
  if (!current) return null; // the guard is about to send the user to /
  return (
    <>
      <ScreenTitle>Entradas de mercancía</ScreenTitle>
      <EntradasTable session={current} />
    </>
  );
}

export const Route = createLazyRoute("/Entradas-Mercancia")({ component: EntradasPage });
