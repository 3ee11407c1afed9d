import { TIPO_EMPLEADO } from "@portal/contracts";
import type { Session } from "./session";

/**
 * Role rules of the web app (spec §6), in one place: the drawer, the Home tiles and the route guards
 * all ask `canAccess`. The server enforces its own rules; these only decide what is shown and where
 * a direct navigation may land.
 *
 * - `session`: any signed-in operator.
 * - `catalogos`: employee, supplier and company catalogues — employees only (administrator or general).
 * - `pendientes`: pending invoices and pending payment complements — employees with ViDocPen 'Y'.
 * - `proveedor`: supplier-only screens (registering a new invoice: "Agregar invoice … supplier only").
 * - `administrador`: employees with profile A (the scheduled jobs screen, issue 15; not in the spec).
 * - `conciliacionSat`: administrators and employees with the permission ConciliaSat (the SAT reconciliation, issue 43;
 *   not in the spec; decision 075).
 */
export type Access = "session" | "catalogos" | "pendientes" | "proveedor" | "administrador" | "conciliacionSat";

type RoleFacts = Pick<Session, "operador" | "ViDocPen" | "tipoEmpleado" | "ConciliaSat">;

export const isEmpleado = (session: Pick<Session, "operador">): boolean => session.operador === "Empleado";
export const isProveedor = (session: Pick<Session, "operador">): boolean => session.operador === "Proveedor";
export const isAdministrador = (session: Pick<Session, "operador" | "tipoEmpleado">): boolean =>
  isEmpleado(session) && session.tipoEmpleado === TIPO_EMPLEADO.A;

export const canSeeCatalogos = (session: RoleFacts): boolean => isEmpleado(session);
export const canSeePendientes = (session: RoleFacts): boolean => isEmpleado(session) && session.ViDocPen === "Y";

export function canAccess(session: RoleFacts | null, access: Access): boolean {
  if (!session) return false;
  switch (access) {
    case "session":
      return true;
    case "catalogos":
      return canSeeCatalogos(session);
    case "pendientes":
      return canSeePendientes(session);
    case "proveedor":
      return isProveedor(session);
    case "administrador":
      return isAdministrador(session);
    case "conciliacionSat":
      return isAdministrador(session) || (isEmpleado(session) && session.ConciliaSat === "Y");
  }
}
