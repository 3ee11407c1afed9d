import { z } from "zod";
import { boundedArray } from "./bounded";
import { estatusActivoCampo } from "./codes";
import {
  archivoRefSchema,
  archivosEnPareja,
  base64OpcionalSchema,
  base64Schema,
  codigoPostalSchema,
  enteroSchema,
  idClienteSchema,
  identificadorSchema,
  idSchema,
  listRequestSchema,
  messageAnswerSchema,
  nombreArchivoOpcionalSchema,
  nombreArchivoSchema,
  regimenFiscalSchema,
  requiredText,
  rfcSchema,
  secretoOpcionalSchema,
  sinSecretoSchema,
  successAnswer,
  textoSchema,
} from "./common";
import { MSG } from "./messages";
import { REGLAS_FECHA_CONTABLE } from "./regla-fecha-contable";

/**
 * Issue 27: what a sociedad applies to its suppliers' invoices. The withholdings the invoices it receives must
 * carry (decision 031: RESICO on by default, rent and professional fees off) with the ClaveProdServ codes it counts
 * as fees, and the weekdays it pays (decision 032: ISO 1 Monday … 5 Friday; none = any business day). Optional, so
 * earlier callers keep working: a create without them takes the defaults, an update without them keeps the stored
 * ones.
 */
const posicion = (path: PropertyKey[] | undefined) => String(path?.at(-1) ?? 0);
const claveMensaje = (iss: { path?: PropertyKey[] }) =>
  `El campo ClavesHonorarios[${posicion(iss.path)}] debe ser una ClaveProdServ de 8 dígitos, por ejemplo 80111600.`;
const diaMensaje = (iss: { path?: PropertyKey[] }) =>
  `El campo DiasPago[${posicion(iss.path)}] debe ser un día hábil: 1 (lunes) a 5 (viernes).`;
const siNo = (campo: string) => z.boolean({ error: `El campo ${campo} debe ser verdadero o falso.` }).optional();
/** SAP keeps a currency code in 3 characters (OCRN `CurrCode`, OPCH `DocCur` nvarchar(3)). */
export const MAX_MONEDAS_SAP = 20;
const codigoSapMensaje =
  "El campo Codigo de MonedasSap debe ser un código de moneda de SAP de 1 a 3 caracteres sin espacios, por ejemplo MXP o US$.";
const monedaIsoMensaje =
  "El campo Moneda de MonedasSap debe ser una moneda ISO 4217 de 3 letras mayúsculas, por ejemplo MXN.";
export const monedaSapSchema = z.object(
  {
    Codigo: z.string({ error: codigoSapMensaje }).regex(/^[\x21-\x7e]{1,3}$/, { error: codigoSapMensaje }),
    Moneda: z.string({ error: monedaIsoMensaje }).regex(/^[A-Z]{3}$/, { error: monedaIsoMensaje }),
  },
  { error: "Cada elemento de MonedasSap debe tener Codigo y Moneda." },
);
export type MonedaSap = z.infer<typeof monedaSapSchema>;

const sociedadAjustesShape = {
  RetencionResico: siNo("RetencionResico"),
  RetencionArrendamiento: siNo("RetencionArrendamiento"),
  RetencionHonorarios: siNo("RetencionHonorarios"),
  // Issue 39 (decision 059): a state, Mexico City or a municipality withholds no IVA (Ley del IVA, art. 3).
  NoRetieneIva: siNo("NoRetieneIva"),
  ClavesHonorarios: boundedArray(z.string({ error: claveMensaje }).regex(/^\d{8}$/, { error: claveMensaje }), {
    campo: "ClavesHonorarios",
    max: 200,
    mensajes: {
      tipo: "El campo ClavesHonorarios debe ser una lista de claves ClaveProdServ.",
      max: "El campo ClavesHonorarios admite como máximo 200 claves.",
    },
  })
    .refine((claves) => new Set(claves).size === claves.length, {
      error: "El campo ClavesHonorarios repite una clave.",
    })
    .optional(),
  DiasPago: boundedArray(
    z
      .number({ error: diaMensaje })
      .int({ error: diaMensaje })
      .min(1, { error: diaMensaje })
      .max(5, { error: diaMensaje }),
    {
      campo: "DiasPago",
      max: 5,
      mensajes: {
        tipo: "El campo DiasPago debe ser una lista de días hábiles (1 lunes … 5 viernes).",
        max: "El campo DiasPago admite como máximo 5 días.",
      },
    },
  )
    .refine((dias) => new Set(dias).size === dias.length, { error: "El campo DiasPago repite un día." })
    .optional(),
  // Issue 37 (decision 047): the posting date when the CFDI's period is closed in SAP.
  ReglaFechaContable: z
    .enum(REGLAS_FECHA_CONTABLE, { error: "El campo ReglaFechaContable debe ser primer_dia_abierto o rechazar." })
    .optional(),
  // Issue 41 (decision 069): business days the supplier's open A/P invoices stay blocked after a bank-account change.
  DiasEnfriamientoCuenta: z
    .number({ error: "El campo DiasEnfriamientoCuenta debe ser un número de días hábiles entre 0 y 30." })
    .int({ error: "El campo DiasEnfriamientoCuenta debe ser un número de días hábiles entre 0 y 30." })
    .min(0, { error: "El campo DiasEnfriamientoCuenta debe ser un número de días hábiles entre 0 y 30." })
    .max(30, { error: "El campo DiasEnfriamientoCuenta debe ser un número de días hábiles entre 0 y 30." })
    .optional(),
  // Issue 37 (decision 045, F9): the company database's currency codes that are not ISO 4217 (MXP, US$…).
  MonedasSap: boundedArray(monedaSapSchema, {
    campo: "MonedasSap",
    max: MAX_MONEDAS_SAP,
    mensajes: {
      tipo: "El campo MonedasSap debe ser una lista de códigos de moneda de SAP con su moneda ISO.",
      max: `El campo MonedasSap admite como máximo ${MAX_MONEDAS_SAP} códigos.`,
    },
  })
    .refine((monedas) => new Set(monedas.map((m) => m.Codigo)).size === monedas.length, {
      error: "El campo MonedasSap repite un código de SAP.",
    })
    .optional(),
};

/** Company option (spec §3: "The company option list has IdSociedad and NomSociedad"). */
export const sociedadOpcionSchema = z.object({
  IdSociedad: enteroSchema("IdSociedad"),
  NomSociedad: z.string(),
});
export type SociedadOpcion = z.infer<typeof sociedadOpcionSchema>;

/** POST /api/sociedades/rowSociedades (spec §7). */
export const rowSociedadesRequestSchema = listRequestSchema;
export type RowSociedadesRequest = z.infer<typeof rowSociedadesRequestSchema>;

export const sociedadRowSchema = z.object({
  Fila: enteroSchema("Fila"),
  IdSociedad: enteroSchema("IdSociedad"),
  NomSociedad: z.string(),
  RFC: z.string(),
  Regimen: z.string(),
  CP: z.string(),
  /** A = Activo; spec §4: any other value reads Inactivo. */
  Estatus: z.string(),
  UsuarioSAP: z.string(),
  /** Kept for the spec's shape; always empty (the SAP password is write-only). */
  PassSAP: sinSecretoSchema("PassSAP"),
  /** The ERP database of this company. */
  BDSAP: z.string(),
  /** Download URL of the tax-situation certificate PDF (constancia), '' when none. */
  Constancia: archivoRefSchema,
  // What the server answers: plain lists (answers are serialized through their schema, and a boundedArray's
  // length check is a request's guard, not an answer's).
  RetencionResico: sociedadAjustesShape.RetencionResico,
  RetencionArrendamiento: sociedadAjustesShape.RetencionArrendamiento,
  RetencionHonorarios: sociedadAjustesShape.RetencionHonorarios,
  NoRetieneIva: sociedadAjustesShape.NoRetieneIva,
  ClavesHonorarios: z.array(z.string()).optional(),
  DiasPago: z.array(z.number().int()).optional(),
  ReglaFechaContable: sociedadAjustesShape.ReglaFechaContable,
  DiasEnfriamientoCuenta: z.number().int().optional(),
  MonedasSap: z.array(z.object({ Codigo: z.string(), Moneda: z.string() })).optional(),
  // Issue 43 (decision 075): the e.firma's expiry (YYYY-MM-DD) and certificate number, present once one is uploaded;
  // the e.firma itself is never answered.
  EfirmaVence: z.string().optional(),
  EfirmaCertificado: z.string().optional(),
});
export type SociedadRow = z.infer<typeof sociedadRowSchema>;
export const rowSociedadesAnswerSchema = successAnswer(z.array(sociedadRowSchema));
export type RowSociedadesAnswer = z.infer<typeof rowSociedadesAnswerSchema>;

/**
 * Company form (spec §3 Company: Fila -> id, IdSociedad -> Numero, NomSociedad -> RazonSocial,
 * Regimen -> RegimenFiscal, CP -> CodigoPostal, PassSAP -> ContraseñaSAP, Constancia -> CartaSituacionFiscal).
 * The spec names the PDF's file name field only as "its file name": we call it CartaSituacionFiscalNombre.
 * `id` is the row number the screen came from and is ignored by the server.
 */
const sociedadFormBase = z.object({
  id: idClienteSchema("id").optional(),
  RazonSocial: requiredText("RazonSocial", 254),
  RFC: rfcSchema("RFC"),
  RegimenFiscal: regimenFiscalSchema("RegimenFiscal"),
  CodigoPostal: codigoPostalSchema("CodigoPostal"),
  Estatus: estatusActivoCampo("Estatus"),
  UsuarioSAP: identificadorSchema("UsuarioSAP", 100),
  BDSAP: identificadorSchema("BDSAP", 100),
  ...sociedadAjustesShape,
});

/** POST /api/sociedades/createSociedad: the SAP password and the certificate PDF are required. */
export const createSociedadRequestSchema = sociedadFormBase.extend({
  ContraseñaSAP: textoSchema("ContraseñaSAP", "El campo ContraseñaSAP es obligatorio.")
    .min(1, { error: "El campo ContraseñaSAP es obligatorio." })
    .max(200, { error: "El campo ContraseñaSAP admite como máximo 200 caracteres." }),
  CartaSituacionFiscal: base64Schema("CartaSituacionFiscal", MSG.cartaSituacionFiscal),
  CartaSituacionFiscalNombre: nombreArchivoSchema("CartaSituacionFiscalNombre", "pdf", MSG.cartaSituacionFiscal),
});
export type CreateSociedadRequest = z.infer<typeof createSociedadRequestSchema>;
export const createSociedadAnswerSchema = messageAnswerSchema;

/**
 * POST /api/sociedades/updateSociedad: Numero (IdSociedad) identifies the company. ContraseñaSAP and the
 * certificate are write-only: empty or absent keeps the stored ones (the form cannot show them back).
 */
export const updateSociedadRequestSchema = sociedadFormBase
  .extend({
    Numero: idSchema("Numero"),
    ContraseñaSAP: secretoOpcionalSchema("ContraseñaSAP"),
    CartaSituacionFiscal: base64OpcionalSchema("CartaSituacionFiscal"),
    CartaSituacionFiscalNombre: nombreArchivoOpcionalSchema("CartaSituacionFiscalNombre", "pdf"),
  })
  .superRefine((valor, ctx) => archivosEnPareja(valor, ctx, [["CartaSituacionFiscalNombre", "CartaSituacionFiscal"]]));
export type UpdateSociedadRequest = z.infer<typeof updateSociedadRequestSchema>;
export const updateSociedadAnswerSchema = messageAnswerSchema;
