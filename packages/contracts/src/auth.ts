import { z } from "zod";
import { flagSchema, operadorSchema } from "./codes";
import { identificadorSchema, messageAnswerSchema, successAnswer, textoSchema } from "./common";
import { pasoSegundoFactorSchema } from "./segundo-factor";

/** POST /api/login (spec §3 login payload, §7). */
export const loginRequestSchema = z.object({
  usuario: identificadorSchema("usuario", 100),
  password: textoSchema("contraseña", "El campo contraseña es obligatorio.")
    .min(1, { error: "El campo contraseña es obligatorio." })
    .max(200, { error: "El campo contraseña admite como máximo 200 caracteres." }),
  operador: operadorSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginDataSchema = z.object({
  /** Employees: A (Administrador) or G (General). Suppliers: P. */
  perfil: z.string(),
  nombre: z.string(),
  /** Opaque session token for the x-access-token header. */
  token: z.string(),
  /** User id: the employee's IdEmpleado or the supplier's CardCode. */
  id: z.string(),
  VisuDocPen: flagSchema,
  /**
   * Issue 43 (decision 075), beyond spec §3: the employee may read the SAT reconciliation (ConciliaSat); the web
   * keeps it in its own cookie to show the menu entry. Absent for suppliers and for an employee without it.
   */
  ConciliaSat: flagSchema.optional(),
  /**
   * Issue 41 item 5 (decision 071), beyond spec §3: present when the password was right but the session still has a
   * step to do (a TOTP code, or the enrolment its role requires). Until then the token reaches only the
   * second-factor calls and logout.
   */
  segundoFactor: pasoSegundoFactorSchema.optional(),
});
export type LoginData = z.infer<typeof loginDataSchema>;
export const loginAnswerSchema = successAnswer(loginDataSchema);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /api/logout: revokes the caller's session (Cerrar sesión). No body. */
export const logoutAnswerSchema = messageAnswerSchema;
export type LogoutAnswer = z.infer<typeof logoutAnswerSchema>;

/** GET /api/health (no session): the process is up and the database answers. */
export const healthAnswerSchema = successAnswer(z.object({ database: z.literal("ok") }));
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;
