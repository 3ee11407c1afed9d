import { createLazyRoute, Navigate, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ScreenTitle } from "../components/screen-title";
import { useProveedores } from "../features/proveedores/api";
import { LinkSociedadForm } from "../features/proveedores/components/vincular-sociedad-form";
import { findByFila } from "../lib/list-query";
import type { Session } from "../lib/session";

/** The supplier of row $id of the loaded catalogue (the loader made sure it is there). */
function LinkSociedadScreen({ session }: { session: Session }) {
  const { id } = Route.useParams();
  const proveedores = useProveedores(session);
  const navigate = useNavigate();
  // Spec §2: after linking, the user returns to /Catalogo-Proveedores.
  const backToList = useCallback(() => void navigate({ to: "/Catalogo-Proveedores" }), [navigate]);
  const proveedor = findByFila(proveedores.data, id);
  if (!proveedor) return <Navigate to="/Catalogo-Proveedores" replace />;
  return (
    <>
      <ScreenTitle>Sociedad del proveedor</ScreenTitle>
      <LinkSociedadForm key={proveedor.CardCode} session={session} proveedor={proveedor} onDone={backToList} />
    </>
  );
}

function Screen() {
  const { session: current } = Route.useRouteContext();
  return <LinkSociedadScreen session={current} />;
}

export const Route = createLazyRoute("/Catalogo-Proveedores/Proveedor/$id/Sociedad/$userId")({ component: Screen });
