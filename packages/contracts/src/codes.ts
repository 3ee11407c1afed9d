import { z } from "zod";

/** Operator kinds (spec §1, §3): stored in the operador cookie and sent with every list call. */
export const OPERADORES = ["Proveedor", "Empleado"] as const;
export const operadorSchema = z.enum(OPERADORES, { error: "El operador debe ser Proveedor o Empleado." });
export type Operador = z.infer<typeof operadorSchema>;

/** Employee roles (spec §3 Employee): A = Administrador, G = General. */
export const rolEmpleadoSchema = z.enum(["A", "G"], { error: "El rol debe ser A (Administrador) o G (General)." });
export type RolEmpleado = z.infer<typeof rolEmpleadoSchema>;
export const TIPO_EMPLEADO = { A: "Administrador", G: "General" } as const;

/** Active flag A/I (spec §9 codes). */
export const estatusActivoSchema = z.enum(["A", "I"], { error: "El estatus debe ser A (Activo) o I (Inactivo)." });
export type EstatusActivo = z.infer<typeof estatusActivoSchema>;
export const ESTATUS_ACTIVO_LABEL = { A: "Activo", I: "Inactivo" } as const;
/** Spec §4: "A means Activo, any other value Inactivo". */
export const estatusActivoLabel = (code: string | null | undefined): string => (code === "A" ? "Activo" : "Inactivo");

/** Yes/no flags Y/N (spec §9). */
export const flagSchema = z.enum(["Y", "N"], { error: "El valor debe ser Y o N." });
export type Flag = z.infer<typeof flagSchema>;

/** Supplier record status C/P/R and person type F/M (spec §3 Supplier). */
export const estatusRegistroSchema = z.enum(["C", "P", "R"], {
  error: "El estatus del registro debe ser C (Completo), P (Pendiente) o R (Rechazado).",
});
export const ESTATUS_REGISTRO_LABEL = { C: "Completo", P: "Pendiente", R: "Rechazado" } as const;
export const tipoPersonaSchema = z.enum(["F", "M"], { error: "El tipo de persona debe ser F (Física) o M (Moral)." });
export const TIPO_PERSONA_LABEL = { F: "Fisica", M: "Moral" } as const;

/** Review codes (spec §4, §9). */
export const estatusRevisionFacturaSchema = z.enum(["P", "A", "R"], {
  error: "El estatus debe ser P (Pendiente), A (Aceptada) o R (Rechazada).",
});
export const estatusRevisionPagoSchema = z.enum(["P", "A", "R", "V"], {
  error: "El estatus debe ser P (Pendiente), A (Aceptada), R (Rechazada) o V (Validación).",
});

/** Home tiles whose count comes from RowDocuments (spec §2 Home, §7). `dato` is the tile name. */
export const TILES_CON_CONTEO = [
  "Pedidos",
  "Entradas de mercancia",
  "Facturas pendientes",
  "Facturas",
  "Pagos",
  "Pagos pendientes",
] as const;
export const tileConConteoSchema = z.enum(TILES_CON_CONTEO, { error: "El dato debe ser el nombre de un módulo." });
export type TileConConteo = z.infer<typeof tileConConteoSchema>;

/** Session lifetime (spec §9): cookies and server sessions slide to 10 minutes on every check. */
export const SESSION_TTL_MS = 600_000;
/** Cookies that make a session (spec §3). All six must be present. */
export const SESSION_COOKIES = ["access", "usuario", "tipoEmpleado", "operador", "id", "ViDocPen"] as const;
export type SessionCookie = (typeof SESSION_COOKIES)[number];
