import { createLazyRoute, Navigate, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ScreenTitle } from "../components/screen-title";
import { useSociedades } from "../features/sociedades/api";
import { SociedadForm } from "../features/sociedades/components/sociedad-form";
import { findByFila } from "../lib/list-query";
import { NUEVO } from "../lib/route-params";
import type { Session } from "../lib/session";

/**
 * The row comes from the loaded catalogue (the loader made sure it is there), read from the query cache
 * rather than from loader data, which the router could serve stale after a save.
 */
function SociedadScreen({ session }: { session: Session }) {
  const { id } = Route.useParams();
  const sociedades = useSociedades(session);
  const navigate = useNavigate();
  const backToList = useCallback(() => void navigate({ to: "/Catalogo-Sociedades" }), [navigate]);
  const row = id === NUEVO ? null : findByFila(sociedades.data, id);
  if (row === undefined) return <Navigate to="/Catalogo-Sociedades" replace />;
  return (
    <>
      <ScreenTitle>{row ? row.NomSociedad : "Nueva sociedad"}</ScreenTitle>
      <SociedadForm key={row?.IdSociedad ?? NUEVO} session={session} row={row} onDone={backToList} />
    </>
  );
}

function Screen() {
  const { session: current } = Route.useRouteContext();
  return <SociedadScreen session={current} />;
}

export const Route = createLazyRoute("/Catalogo-Sociedades/Sociedad/$id")({ component: Screen });
