import { createLazyRoute, Navigate, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ScreenTitle } from "../components/screen-title";
import { useEmpleados } from "../features/empleados/api";
import { EmpleadoForm } from "../features/empleados/components/empleado-form";
import { findByFila } from "../lib/list-query";
import { NUEVO } from "../lib/route-params";
import type { Session } from "../lib/session";

/**
 * The row comes from the loaded catalogue (the loader made sure it is there), read from the query cache
 * rather than from loader data, which the router could serve stale after a save.
 */
function EmpleadoScreen({ session }: { session: Session }) {
  const { id } = Route.useParams();
  const empleados = useEmpleados(session);
  const navigate = useNavigate();
  const backToList = useCallback(() => void navigate({ to: "/Catalogo-Empleados" }), [navigate]);
  const row = id === NUEVO ? null : findByFila(empleados.data, id);
  if (row === undefined) return <Navigate to="/Catalogo-Empleados" replace />;
  return (
    <>
      <ScreenTitle>{row ? `Empleado ${row.IdEmpleado}` : "Nuevo empleado"}</ScreenTitle>
      <EmpleadoForm key={row?.IdEmpleado ?? NUEVO} session={session} row={row} onDone={backToList} />
    </>
  );
}

function Screen() {
  const { session: current } = Route.useRouteContext();
  return <EmpleadoScreen session={current} />;
}

export const Route = createLazyRoute("/Catalogo-Empleados/Empleado/$id")({ component: Screen });
