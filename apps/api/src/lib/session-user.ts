import { isSecondFactorRequired, type Operador } from "@portal/contracts";

/**
 * Where a session stands with its second factor (decision 071): `done` (completed in this session), `verify` (the
 * account has one and the session has not given its code yet), `enrol` (the role requires one and the account has
 * none yet), `none` (not required, not enrolled: a supplier or a general employee). A `verify` or `enrol` session is
 * half-signed: it reaches only the second-factor calls and logout (plugins/session.ts).
 */
export type SecondFactorState = "done" | "verify" | "enrol" | "none";

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
  /** The employee may approve bank-account changes (issue 41, decision 069); N for suppliers. */
  apruebaCuentas: "Y" | "N";
  /** The employee may read the SAT reconciliation (issue 43, decision 075); N for suppliers. */
  conciliaSat: "Y" | "N";
  secondFactor: SecondFactorState;
}

/** The session still owes its second factor: only the second-factor calls and logout are open to it. */
export const isHalfSigned = (u: SessionUser) => u.secondFactor === "verify" || u.secondFactor === "enrol";
/**
 * The role requires a second factor and this session completed it, or the role does not require one (administrators,
 * reviewers and bank-change approvers require one: isSecondFactorRequired).
 */
export const hasRequiredSecondFactor = (u: SessionUser) =>
  u.operador !== "Empleado" ||
  !isSecondFactorRequired({ perfil: u.perfil, visuDocPen: u.viDocPen, apruebaCuentas: u.apruebaCuentas === "Y" }) ||
  u.secondFactor === "done";

export const isEmpleado = (u: SessionUser) => u.operador === "Empleado";
/** An administrator whose session completed the second factor its role requires (decision 071, defense in depth). */
export const isAdministrador = (u: SessionUser) =>
  u.operador === "Empleado" && u.perfil === "A" && hasRequiredSecondFactor(u);
export const isProveedor = (u: SessionUser) => u.operador === "Proveedor";
/**
 * Spec §6: the two pending-review modules are for employees with ViDocPen Y; decision 071: only once the session
 * completed the second factor their role requires.
 */
export const canReviewPendientes = (u: SessionUser) =>
  isEmpleado(u) && u.viDocPen === "Y" && hasRequiredSecondFactor(u);

/**
 * Issue 43 (decision 075): the SAT reconciliation is for employees with ConciliaSat Y (administrators reach it by
 * their own level), once the session completed any second factor their role requires.
 */
export const canConciliarSat = (u: SessionUser) => isEmpleado(u) && u.conciliaSat === "Y" && hasRequiredSecondFactor(u);
