import { z } from "zod";
import {
  estatusActivoCampo,
  estatusActivoSchema,
  estatusRegistroCampo,
  estatusRegistroSchema,
  type Flag,
  flagCampo,
  flagSchema,
  tipoConsultaSchema,
  tipoPersonaCampo,
  tipoPersonaSchema,
} from "./codes";
import {
  archivoRefSchema,
  base64OpcionalSchema,
  correosSchema,
  enteroSchema,
  fechaSchema,
  identificadorSchema,
  idSchema,
  listRequestSchema,
  messageAnswerSchema,
  nombreArchivoOpcionalSchema,
  optionalText,
  requiredText,
  rfcSchema,
  secretoOpcionalSchema,
  sinSecretoSchema,
  successAnswer,
} from "./common";
import { passwordOpcionalSchema } from "./empleados";
import { homeSociedadRowSchema } from "./home";
import { lista69bSchema } from "./lista-69b";
import { MSG } from "./messages";
import { sociedadOpcionSchema } from "./sociedades";

export type TipoPersona = z.infer<typeof tipoPersonaSchema>;

/**
 * The seven supplier documents (spec §3 Supplier documents, in the spec's order). `clave` is the stable key
 * used as the field name of the document's group in rows and in the update form; `soloMoral` marks the
 * documents that apply only to personas morales; `mensajeRequerido` is the spec §5 message shown when the
 * document is flagged required (Val = Y) and not loaded. The bank cover sheet has no required flag.
 */
export const DOCUMENTOS_PROVEEDOR = [
  {
    clave: "ActaConstitutiva",
    etiqueta: "Acta constitutiva",
    soloMoral: true,
    mensajeRequerido: MSG.documentoActaConstitutiva,
  },
  {
    clave: "IdentificacionOficial",
    etiqueta: "Identificación oficial del representante",
    soloMoral: false,
    mensajeRequerido: MSG.documentoIdentificacionOficial,
  },
  {
    clave: "ComprobanteDomicilio",
    etiqueta: "Comprobante de domicilio",
    soloMoral: false,
    mensajeRequerido: MSG.documentoComprobanteDomicilio,
  },
  {
    clave: "CedulaFiscal",
    etiqueta: "Cédula de identificación fiscal",
    soloMoral: false,
    mensajeRequerido: MSG.documentoCedulaFiscal,
  },
  {
    clave: "EstadoCuenta",
    etiqueta: "Estado de cuenta",
    soloMoral: true,
    mensajeRequerido: MSG.documentoEstadoCuenta,
  },
  {
    clave: "OpinionCumplimiento",
    etiqueta: "Opinión de cumplimiento de obligaciones fiscales",
    soloMoral: false,
    mensajeRequerido: MSG.documentoOpinionCumplimiento,
  },
  { clave: "CaratulaBancaria", etiqueta: "Carátula bancaria", soloMoral: false, mensajeRequerido: null },
] as const;
export type DocumentoProveedor = (typeof DOCUMENTOS_PROVEEDOR)[number];
export type DocumentoProveedorClave = DocumentoProveedor["clave"];

/**
 * Messages of the documents flagged required (Val = Y) that are not loaded, in the spec's order (spec §5).
 * Moral-only documents are skipped for a persona física. `cargado` is "content exists" (a stored file or
 * one being uploaded now).
 */
export const documentosRequeridosFaltantes = (
  tipoPersona: TipoPersona,
  estado: Partial<Record<DocumentoProveedorClave, { Val?: Flag | undefined; cargado: boolean }>>,
): string[] =>
  DOCUMENTOS_PROVEEDOR.flatMap((documento) => {
    if (documento.mensajeRequerido === null) return [];
    if (documento.soloMoral && tipoPersona !== "M") return [];
    const actual = estado[documento.clave];
    return actual?.Val === "Y" && !actual.cargado ? [documento.mensajeRequerido] : [];
  });

/**
 * One document inside a supplier row. The spec says only "per-document groups of flag, days, content and
 * date fields"; we nest each group under the document's `clave`:
 * - Val: Y/N, the document is required;
 * - Dias: days left before it expires (negative once expired), null when unknown (no file or no date);
 * - Fecha: date of the loaded document (YYYY-MM-DD), null when none;
 * - Archivo: download URL of the PDF, '' when not loaded (the UI's "Cargado" / "No cargado").
 */
export const documentoProveedorRowSchema = z.object({
  Val: flagSchema,
  Dias: z.number().int().nullable(),
  Fecha: fechaSchema("Fecha").nullable(),
  Archivo: archivoRefSchema,
});
export type DocumentoProveedorRow = z.infer<typeof documentoProveedorRowSchema>;
/** The bank cover sheet has no required flag. */
export const caratulaBancariaRowSchema = documentoProveedorRowSchema.omit({ Val: true });

/** GET /api/proveedores/getSociedades: company options for the link form. */
export const proveedoresGetSociedadesAnswerSchema = successAnswer(z.array(sociedadOpcionSchema));
export type ProveedoresGetSociedadesAnswer = z.infer<typeof proveedoresGetSociedadesAnswerSchema>;

/** POST /api/proveedores/rowProveedores: tipo Perfil returns the caller's own row, Lista the catalogue. */
export const rowProveedoresRequestSchema = listRequestSchema.extend({ tipo: tipoConsultaSchema });
export type RowProveedoresRequest = z.infer<typeof rowProveedoresRequestSchema>;

/** Issue 42 part 1 (decision 073): the kinds of supplier; each kind's rules are REGLAS_TIPO_PROVEEDOR. */
export const TIPOS_PROVEEDOR = ["nacional", "extranjero"] as const;
export type TipoProveedor = (typeof TIPOS_PROVEEDOR)[number];

export const tipoProveedorSchema = z.enum(TIPOS_PROVEEDOR, {
  error: "El campo Tipo debe ser nacional o extranjero.",
});

/** A country of the SAT's c_Pais catalogue: three capital letters (USA, DEU, CHN…). */
export const paisSchema = (campo: string) =>
  z.string({ error: `El campo ${campo} es obligatorio.` }).regex(/^[A-Z]{3}$/, {
    error: `El campo ${campo} debe ser una clave de país de tres letras (c_Pais), por ejemplo USA.`,
  });

export const proveedorRowSchema = z.object({
  Fila: enteroSchema("Fila"),
  /** SAP business-partner code; also the supplier's user id. */
  CardCode: z.string(),
  /** Person type: F (Física) or M (Moral). */
  U_SYS_PMTYPE: tipoPersonaSchema,
  CardName: z.string(),
  /** RFC. */
  LicTradNum: z.string(),
  Phone1: z.string(),
  /** One or more addresses separated by commas. */
  E_Mail: z.string(),
  CntctPrsn: z.string(),
  /** Kept for the spec's shape; always empty (passwords are write-only). */
  U_SYS_PMPASS: sinSecretoSchema("U_SYS_PMPASS"),
  /** Record status: C (Completo), P (Pendiente), R (Rechazado). */
  U_SYS_PMESPR: estatusRegistroSchema,
  /** Active status: A (Activo) or I (Inactivo). */
  U_SYS_PMESRE: estatusActivoSchema,
  /** Rejection reason, '' when none. */
  MOTRECHAZO: z.string(),
  sociedades: z.array(homeSociedadRowSchema),
  ActaConstitutiva: documentoProveedorRowSchema,
  IdentificacionOficial: documentoProveedorRowSchema,
  ComprobanteDomicilio: documentoProveedorRowSchema,
  CedulaFiscal: documentoProveedorRowSchema,
  EstadoCuenta: documentoProveedorRowSchema,
  OpinionCumplimiento: documentoProveedorRowSchema,
  CaratulaBancaria: caratulaBancariaRowSchema,
  /**
   * The supplier's RFC in the SAT's 69-B list in force (issue 15; not in the spec): the traffic light and the
   * publication data. null while no list has been imported (not screened).
   */
  Lista69B: lista69bSchema.nullable().optional(),
  /**
   * "Retener pagos por complementos atrasados" (issue 27; not in the spec): set by an employee in 'Complementos
   * atrasados', shown to employees only (absent in a supplier's own profile).
   */
  RetenerPagos: flagSchema.optional(),
  /**
   * Issue 39 (decision 059, not in the spec): the supplier lives exclusively from agricultural, livestock, forestry or
   * fishing activities, so its RESICO invoices are not withheld the 1.25 % ISR. Set by an administrator, shown to
   * employees only.
   */
  ResicoAgapes: flagSchema.optional(),
  /**
   * Issue 42 part 1 (decision 073, not in the spec): the supplier's kind, and a foreign one's country (SAT c_Pais) and
   * tax id abroad ('' for a national one). Absent from older servers: nacional.
   */
  Tipo: tipoProveedorSchema.optional(),
  Pais: z.string().optional(),
  NumRegIdTrib: z.string().optional(),
});
export type ProveedorRow = z.infer<typeof proveedorRowSchema>;
export const rowProveedoresAnswerSchema = successAnswer(z.array(proveedorRowSchema));
export type RowProveedoresAnswer = z.infer<typeof rowProveedoresAnswerSchema>;

/**
 * A document in the update form. Following the spec's upload convention (postFactura PDF + PDF64), the
 * group carries the file name in `Archivo` and the base64 PDF in `Archivo64`; both absent or empty keep the
 * stored file. `Val` (required flag) is for administrators; the bank cover sheet has none.
 */
const documentoUploadSchema = (etiqueta: string) =>
  z
    .object({
      Val: flagCampo(`Val de ${etiqueta}`).optional(),
      Archivo: nombreArchivoOpcionalSchema(`Archivo de ${etiqueta}`, "pdf"),
      Archivo64: base64OpcionalSchema(`Archivo64 de ${etiqueta}`),
    })
    .superRefine((documento, ctx) => {
      if (documento.Archivo64 && !documento.Archivo) {
        ctx.addIssue({
          code: "custom",
          path: ["Archivo"],
          message: `El campo Archivo de ${etiqueta} es obligatorio cuando se carga el documento.`,
        });
      }
      if (documento.Archivo && !documento.Archivo64) {
        ctx.addIssue({
          code: "custom",
          path: ["Archivo64"],
          message: `El campo Archivo64 de ${etiqueta} es obligatorio cuando se indica el nombre del archivo.`,
        });
      }
    });
const caratulaUploadSchema = (etiqueta: string) =>
  z
    .object({
      Archivo: nombreArchivoOpcionalSchema(`Archivo de ${etiqueta}`, "pdf"),
      Archivo64: base64OpcionalSchema(`Archivo64 de ${etiqueta}`),
    })
    .superRefine((documento, ctx) => {
      if (Boolean(documento.Archivo64) !== Boolean(documento.Archivo)) {
        ctx.addIssue({
          code: "custom",
          path: documento.Archivo64 ? ["Archivo"] : ["Archivo64"],
          message: `Los campos Archivo y Archivo64 de ${etiqueta} se envían juntos.`,
        });
      }
    });

/**
 * POST /api/proveedores/updateProveedor: "the supplier form object" (spec §7). CardCode identifies the
 * supplier (for a supplier the server uses the session's own CardCode). Everything else is optional and the
 * server applies only what the caller's role may change (spec §6: record status and rejection reason are
 * administrator-only; the active status is read-only). U_SYS_PMPASS is write-only: empty or absent = unchanged;
 * otherwise the employees' rule (4 to 30 letters and digits, issue 22).
 * A supplier changing its own password also sends ContraseñaActual (not in the spec: without it a stolen session
 * could take over the account).
 */
export const updateProveedorRequestSchema = z.object({
  CardCode: identificadorSchema("CardCode", 50),
  U_SYS_PMTYPE: tipoPersonaCampo("U_SYS_PMTYPE").optional(),
  CardName: optionalText("CardName", 254),
  LicTradNum: rfcSchema("LicTradNum").optional(),
  Phone1: optionalText("Phone1", 50),
  E_Mail: correosSchema("E_Mail", true).optional(),
  CntctPrsn: optionalText("CntctPrsn", 254),
  U_SYS_PMPASS: passwordOpcionalSchema("U_SYS_PMPASS"),
  ContraseñaActual: secretoOpcionalSchema("ContraseñaActual"),
  U_SYS_PMESPR: estatusRegistroCampo("U_SYS_PMESPR").optional(),
  U_SYS_PMESRE: estatusActivoCampo("U_SYS_PMESRE").optional(),
  MOTRECHAZO: optionalText("MOTRECHAZO", 1000),
  ActaConstitutiva: documentoUploadSchema("Acta constitutiva").optional(),
  IdentificacionOficial: documentoUploadSchema("Identificación oficial del representante").optional(),
  ComprobanteDomicilio: documentoUploadSchema("Comprobante de domicilio").optional(),
  CedulaFiscal: documentoUploadSchema("Cédula de identificación fiscal").optional(),
  EstadoCuenta: documentoUploadSchema("Estado de cuenta").optional(),
  OpinionCumplimiento: documentoUploadSchema("Opinión de cumplimiento de obligaciones fiscales").optional(),
  CaratulaBancaria: caratulaUploadSchema("Carátula bancaria").optional(),
  /** Issue 39: an administrator's flag (see proveedorRowSchema); ignored from anyone else. */
  ResicoAgapes: flagCampo("ResicoAgapes").optional(),
  /**
   * Issue 42 part 1 (decision 073): an administrator's; ignored from anyone else. A foreign supplier needs its country
   * and tax id and gets the generic RFC; a national one its own RFC (LicTradNum).
   */
  Tipo: tipoProveedorSchema.optional(),
  Pais: paisSchema("Pais").optional(),
  NumRegIdTrib: optionalText("NumRegIdTrib", 40),
});
export type UpdateProveedorRequest = z.infer<typeof updateProveedorRequestSchema>;
export const updateProveedorAnswerSchema = messageAnswerSchema;

/**
 * POST /api/proveedores/sentCorreo: notification after an employee updates a supplier. EstatusRegistro and
 * Estatus travel as codes (C/P/R, A/I); the mail shows their labels. The server should send only to the
 * supplier's stored addresses, not to an arbitrary Correo.
 */
export const sentCorreoRequestSchema = z.object({
  Correo: correosSchema("Correo"),
  Tipo: z.literal("Proveedor", { error: "El campo Tipo debe ser Proveedor." }),
  /** The supplier's business name. */
  Usuario: requiredText("Usuario", 254),
  EstatusRegistro: estatusRegistroCampo("EstatusRegistro"),
  Estatus: estatusActivoCampo("Estatus"),
  Observaciones: optionalText("Observaciones", 1000),
});
export type SentCorreoRequest = z.infer<typeof sentCorreoRequestSchema>;
export const sentCorreoAnswerSchema = messageAnswerSchema;

/** POST /api/proveedores/addSociedad: link a company to a supplier (spec §3 link payload). */
export const addSociedadRequestSchema = z.object({
  CardCode: identificadorSchema("CardCode", 50),
  IdSociedad: idSchema("IdSociedad"),
});
export type AddSociedadRequest = z.infer<typeof addSociedadRequestSchema>;
export const addSociedadAnswerSchema = messageAnswerSchema;
