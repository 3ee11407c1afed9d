import { z } from "zod";
import {
  estatusActivoCampo,
  estatusActivoSchema,
  flagCampo,
  flagSchema,
  rolEmpleadoCampo,
  rolEmpleadoSchema,
  tipoConsultaSchema,
} from "./codes";
import {
  correoSchema,
  enteroSchema,
  idClienteSchema,
  identificadorSchema,
  idSchema,
  listRequestSchema,
  messageAnswerSchema,
  requiredText,
  sinSecretoSchema,
  successAnswer,
  textoSchema,
} from "./common";
import { MSG } from "./messages";

/**
 * Employee password rule (spec §5, §9): 4 to 30 ASCII letters and digits. The one place this rule lives;
 * forms, the API and the seed all use it.
 */
export const PASSWORD_EMPLEADO_RE = /^[A-Za-z0-9]{4,30}$/;
export const passwordEmpleadoSchema = z
  .string({ error: "El campo Contraseña es obligatorio." })
  .regex(PASSWORD_EMPLEADO_RE, { error: MSG.passwordEmpleado });
/** On update the password is write-only: absent or empty keeps the current one; otherwise the same rule. */
export const passwordEmpleadoOpcionalSchema = z
  .string({ error: MSG.passwordEmpleado })
  .refine((valor) => valor === "" || PASSWORD_EMPLEADO_RE.test(valor), { error: MSG.passwordEmpleado })
  .optional();
/**
 * A supplier's password (its own profile or an administrator's reset) follows the employees' rule and message
 * (issue 22: one character used to be accepted). Absent or empty keeps the current one. Control characters
 * are refused first with a message naming `campo` (the field is not called Contraseña there).
 */
export const passwordOpcionalSchema = (campo: string) =>
  textoSchema(campo)
    .refine((valor) => valor === "" || PASSWORD_EMPLEADO_RE.test(valor), { error: MSG.passwordEmpleado })
    .optional();

/** GET /api/empleados/getAreas (spec §3 Area, §7). */
export const areaSchema = z.object({
  IdArea: enteroSchema("IdArea"),
  Nombre: z.string(),
});
export type Area = z.infer<typeof areaSchema>;
export const getAreasAnswerSchema = successAnswer(z.array(areaSchema));
export type GetAreasAnswer = z.infer<typeof getAreasAnswerSchema>;

/** POST /api/empleados/rowEmpleados: tipo Perfil returns the caller's own row, Lista the catalogue. */
export const rowEmpleadosRequestSchema = listRequestSchema.extend({ tipo: tipoConsultaSchema });
export type RowEmpleadosRequest = z.infer<typeof rowEmpleadosRequestSchema>;

export const empleadoRowSchema = z.object({
  Fila: enteroSchema("Fila"),
  /** The employee's user code: what they type as Usuario* on /Login. */
  IdEmpleado: z.string(),
  Perfil: rolEmpleadoSchema,
  Nombre: z.string(),
  Apellidos: z.string(),
  Email: z.string(),
  IdArea: enteroSchema("IdArea"),
  Area: z.string(),
  Estatus: estatusActivoSchema,
  /** Kept for the spec's shape; always empty (passwords are write-only). */
  Pass: sinSecretoSchema("Pass"),
  VisuDocPen: flagSchema,
  /** Issue 41 (decision 069): may approve or reject suppliers' bank-account changes. Y or N. */
  ApruebaCuentas: flagSchema.optional(),
  /** Issue 43 (decision 075): may read the SAT reconciliation ('Conciliación SAT'). Y or N. */
  ConciliaSat: flagSchema.optional(),
});
export type EmpleadoRow = z.infer<typeof empleadoRowSchema>;
export const rowEmpleadosAnswerSchema = successAnswer(z.array(empleadoRowSchema));
export type RowEmpleadosAnswer = z.infer<typeof rowEmpleadosAnswerSchema>;

/**
 * Employee form (spec §3 Employee). The form fields map from the row the same way the company form does
 * (spec §3 Company): Fila -> Id, IdEmpleado -> Usuario, Perfil -> RolEmpleado, Email -> Correo,
 * IdArea -> Area, Pass -> Contraseña, VisuDocPen -> ViDocPen. So `Usuario` is the employee id the spec
 * lists as required, and `Id` is only the row number the screen came from (ignored by the server).
 */
const empleadoFormBase = z.object({
  Id: idClienteSchema("Id").optional(),
  Usuario: identificadorSchema("Usuario", 50),
  RolEmpleado: rolEmpleadoCampo("RolEmpleado"),
  Nombre: requiredText("Nombre", 100),
  Apellidos: requiredText("Apellidos", 100),
  Correo: correoSchema("Correo"),
  Area: idSchema("Area"),
  /** Visibility of the pending-documents module; only an administrator may set it. Absent = N on create. */
  ViDocPen: flagCampo("ViDocPen").optional(),
  /**
   * Issue 41 (decision 069): 'Aprueba cambios de cuenta bancaria'; only an administrator may set it. Absent = N on
   * create, unchanged on update.
   */
  ApruebaCuentas: flagCampo("ApruebaCuentas").optional(),
  /**
   * Issue 43 (decision 075): 'Consulta la conciliación con el SAT'; only an administrator may set it. Absent = N on
   * create, unchanged on update.
   */
  ConciliaSat: flagCampo("ConciliaSat").optional(),
});

/** POST /api/empleados/createEmpleado: status and password are required when creating. */
export const createEmpleadoRequestSchema = empleadoFormBase.extend({
  Estatus: estatusActivoCampo("Estatus"),
  Contraseña: passwordEmpleadoSchema,
});
export type CreateEmpleadoRequest = z.infer<typeof createEmpleadoRequestSchema>;
export const createEmpleadoAnswerSchema = messageAnswerSchema;

/**
 * POST /api/empleados/updateEmpleado: Usuario identifies the employee. Estatus is locked after creation
 * (spec §4): it may be sent with the employee's current value (the form's shape); a different one is refused
 * with MSG.estatusEmpleadoEnOtraAccion (the change is updateEstatusEmpleado's). Contraseña empty or absent =
 * unchanged.
 */
export const updateEmpleadoRequestSchema = empleadoFormBase.extend({
  Estatus: estatusActivoCampo("Estatus").optional(),
  Contraseña: passwordEmpleadoOpcionalSchema,
});
export type UpdateEmpleadoRequest = z.infer<typeof updateEmpleadoRequestSchema>;
export const updateEmpleadoAnswerSchema = messageAnswerSchema;

/**
 * POST /api/empleados/updateEstatusEmpleado (issue 22; not in the spec): an administrator deactivates (I) or
 * reactivates (A) an employee. An inactive employee cannot sign in and its sessions end at once; the change is
 * recorded in the audit trail.
 */
export const updateEstatusEmpleadoRequestSchema = z.object({
  Usuario: identificadorSchema("Usuario", 50),
  Estatus: estatusActivoCampo("Estatus"),
});
export type UpdateEstatusEmpleadoRequest = z.infer<typeof updateEstatusEmpleadoRequestSchema>;
export const updateEstatusEmpleadoAnswerSchema = messageAnswerSchema;
