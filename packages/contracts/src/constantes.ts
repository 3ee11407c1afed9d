/**
 * Codes the web's first screen needs (session cookies, role names), in a module without zod so the landing and
 * login do not load it (decision 017). Their zod schemas live in codes.ts.
 */

/** Operator kinds (spec §1, §3): stored in the operador cookie and sent with every list call. */
export const OPERADORES = ["Proveedor", "Empleado"] as const;

/** Employee roles (spec §3 Employee): A = Administrador, G = General. */
export const TIPO_EMPLEADO = { A: "Administrador", G: "General" } as const;

/** Session lifetime (spec §9): cookies and server sessions slide to 10 minutes on every check. */
export const SESSION_TTL_MS = 600_000;
/** Cookies that make a session (spec §3). All six must be present. */
export const SESSION_COOKIES = ["access", "usuario", "tipoEmpleado", "operador", "id", "ViDocPen"] as const;
export type SessionCookie = (typeof SESSION_COOKIES)[number];
