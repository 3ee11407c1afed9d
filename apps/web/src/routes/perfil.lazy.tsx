import { Center, Loader } from "@mantine/core";
import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ScreenTitle } from "../components/screen-title";
import { SegundoFactorPerfil } from "../features/auth/components/segundo-factor-perfil";
import { usePerfilEmpleado } from "../features/empleados/api";
import { EmpleadoForm } from "../features/empleados/components/empleado-form";
import { usePerfilProveedor } from "../features/proveedores/api";
import { ProveedorDetail } from "../features/proveedores/components/proveedor-detail";
import { isProveedor } from "../lib/permissions";
import type { Session } from "../lib/session";

const LoadingScreen = () => (
  <Center py="xl">
    <Loader role="status" aria-label="Cargando" />
  </Center>
);

function PerfilProveedor({ session, onDone }: { session: Session; onDone: () => void }) {
  const perfil = usePerfilProveedor(session);
  const row = perfil.data?.[0];
  if (!row) return <LoadingScreen />;
  return <ProveedorDetail key={row.CardCode} session={session} row={row} onDone={onDone} />;
}

function PerfilEmpleado({ session, onDone }: { session: Session; onDone: () => void }) {
  const perfil = usePerfilEmpleado(session);
  const row = perfil.data?.[0];
  if (!row) return <LoadingScreen />;
  return <EmpleadoForm key={row.IdEmpleado} session={session} row={row} isProfile onDone={onDone} />;
}

function Screen() {
  const { session: current } = Route.useRouteContext();
  const navigate = useNavigate();
  // Profile mode has no catalogue to return to: /Home, the same place the spec sends a profile without data.
  const toHome = useCallback(() => void navigate({ to: "/Home" }), [navigate]);
  return (
    <>
      <ScreenTitle>Perfil</ScreenTitle>
      {isProveedor(current) ? (
        <PerfilProveedor session={current} onDone={toHome} />
      ) : (
        <PerfilEmpleado session={current} onDone={toHome} />
      )}
      <SegundoFactorPerfil />
    </>
  );
}

export const Route = createLazyRoute("/Perfil")({ component: Screen });
