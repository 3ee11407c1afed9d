import type { Operador } from "@portal/contracts";

/** Who is calling, as established by the session plugin from x-access-token. */
export interface SessionUser {
  sessionId: number;
  operador: Operador;
  /** Employee id (as text) or supplier CardCode. */
  id: string;
  nombre: string;
  /** A or G for employees, P for suppliers. */
  perfil: "A" | "G" | "P";
  viDocPen: "Y" | "N";
}

export const isEmpleado = (u: SessionUser) => u.operador === "Empleado";
export const isAdministrador = (u: SessionUser) => u.operador === "Empleado" && u.perfil === "A";
export const isProveedor = (u: SessionUser) => u.operador === "Proveedor";
/** Spec §6: the two pending-review modules are for employees with ViDocPen Y. */
export const canReviewPendientes = (u: SessionUser) => isEmpleado(u) && u.viDocPen === "Y";
