import { createLazyRoute, Navigate, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ScreenTitle } from "../components/screen-title";
import { useProveedores } from "../features/proveedores/api";
import { ProveedorDetail } from "../features/proveedores/components/proveedor-detail";
import { findByFila } from "../lib/list-query";
import { NUEVO } from "../lib/route-params";
import type { Session } from "../lib/session";

/**
 * The row comes from the loaded catalogue (the loader made sure it is there), read from the query cache
 * rather than from loader data, which the router could serve stale after a save.
 */
function ProveedorScreen({ session }: { session: Session }) {
  const { id } = Route.useParams();
  const proveedores = useProveedores(session);
  const navigate = useNavigate();
  const backToList = useCallback(() => void navigate({ to: "/Catalogo-Proveedores" }), [navigate]);
  const addSociedad = useCallback(
    () => void navigate({ to: "/Catalogo-Proveedores/Proveedor/$id/Sociedad/$userId", params: { id, userId: NUEVO } }),
    [navigate, id],
  );
  const row = findByFila(proveedores.data, id);
  if (!row) return <Navigate to="/Catalogo-Proveedores" replace />;
  return (
    <>
      <ScreenTitle documentTitle={`Proveedor ${row.CardName}`}>Proveedor</ScreenTitle>
      <ProveedorDetail
        key={row.CardCode}
        session={session}
        row={row}
        onDone={backToList}
        onAgregarSociedad={addSociedad}
      />
    </>
  );
}

function Screen() {
  const { session: current } = Route.useRouteContext();
  return <ProveedorScreen session={current} />;
}

export const Route = createLazyRoute("/Catalogo-Proveedores/Proveedor/$id")({ component: Screen });
