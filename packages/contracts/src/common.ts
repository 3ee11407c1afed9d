import { z } from "zod";
import { markAscii } from "./bounded";
import { operadorSchema } from "./codes";
import { MSG } from "./messages";

/** Every answer has status, message and (on success) data (spec §7). */
export const errorAnswerSchema = z.object({
  status: z.literal("error"),
  message: z.string(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

export const successAnswer = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal("success"), message: z.string(), data });

export const messageAnswerSchema = z.object({ status: z.literal("success"), message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

// --- Hostile input ---------------------------------------------------------------------------------
// Every text and whole number a call accepts is built from the helpers below, so no call can pass to
// PostgreSQL what it cannot store: a NUL character (text columns refuse U+0000) or an integer beyond the 32
// bits of an integer column. Each refusal is a Spanish message naming the field (issue 9).

/** NUL and the other control characters that are never data (tab, LF and CR stay: comments have lines). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const hasControlCharacters = (valor: string): boolean => CONTROL_RE.test(valor);
export const caracteresNoPermitidos = (campo: string) =>
  `El campo ${campo} contiene caracteres no permitidos (caracteres de control).`;

/**
 * Invalid UTF-16 (issue 36): a surrogate without its pair. JSON.parse keeps the escape "\ud800" as that lone code
 * unit, and PostgreSQL (UTF-8) then stores U+FFFD instead — what is stored would differ from what was sent. Matched
 * per code unit (no `u` flag), so it runs in every browser the web app supports.
 */
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasLoneSurrogates = (valor: string): boolean => LONE_SURROGATE_RE.test(valor);
export const unicodeIncompleto = (campo: string) =>
  `El campo ${campo} contiene un carácter no válido (un sustituto UTF-16 sin su pareja).`;

/**
 * Any text a call accepts: a string without control characters nor lone surrogates. Every text helper starts here.
 * Not trimmed: a helper that trims says so, and identifiers are never trimmed (`identificadorSchema`).
 */
export const textoSchema = (campo: string, requerido = `El campo ${campo} debe ser texto.`) =>
  z
    .string({ error: requerido })
    .refine((valor) => !hasControlCharacters(valor), { error: caracteresNoPermitidos(campo), abort: true })
    .refine((valor) => !hasLoneSurrogates(valor), { error: unicodeIncompleto(campo), abort: true });

/**
 * Bidirectional controls (issue 22): embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the
 * marks U+200E, U+200F and U+061C. Typed by no Spanish keyboard, they reorder what others see ("Trojan source"):
 * a user name, a company name or a comment that reads differently from what it is. Refused in every text that is
 * stored and shown (`textoVisibleSchema`: names, user names, codes, BD, comments); passwords are never shown and
 * stored file names are cleaned instead (`@portal/cfdi`).
 */
const BIDI_RE = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
export const hasBidiCharacters = (valor: string): boolean => BIDI_RE.test(valor);
export const caracteresBidiNoPermitidos = (campo: string) =>
  `El campo ${campo} contiene caracteres no permitidos (controles de dirección del texto).`;

/** A text shown to people: `textoSchema` that also refuses bidirectional controls, naming the field. */
export const textoVisibleSchema = (campo: string, requerido?: string) =>
  textoSchema(campo, requerido).refine((valor) => !hasBidiCharacters(valor), {
    error: caracteresBidiNoPermitidos(campo),
    abort: true,
  });

/** Largest whole number an integer column holds (PostgreSQL `integer`, 32 bits). */
export const ENTERO_MAX = 2_147_483_647;
export const ENTERO_MIN = -2_147_483_648;
const fueraDeRango = (campo: string) =>
  `El campo ${campo} está fuera del rango permitido (hasta ${ENTERO_MAX.toLocaleString("es-MX")}).`;

/** A client-side identifier (cookie value, row number): text or number, informative only. */
export const idClienteSchema = (campo: string) =>
  z.union(
    [
      textoVisibleSchema(campo).max(254, { error: `El campo ${campo} admite como máximo 254 caracteres.` }),
      z
        .number()
        .int({ error: `El campo ${campo} debe ser un número entero.` })
        .min(ENTERO_MIN, { error: fueraDeRango(campo) })
        .max(ENTERO_MAX, { error: fueraDeRango(campo) }),
    ],
    { error: `El campo ${campo} debe ser texto o un número entero de hasta 32 bits.` },
  );

/**
 * List calls carry usuario (the stored id) and operador (spec §6: "Lists are requested with the user id
 * and operador"). The server never trusts them: scope comes from the session. They are accepted for
 * compatibility with the spec's payloads.
 */
export const listRequestSchema = z.object({
  usuario: idClienteSchema("usuario").optional(),
  operador: operadorSchema.optional(),
});
export type ListRequest = z.infer<typeof listRequestSchema>;

/**
 * Save and review payloads also carry the client's id cookie next to usuario and operador (spec §3 postFactura,
 * review payloads). Same rule: accepted, never trusted; the acting user is the session's.
 */
export const actorRequestSchema = listRequestSchema.extend({
  id: idClienteSchema("id").optional(),
});
export type ActorRequest = z.infer<typeof actorRequestSchema>;

/**
 * Identifiers are compared exactly (issue 36): a value that starts or ends with white space is refused, naming the
 * field, instead of being trimmed into another one (`CardCode " P00001"` used to become "P00001").
 */
const EXTREMOS_EN_BLANCO_RE = /^\s|\s$/;
export const hasEdgeBlanks = (valor: string): boolean => EXTREMOS_EN_BLANCO_RE.test(valor);
export const espaciosEnExtremos = (campo: string) =>
  `El campo ${campo} no debe empezar ni terminar con espacios; se compara exactamente como se escribe.`;
const sinEspaciosEnExtremos = (campo: string) =>
  [(valor: string) => !hasEdgeBlanks(valor), { error: espaciosEnExtremos(campo), abort: true }] as const;

/**
 * An identifier: a user name, CardCode, company database (BD, BDSAP), SAP user — a key the server looks up. Required,
 * at most `max` characters, never trimmed (leading or trailing blanks are refused, naming the field).
 */
export const identificadorSchema = (campo: string, max = 100) =>
  textoVisibleSchema(campo, `El campo ${campo} es obligatorio.`)
    .min(1, { error: `El campo ${campo} es obligatorio.`, abort: true })
    .refine(...sinEspaciosEnExtremos(campo))
    .max(max, { error: `El campo ${campo} admite como máximo ${max} caracteres.` });

/**
 * A non-empty trimmed text field with a Spanish message naming the field: names, folios and other text shown to
 * people, where blanks around it carry nothing. Never for identifiers (`identificadorSchema`).
 */
export const requiredText = (campo: string, max = 254) =>
  textoVisibleSchema(campo, `El campo ${campo} es obligatorio.`)
    .trim()
    .min(1, { error: `El campo ${campo} es obligatorio.` })
    .max(max, { error: `El campo ${campo} admite como máximo ${max} caracteres.` });

/** An optional text: absent, empty or at most `max` characters (trimmed). */
export const optionalText = (campo: string, max = 254) =>
  textoVisibleSchema(campo)
    .trim()
    .max(max, { error: `El campo ${campo} admite como máximo ${max} caracteres.` })
    .optional();

/** Whole numbers (ids, row numbers, credit days, document numbers) travel as JSON numbers. */
export const enteroSchema = (campo: string) =>
  z
    .number({ error: `El campo ${campo} debe ser un número entero.` })
    .int({ error: `El campo ${campo} debe ser un número entero.` })
    .min(ENTERO_MIN, { error: fueraDeRango(campo) })
    .max(ENTERO_MAX, { error: fueraDeRango(campo) });
export const idSchema = (campo: string) =>
  z
    .number({ error: `El campo ${campo} es obligatorio y debe ser un número entero positivo.` })
    .int({ error: `El campo ${campo} debe ser un número entero positivo.` })
    .positive({ error: `El campo ${campo} debe ser un número entero positivo.` })
    .max(ENTERO_MAX, { error: fueraDeRango(campo) });

/**
 * Money, quantities, percentages and exchange rates are decimal strings, never binary floats (a float cannot hold 0.1
 * exactly, and amounts must add up to the cent): "1234.56", "-10", "0.5". Formatting (2 decimals, thousands commas)
 * is the UI's job.
 */
/** At most 15 whole digits and 6 decimals: what a numeric(21,6) column holds, beyond any real amount. */
export const DECIMAL_RE = /^-?\d{1,15}(\.\d{1,6})?$/;
export const importeSchema = (campo: string) =>
  z
    .string({ error: `El campo ${campo} es obligatorio y debe ser un importe decimal, por ejemplo 1234.56.` })
    .trim()
    .regex(DECIMAL_RE, { error: `El campo ${campo} debe ser un importe decimal, por ejemplo 1234.56.` });
export const decimalSchema = (campo: string) =>
  z
    .string({ error: `El campo ${campo} es obligatorio y debe ser un número decimal, por ejemplo 10.5.` })
    .trim()
    .regex(DECIMAL_RE, { error: `El campo ${campo} debe ser un número decimal, por ejemplo 10.5.` });

/** Invoice and complement folio: the spec's default 'S/F' (sin folio) when the XML has none (spec §9). */
export const FOLIO_POR_DEFECTO = "S/F";
export const folioSchema = (campo: string) =>
  textoVisibleSchema(campo)
    .trim()
    .max(40, { error: `El campo ${campo} admite como máximo 40 caracteres.` })
    .overwrite((folio) => folio || FOLIO_POR_DEFECTO)
    .default(FOLIO_POR_DEFECTO);

/** Calendar dates in answers are ISO YYYY-MM-DD (the legacy DD-MM-YYYY is not used on the wire). */
export const fechaSchema = (campo: string) =>
  z.iso.date({ error: `El campo ${campo} debe ser una fecha con formato AAAA-MM-DD.` });

/** CFDI dates (XML attribute Fecha) may carry the time: YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS. */
const FECHA_CFDI_RE = /^(\d{4})-(\d{2})-(\d{2})(T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?)?$/;
const isValidDate = (valor: string): boolean => {
  const partes = FECHA_CFDI_RE.exec(valor);
  if (!partes) return false;
  const [anio, mes, dia] = [Number(partes[1]), Number(partes[2]), Number(partes[3])];
  const fecha = new Date(Date.UTC(anio, mes - 1, dia));
  return fecha.getUTCFullYear() === anio && fecha.getUTCMonth() === mes - 1 && fecha.getUTCDate() === dia;
};
export const fechaCfdiSchema = (campo: string) =>
  z
    .string({ error: `El campo ${campo} es obligatorio.` })
    .trim()
    .refine(isValidDate, { error: `El campo ${campo} debe ser una fecha AAAA-MM-DD o AAAA-MM-DDTHH:MM:SS.` });

/** SAT RFC: 12 characters (persona moral) or 13 (persona física). */
export const RFC_RE = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/;
export const rfcSchema = (campo = "RFC") =>
  z
    .string({ error: `El campo ${campo} es obligatorio.` })
    .refine(...sinEspaciosEnExtremos(campo))
    .toUpperCase()
    .regex(RFC_RE, {
      error: `El campo ${campo} debe ser un RFC válido del SAT: 12 caracteres (persona moral) o 13 (persona física).`,
    });

export const codigoPostalSchema = (campo: string) =>
  z
    .string({ error: `El campo ${campo} es obligatorio.` })
    .refine(...sinEspaciosEnExtremos(campo))
    .regex(/^\d{5}$/, { error: `El campo ${campo} debe tener 5 dígitos.` });

/** Fiscal regime codes are three digits (601, 603, 605…; spec §3 catalogue lookups). */
export const regimenFiscalSchema = (campo: string) =>
  z
    .string({ error: `El campo ${campo} es obligatorio.` })
    .refine(...sinEspaciosEnExtremos(campo))
    .regex(/^\d{3}$/, { error: `El campo ${campo} debe ser una clave de régimen fiscal de 3 dígitos.` });

/** Payment form (forma de pago) codes are two digits (01…99); the catalogue itself lives in @portal/cfdi. */
export const formaPagoSchema = (campo: string) =>
  z
    .string({ error: `El campo ${campo} es obligatorio.` })
    .refine(...sinEspaciosEnExtremos(campo))
    .regex(/^\d{2}$/, { error: `El campo ${campo} debe ser una clave de forma de pago de 2 dígitos.` });

/** CFDI use (uso de CFDI) codes: G01, I08, D10, S01, CP01, CN01, P01… */
export const usoCfdiSchema = (campo: string) =>
  z
    .string({ error: `El campo ${campo} es obligatorio.` })
    .refine(...sinEspaciosEnExtremos(campo))
    .toUpperCase()
    .regex(/^[A-Z]{1,2}\d{2}$/, { error: `El campo ${campo} debe ser una clave de uso de CFDI, por ejemplo G03.` });

/** ISO 4217 currency (MXN, USD…). */
export const monedaSchema = (campo: string) =>
  z
    .string({ error: `El campo ${campo} es obligatorio.` })
    .refine(...sinEspaciosEnExtremos(campo))
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: `El campo ${campo} debe ser una clave de moneda de 3 letras, por ejemplo MXN.` });

/** Stamp UUID (TimbreFiscalDigital/@UUID): 8-4-4-4-12 hexadecimal, stored uppercase. */
export const uuidCfdiSchema = (campo: string) =>
  z
    .string({ error: `El campo ${campo} es obligatorio.` })
    .refine(...sinEspaciosEnExtremos(campo))
    .toUpperCase()
    .regex(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/, {
      error: `El campo ${campo} debe ser un UUID válido (8-4-4-4-12 caracteres hexadecimales).`,
    });

export const correoSchema = (campo: string) =>
  z
    .string({ error: `El campo ${campo} es obligatorio.` })
    .trim()
    .max(254, { error: `El campo ${campo} admite como máximo 254 caracteres.` })
    .pipe(z.email({ error: `El campo ${campo} debe ser un correo electrónico válido.` }));

/** Supplier e-mail fields may hold several addresses separated by commas (spec §2 supplier catalogue). */
const UN_CORREO = z.email();
export const areValidEmails = (valor: string): boolean =>
  valor.split(",").every((correo) => UN_CORREO.safeParse(correo.trim()).success);
/** One or more comma-separated addresses; `permiteVacio` accepts '' (a supplier may have none on file). */
export const correosSchema = (campo: string, permiteVacio = false) =>
  z
    .string({ error: `El campo ${campo} es obligatorio.` })
    .trim()
    .max(1000, { error: `El campo ${campo} admite como máximo 1000 caracteres.` })
    .refine((valor) => (permiteVacio && valor === "") || areValidEmails(valor), {
      error: `El campo ${campo} debe contener correos electrónicos válidos separados por comas.`,
    });

/**
 * Secrets are write-only: answer rows keep the spec's password fields (Pass, U_SYS_PMPASS, PassSAP) but
 * always empty, so a leak is a contract violation that tests and the web's answer parsing catch.
 */
export const sinSecretoSchema = (campo: string) =>
  z.literal("", { error: `El campo ${campo} nunca se envía en las respuestas; debe ir vacío.` });

/**
 * Write-only secret on update forms: absent or empty means "keep the current one" (spec §4 form mode).
 * Not trimmed: spaces are part of a password.
 */
export const secretoOpcionalSchema = (campo: string, max = 200) =>
  textoSchema(campo)
    .max(max, { error: `El campo ${campo} admite como máximo ${max} caracteres.` })
    .optional();

// --- Files -------------------------------------------------------------------------------------------

/** Largest accepted upload, decoded (the spec does not set one, §9). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The same limit as base64 text (4 characters per 3 bytes, padded): 6,990,508 characters. */
export const MAX_UPLOAD_BASE64_LENGTH = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;
const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/** The base64 alphabet by character code (1 = allowed). */
const BASE64_ALPHABET = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
  BASE64_ALPHABET[c.charCodeAt(0)] = 1;

/**
 * Plain base64 (no data: URL prefix): a length that is a multiple of 4, the alphabet, and at most two '=' at the
 * end. A loop over the character codes rather than a regex: every upload's content passes here, and the loop is
 * about three times faster than `/^[A-Za-z0-9+/]*={0,2}$/` on hundreds of kilobytes (the usual
 * `(?:[A-Za-z0-9+/]{4})*` pattern even overflows V8's regex stack on multi-megabyte inputs).
 */
export const isBase64 = (valor: string): boolean => {
  if (valor.length % 4 !== 0) return false;
  let fin = valor.length;
  if (valor.charCodeAt(fin - 1) === 61) fin--;
  if (valor.charCodeAt(fin - 1) === 61) fin--;
  for (let i = 0; i < fin; i++) {
    const c = valor.charCodeAt(i);
    if (c > 127 || BASE64_ALPHABET[c] === 0) return false;
  }
  return true;
};

/** Bytes a base64 text decodes to. */
export const base64DecodedBytes = (valor: string): number => {
  const relleno = valor.endsWith("==") ? 2 : valor.endsWith("=") ? 1 : 0;
  return (valor.length / 4) * 3 - relleno;
};

const base64Texto = (campo: string, requerido: string) =>
  z.string({ error: requerido }).max(MAX_UPLOAD_BASE64_LENGTH, {
    error: `El archivo del campo ${campo} excede el tamaño máximo de ${MAX_UPLOAD_MB} MB.`,
    abort: true,
  });
const base64Mensaje = (campo: string) => `El campo ${campo} debe contener el archivo codificado en base64.`;

/** Required upload content (base64). `requerido` lets a field use the spec's own message ('Debe cargar el pdf'). */
export const base64Schema = (campo: string, requerido = `El campo ${campo} es obligatorio.`) =>
  markAscii(
    base64Texto(campo, requerido)
      .min(1, { error: requerido, abort: true })
      .refine(isBase64, { error: base64Mensaje(campo) }),
  );

/** Optional upload content: absent or empty means "keep the stored file" (update forms). */
export const base64OpcionalSchema = (campo: string) =>
  markAscii(
    base64Texto(campo, base64Mensaje(campo)).refine((valor) => valor === "" || isBase64(valor), {
      error: base64Mensaje(campo),
    }),
  ).optional();

export type TipoArchivo = "pdf" | "xml" | "imagen";
const EXTENSIONES: Record<TipoArchivo, { re: RegExp; mensaje: string }> = {
  pdf: { re: /\.pdf$/i, mensaje: MSG.archivoNoPdf },
  xml: { re: /\.xml$/i, mensaje: MSG.archivoNoXml },
  imagen: { re: /\.(gif|jpe?g|png)$/i, mensaje: MSG.archivoNoImagen },
};
/** Uploaded file name; its extension must match the kind (spec §5: .pdf, .xml, gif/jpeg/png image). */
export const nombreArchivoSchema = (
  campo: string,
  tipo: TipoArchivo,
  requerido = `El campo ${campo} es obligatorio.`,
) =>
  textoSchema(campo, requerido)
    .trim()
    .min(1, { error: requerido, abort: true })
    .max(255, { error: `El campo ${campo} admite como máximo 255 caracteres.`, abort: true })
    .refine((nombre) => EXTENSIONES[tipo].re.test(nombre), { error: EXTENSIONES[tipo].mensaje });
/** Optional file name: absent or empty when the file is not being replaced. */
export const nombreArchivoOpcionalSchema = (campo: string, tipo: TipoArchivo) =>
  textoSchema(campo)
    .trim()
    .max(255, { error: `El campo ${campo} admite como máximo 255 caracteres.`, abort: true })
    .refine((nombre) => nombre === "" || EXTENSIONES[tipo].re.test(nombre), { error: EXTENSIONES[tipo].mensaje })
    .optional();

/** File name and content travel together: one without the other is an error naming the missing field. */
export const archivosEnPareja = (
  valor: Record<string, unknown>,
  ctx: z.RefinementCtx,
  parejas: ReadonlyArray<readonly [nombre: string, contenido: string]>,
) => {
  for (const [nombre, contenido] of parejas) {
    if (valor[contenido] && !valor[nombre]) {
      ctx.addIssue({
        code: "custom",
        path: [nombre],
        message: `El campo ${nombre} es obligatorio al cargar el archivo.`,
      });
    }
    if (valor[nombre] && !valor[contenido]) {
      ctx.addIssue({
        code: "custom",
        path: [contenido],
        message: `El campo ${contenido} es obligatorio al indicar el archivo ${nombre}.`,
      });
    }
  }
};

/** A generic upload: base64 content plus its file name (spec §5, §9). */
export const archivoUploadSchema = z.object({
  nombre: requiredText("nombre del archivo", 255),
  base64: base64Schema("base64"),
});
export type ArchivoUpload = z.infer<typeof archivoUploadSchema>;

/** Files are downloaded from GET /api/archivos/:id (ids are opaque: numbers, UUIDs or hashes). */
export const ARCHIVO_URL_PREFIX = "/api/archivos/";
const ARCHIVO_REF_RE = /^(\/api\/archivos\/[A-Za-z0-9_-]{1,128})?$/;
export const archivoUrl = (id: string | number): string => `${ARCHIVO_URL_PREFIX}${id}`;

/**
 * A stored file as lists show it: a download URL, or '' when there is no file — never the content
 * (files are streamed on demand from GET /api/archivos/:id by callers allowed to see them).
 * "Cargado" / "No cargado" in the UI is simply `ref !== ''`.
 */
export const archivoRefSchema = z
  .string({ error: "El archivo debe ser una URL de descarga." })
  .regex(ARCHIVO_REF_RE, {
    error: "El archivo debe ser una URL de descarga /api/archivos/{id} o vacío, nunca el contenido del archivo.",
  })
  .describe("URL de descarga (/api/archivos/{id}) o vacío si no hay archivo");
export type ArchivoRef = z.infer<typeof archivoRefSchema>;

/** GET /api/archivos/:id route params. */
export const archivoParamsSchema = z.object({
  id: z
    .string({ error: "El campo id del archivo es obligatorio." })
    .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: "El identificador del archivo no es válido." }),
});
export type ArchivoParams = z.infer<typeof archivoParamsSchema>;
/** Content types the portal stores and serves (spec §5: PDF, XML and gif/jpeg/png receipt images). */
export const ARCHIVO_CONTENT_TYPES = [
  "application/pdf",
  "text/xml",
  "application/xml",
  "image/gif",
  "image/jpeg",
  "image/png",
] as const;
/**
 * The download answer is the file's bytes, not JSON: a marker schema (Uint8Array on the server, Blob in the
 * browser). Calls with this answer carry `binary: true` in CALLS.
 */
export const archivoBinarioSchema = z
  .custom<Uint8Array | Blob>(
    (valor) => valor instanceof Uint8Array || (typeof Blob !== "undefined" && valor instanceof Blob),
    { error: "La respuesta debe ser el contenido binario del archivo." },
  )
  .describe("binary");
