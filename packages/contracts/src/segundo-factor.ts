import { z } from "zod";
import { identificadorSchema, messageAnswerSchema, successAnswer, textoSchema } from "./common";
import { SEGUNDO_FACTOR_MSG } from "./messages-segundo-factor";

/**
 * Second factor (issue 41 item 5, decision 071): TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps, ±1 step)
 * with one-use recovery codes.
 */
export const TOTP_DIGITS = 6;
/** The issuer authenticator apps show beside the account (the otpauth:// URI's label and `issuer`). */
export const TOTP_EMISOR = "Portal de Proveedores";
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes issued at enrolment (and on regeneration), shown once. */
export const CODIGOS_RECUPERACION_CANTIDAD = 10;
/** A recovery code: 10 characters of Crockford's base32 alphabet, shown as two groups of 5 (`ABCDE-12345`). */
export const CODIGO_RECUPERACION_RE = /^[0-9A-HJKMNP-TV-Z]{5}-?[0-9A-HJKMNP-TV-Z]{5}$/;
export const CODIGO_TOTP_RE = /^\d{6}$/;

/** A code as typed, without blanks and in upper case (what the patterns above and the server compare). */
export const normalizeCodigo = (valor: string): string => valor.replace(/\s+/g, "").toUpperCase();

/**
 * Who must have a second factor: administrators (Perfil A), employees who review documents (VisuDocPen Y: the two
 * pending-review modules) and employees who approve bank-account changes (the four-eyes permission). Suppliers may
 * enrol; they are never required to.
 */
export function isSecondFactorRequired(empleado: {
  perfil: string;
  visuDocPen: string;
  apruebaCuentas: boolean;
}): boolean {
  return empleado.perfil === "A" || empleado.visuDocPen === "Y" || empleado.apruebaCuentas;
}

/** Where a session stands with its second factor (GET /api/segundoFactor/estado and the login answer). */
export const pasoSegundoFactorSchema = z.enum(["verificar", "inscribir"]);
export type PasoSegundoFactor = z.infer<typeof pasoSegundoFactorSchema>;

/** A TOTP code or a recovery code, as typed (blanks and lower case tolerated). */
export const codigoSegundoFactorSchema = textoSchema("código", SEGUNDO_FACTOR_MSG.codigoObligatorio)
  .max(40, { error: SEGUNDO_FACTOR_MSG.codigoFormato, abort: true })
  .refine(
    (valor) => CODIGO_TOTP_RE.test(normalizeCodigo(valor)) || CODIGO_RECUPERACION_RE.test(normalizeCodigo(valor)),
    {
      error: SEGUNDO_FACTOR_MSG.codigoFormato,
    },
  );

/** POST /api/segundoFactor/verificar: the pending step after the password. */
export const verificarSegundoFactorRequestSchema = z.object({ codigo: codigoSegundoFactorSchema });
export type VerificarSegundoFactorRequest = z.infer<typeof verificarSegundoFactorRequestSchema>;
export const verificarSegundoFactorAnswerSchema = messageAnswerSchema;

/** POST /api/segundoFactor/desactivar: turn off an optional second factor with a current code (or a recovery code). */
export const desactivarSegundoFactorRequestSchema = verificarSegundoFactorRequestSchema;
export const desactivarSegundoFactorAnswerSchema = messageAnswerSchema;

/** POST /api/segundoFactor/inscripcion: a new secret to add to an authenticator app (the only answer that carries it). */
export const inscripcionAnswerSchema = successAnswer(
  z.object({
    /** Base32 secret, for typing into the app by hand. */
    secreto: z.string(),
    /** otpauth://totp/… URI, for the QR code. */
    uri: z.string(),
  }),
);
export type InscripcionAnswer = z.infer<typeof inscripcionAnswerSchema>;

/** POST /api/segundoFactor/confirmar: the first code from the app; the answer carries the recovery codes once. */
export const confirmarInscripcionRequestSchema = z.object({
  codigo: z
    .string({ error: SEGUNDO_FACTOR_MSG.codigoObligatorio })
    .max(40, { error: SEGUNDO_FACTOR_MSG.codigoTotpFormato, abort: true })
    .refine((valor) => CODIGO_TOTP_RE.test(normalizeCodigo(valor)), { error: SEGUNDO_FACTOR_MSG.codigoTotpFormato }),
});
export type ConfirmarInscripcionRequest = z.infer<typeof confirmarInscripcionRequestSchema>;
export const codigosRecuperacionAnswerSchema = successAnswer(
  z.object({ codigos: z.array(z.string()).length(CODIGOS_RECUPERACION_CANTIDAD) }),
);
export type CodigosRecuperacionAnswer = z.infer<typeof codigosRecuperacionAnswerSchema>;

/** GET /api/segundoFactor/estado. */
export const estadoSegundoFactorAnswerSchema = successAnswer(
  z.object({
    requerido: z.boolean(),
    inscrito: z.boolean(),
    /** What the session still has to do before anything else; null when nothing. */
    paso: pasoSegundoFactorSchema.nullable(),
    codigosRestantes: z.number().int(),
  }),
);
export type EstadoSegundoFactor = z.infer<typeof estadoSegundoFactorAnswerSchema>["data"];

/** POST /api/empleados/restablecerSegundoFactor (administrators): a lost phone; the employee enrols again. */
export const restablecerSegundoFactorRequestSchema = z.object({ Usuario: identificadorSchema("Usuario", 50) });
export type RestablecerSegundoFactorRequest = z.infer<typeof restablecerSegundoFactorRequestSchema>;
export const restablecerSegundoFactorAnswerSchema = messageAnswerSchema;
