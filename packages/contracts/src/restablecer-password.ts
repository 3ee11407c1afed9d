import { z } from "zod";
import { operadorSchema } from "./codes";
import { identificadorSchema, messageAnswerSchema, textoSchema } from "./common";
import { PASSWORD_EMPLEADO_RE } from "./empleados";
import { MSG } from "./messages";
import { RESTABLECER_MSG } from "./messages-restablecer";
import { PASSWORDS_COMUNES } from "./passwords-comunes";

/**
 * Password reset by e-mail (issue 41 item 4, decision 067). A link carries a token of 32 random bytes in base64url
 * (43 characters), valid once and for 30 minutes.
 */
export const RESTABLECER_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const RESTABLECER_VIGENCIA_MS = 30 * 60_000;
/** The new password's length beyond the spec's 4 (its 30 stays the most). */
export const PASSWORD_NUEVA_MIN = 12;

const COMUNES_POR_LARGO = [...new Set(PASSWORDS_COMUNES)].sort((a, b) => b.length - a.length);

/** Whether `plano` (lower case) is made of known words and digits, or of very few distinct characters. */
function isCommon(plano: string): boolean {
  if (new Set(plano).size < 5) return true;
  let resto = plano;
  for (const palabra of COMUNES_POR_LARGO) resto = resto.replaceAll(palabra, "");
  return resto.replace(/[0-9]/g, "").length < 4;
}

/**
 * Every check a new password chosen through a reset link fails, as Spanish messages (empty when it is good): the
 * spec's rule (§5, §9: 4 to 30 letters and digits, its message verbatim), at least 12 characters, not common
 * (PASSWORDS_COMUNES with digits taken out, only digits, fewer than 5 distinct characters) and, given the account's
 * `identidad` (user name or RFC, name, e-mail addresses), none of its parts of 4 characters or more inside it.
 */
export function passwordNuevaProblemas(password: string, identidad: readonly string[] = []): string[] {
  const problemas: string[] = [];
  if (!PASSWORD_EMPLEADO_RE.test(password)) problemas.push(MSG.passwordEmpleado);
  if (password.length < PASSWORD_NUEVA_MIN) problemas.push(RESTABLECER_MSG.passwordCorta);
  const plano = password.toLowerCase();
  if (password.length > 0 && isCommon(plano)) problemas.push(RESTABLECER_MSG.passwordComun);
  const partes = identidad
    .flatMap((dato) => dato.toLowerCase().split(/[\s,;@.]+/))
    .filter((parte) => parte.length >= 4);
  if (partes.some((parte) => plano.includes(parte))) problemas.push(RESTABLECER_MSG.passwordConIdentidad);
  return problemas;
}

/** POST /api/password/solicitarRestablecimiento: the user name (employees), RFC (suppliers) or a registered e-mail. */
export const solicitarRestablecimientoRequestSchema = z.object({
  operador: operadorSchema,
  usuario: identificadorSchema("usuario", 254),
});
export type SolicitarRestablecimientoRequest = z.infer<typeof solicitarRestablecimientoRequestSchema>;
export const solicitarRestablecimientoAnswerSchema = messageAnswerSchema;

/** The new password through a link: the checks that need no account (the server adds `identidad`'s). */
export const passwordNuevaSchema = textoSchema("contraseña", "El campo contraseña es obligatorio.")
  .min(1, { error: "El campo contraseña es obligatorio.", abort: true })
  .max(200, { error: "El campo contraseña admite como máximo 200 caracteres.", abort: true })
  .superRefine((valor, ctx) => {
    for (const message of passwordNuevaProblemas(valor)) ctx.addIssue({ code: "custom", message });
  });

/** POST /api/password/restablecer: the link's token and the new password. */
export const restablecerPasswordRequestSchema = z.object({
  token: z
    .string({ error: RESTABLECER_MSG.enlaceInvalido })
    .regex(RESTABLECER_TOKEN_RE, { error: RESTABLECER_MSG.enlaceInvalido }),
  password: passwordNuevaSchema,
});
export type RestablecerPasswordRequest = z.infer<typeof restablecerPasswordRequestSchema>;
export const restablecerPasswordAnswerSchema = messageAnswerSchema;
