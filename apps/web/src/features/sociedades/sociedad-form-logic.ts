import {
  type CreateSociedadRequest,
  codigoPostalSchema,
  createSociedadRequestSchema,
  MSG,
  type ReglaFechaContable,
  regimenFiscalSchema,
  requiredText,
  rfcSchema,
  type SociedadRow,
  type UpdateSociedadRequest,
  updateSociedadRequestSchema,
} from "@portal/contracts";
import { z } from "zod";
import { formatCodigoPostal } from "../../lib/codigo-postal";
import { fieldErrors } from "../../lib/form-errors";
import type { PdfUpload } from "../../lib/pdf-upload";

/**
 * Pure logic of the company form (spec §3 Company, §4 form mode, §5 Company form): values, labels,
 * validation, request bodies and the postal-code mask.
 */

export type FormMode = "crear" | "actualizar";

export interface SociedadFormValues {
  RazonSocial: string;
  RFC: string;
  RegimenFiscal: string;
  CodigoPostal: string;
  UsuarioSAP: string;
  /** Write-only: empty on update keeps the stored one. */
  ContraseñaSAP: string;
  BDSAP: string;
  Estatus: string;
  /** The tax-situation PDF picked now (content + name), null when none was picked. */
  CartaSituacionFiscal: PdfUpload | null;
  /** Issue 27 (decision 031): the withholdings the invoices this company receives must carry. */
  RetencionResico: boolean;
  RetencionArrendamiento: boolean;
  RetencionHonorarios: boolean;
  /** Issue 39 (decision 059): the company withholds no IVA (a state or municipality, Ley del IVA art. 3). */
  NoRetieneIva: boolean;
  /** The ClaveProdServ codes counted as professional fees, as typed: separated by commas, blanks or lines. */
  ClavesHonorarios: string;
  /** Issue 27 (decision 032): the weekdays it pays ("1" Monday … "5" Friday); none = any business day. */
  DiasPago: string[];
  /** Issue 37 (decision 047): the posting date when the CFDI's period is closed in SAP. */
  ReglaFechaContable: ReglaFechaContable;
  /** Issue 41 (decision 069): business days of payment block after a supplier's bank-account change. */
  DiasEnfriamientoCuenta: number;
  /** Issue 37 (decision 045): the company's currency codes that are not ISO, as typed: "MXP=MXN, US$=USD". */
  MonedasSap: string;
}

export type SociedadField = keyof SociedadFormValues;

export const SOCIEDAD_LABELS = {
  RazonSocial: "Razón social",
  RFC: "RFC",
  RegimenFiscal: "Régimen fiscal",
  CodigoPostal: "Código postal",
  UsuarioSAP: "Usuario SAP",
  ContraseñaSAP: "Contraseña SAP",
  BDSAP: "Base de datos SAP",
  Estatus: "Estatus",
  CartaSituacionFiscal: "Carta de situación fiscal",
  RetencionResico: "Retener ISR de 1.25 % al Régimen Simplificado de Confianza (RESICO)",
  RetencionArrendamiento: "Retener ISR de 10 % y dos terceras partes del IVA al arrendamiento de personas físicas",
  RetencionHonorarios: "Retener ISR de 10 % y dos terceras partes del IVA a los honorarios de personas físicas",
  NoRetieneIva: "No retiene IVA (entidad federativa o municipio)",
  ClavesHonorarios: "Claves de producto o servicio de honorarios",
  DiasPago: "Días de pago",
  ReglaFechaContable: "Si el periodo contable de la fecha del CFDI está cerrado",
  DiasEnfriamientoCuenta: "Días hábiles de bloqueo de pagos tras un cambio de cuenta bancaria",
  MonedasSap: "Códigos de moneda de SAP",
} as const satisfies Record<SociedadField, string>;

const FIELDS = Object.keys(SOCIEDAD_LABELS) as SociedadField[];
const L = SOCIEDAD_LABELS;

export const emptySociedadForm = (): SociedadFormValues => ({
  RazonSocial: "",
  RFC: "",
  RegimenFiscal: "",
  CodigoPostal: "",
  UsuarioSAP: "",
  ContraseñaSAP: "",
  BDSAP: "",
  Estatus: "A",
  CartaSituacionFiscal: null,
  RetencionResico: true,
  RetencionArrendamiento: false,
  RetencionHonorarios: false,
  NoRetieneIva: false,
  ClavesHonorarios: "",
  DiasPago: [],
  ReglaFechaContable: "primer_dia_abierto",
  DiasEnfriamientoCuenta: 3,
  MonedasSap: "",
});

/** Spec §3 mapping row -> form: NomSociedad -> RazonSocial, Regimen -> RegimenFiscal, CP -> CodigoPostal. */
export const sociedadFormFromRow = (row: SociedadRow): SociedadFormValues => ({
  RazonSocial: row.NomSociedad,
  RFC: row.RFC,
  RegimenFiscal: row.Regimen,
  CodigoPostal: formatCodigoPostal(row.CP),
  UsuarioSAP: row.UsuarioSAP,
  ContraseñaSAP: "",
  BDSAP: row.BDSAP,
  // Spec §4: A means Activo, any other value Inactivo.
  Estatus: row.Estatus === "A" ? "A" : "I",
  CartaSituacionFiscal: null,
  RetencionResico: row.RetencionResico ?? true,
  RetencionArrendamiento: row.RetencionArrendamiento ?? false,
  RetencionHonorarios: row.RetencionHonorarios ?? false,
  NoRetieneIva: row.NoRetieneIva ?? false,
  ClavesHonorarios: (row.ClavesHonorarios ?? []).join(", "),
  DiasPago: (row.DiasPago ?? []).map(String),
  ReglaFechaContable: row.ReglaFechaContable ?? "primer_dia_abierto",
  DiasEnfriamientoCuenta: row.DiasEnfriamientoCuenta ?? 3,
  MonedasSap: (row.MonedasSap ?? []).map((m) => `${m.Codigo}=${m.Moneda}`).join(", "),
});

/** The fee keys typed in the form: split at commas, semicolons, blanks or lines, without repeats. */
export const parseClavesHonorarios = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((clave) => clave.trim())
      .filter(Boolean),
  ),
];

/**
 * The currency codes typed in the form ("MXP=MXN, US$=USD", also separated by semicolons or lines): SAP's code,
 * "=", the ISO code; null when an entry does not read that way.
 */
export function parseMonedasSap(text: string): { Codigo: string; Moneda: string }[] | null {
  const entries = text
    .split(/[,;\n]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  const out: { Codigo: string; Moneda: string }[] = [];
  for (const entry of entries) {
    const match = /^([\x21-\x7e]{1,3})\s*=\s*([A-Za-z]{3})$/.exec(entry);
    if (!match || match[1]?.includes("=")) return null;
    out.push({ Codigo: match[1] ?? "", Moneda: (match[2] ?? "").toUpperCase() });
  }
  return out;
}

const monedasSapError = (text: string): string | null => {
  const monedas = parseMonedasSap(text);
  if (monedas === null) return "Escriba cada código como código=moneda, por ejemplo MXP=MXN, US$=USD.";
  if (new Set(monedas.map((m) => m.Codigo)).size !== monedas.length) return "Un código de SAP está repetido.";
  return null;
};

/** The first typed fee key that is not an 8-digit ClaveProdServ, if any. */
const claveInvalida = (text: string) => parseClavesHonorarios(text).find((clave) => !/^\d{8}$/.test(clave));

/**
 * The postal-code mask: five digits. ERP data sometimes lost the leading zero of codes such as 01000
 * (stored as a number), so 1 to 4 digits are padded back; anything that is not digits is shown as it is.
 */
export { formatCodigoPostal };

/** What the postal-code input keeps while typing: digits only, at most five. */
export const maskCodigoPostalInput = (raw: string): string => raw.replace(/\D/g, "").slice(0, 5);

interface ValidationContext {
  mode: FormMode;
  /** The company already has its certificate stored (update): picking a new one is then optional. */
  hasStoredCarta: boolean;
}

const sociedadFormSchema = ({ mode, hasStoredCarta }: ValidationContext) =>
  z.object({
    RazonSocial: requiredText(L.RazonSocial, 254),
    RFC: requiredText(L.RFC).pipe(rfcSchema(L.RFC)),
    RegimenFiscal: requiredText(L.RegimenFiscal).pipe(regimenFiscalSchema(L.RegimenFiscal)),
    CodigoPostal: requiredText(L.CodigoPostal).pipe(codigoPostalSchema(L.CodigoPostal)),
    UsuarioSAP: requiredText(L.UsuarioSAP, 100),
    ContraseñaSAP: mode === "crear" ? requiredText(L.ContraseñaSAP, 200) : z.string(),
    BDSAP: requiredText(L.BDSAP, 100),
    Estatus: requiredText(L.Estatus),
    ClavesHonorarios: z.string().refine((text) => claveInvalida(text) === undefined, {
      error: (issue) =>
        `Cada clave debe ser una ClaveProdServ de 8 dígitos (por ejemplo 80111600): ${claveInvalida(String(issue.input))} no lo es.`,
    }),
    MonedasSap: z.string().refine((text) => monedasSapError(text) === null, {
      error: (issue) => monedasSapError(String(issue.input)) ?? "",
    }),
    // Spec §5: 'Debe cargar la carta de situación fiscal'.
    CartaSituacionFiscal: z
      .custom<PdfUpload | null>()
      .refine((carta) => carta !== null || (mode === "actualizar" && hasStoredCarta), {
        error: MSG.cartaSituacionFiscal,
      }),
  });

/** Field errors of the company form (spec §5): the required fields (*) and the certificate. */
export function validateSociedadForm(
  values: SociedadFormValues,
  context: ValidationContext,
): Partial<Record<SociedadField, string>> {
  return fieldErrors(sociedadFormSchema(context).safeParse(values), FIELDS);
}

export type BuildResult<T> = { ok: true; request: T } | { ok: false; errors: Partial<Record<SociedadField, string>> };

const base = (values: SociedadFormValues) => ({
  RazonSocial: values.RazonSocial.trim(),
  RFC: values.RFC.trim().toUpperCase(),
  RegimenFiscal: values.RegimenFiscal,
  CodigoPostal: values.CodigoPostal.trim(),
  Estatus: values.Estatus,
  UsuarioSAP: values.UsuarioSAP.trim(),
  BDSAP: values.BDSAP.trim(),
  RetencionResico: values.RetencionResico,
  RetencionArrendamiento: values.RetencionArrendamiento,
  RetencionHonorarios: values.RetencionHonorarios,
  NoRetieneIva: values.NoRetieneIva,
  ClavesHonorarios: parseClavesHonorarios(values.ClavesHonorarios),
  DiasPago: values.DiasPago.map(Number).sort((a, b) => a - b),
  ReglaFechaContable: values.ReglaFechaContable,
  DiasEnfriamientoCuenta: values.DiasEnfriamientoCuenta,
  MonedasSap: parseMonedasSap(values.MonedasSap) ?? [],
});

const carta = (values: SociedadFormValues) =>
  values.CartaSituacionFiscal
    ? {
        CartaSituacionFiscal: values.CartaSituacionFiscal.base64,
        CartaSituacionFiscalNombre: values.CartaSituacionFiscal.nombre,
      }
    : {};

function build<T>(schema: z.ZodType<T>, candidate: unknown, values: SociedadFormValues, context: ValidationContext) {
  const errors = validateSociedadForm(values, context);
  if (Object.keys(errors).length > 0) return { ok: false, errors } as const;
  const parsed = schema.safeParse(candidate);
  if (parsed.success) return { ok: true, request: parsed.data } as const;
  // The certificate travels as two request fields; both belong to the one form field.
  const mapped = fieldErrors(parsed, [...FIELDS, "CartaSituacionFiscalNombre"]);
  const { CartaSituacionFiscalNombre, ...rest } = mapped;
  return {
    ok: false,
    errors: { ...rest, ...(CartaSituacionFiscalNombre ? { CartaSituacionFiscal: CartaSituacionFiscalNombre } : {}) },
  } as const;
}

/** POST createSociedad body: the SAP password and the certificate are required. */
export function buildCreateSociedadRequest(values: SociedadFormValues): BuildResult<CreateSociedadRequest> {
  const candidate = { ...base(values), ContraseñaSAP: values.ContraseñaSAP, ...carta(values) };
  return build(createSociedadRequestSchema, candidate, values, { mode: "crear", hasStoredCarta: false });
}

/**
 * POST updateSociedad body: Numero (IdSociedad) identifies the company, `id` is the row number. The SAP
 * password and the certificate are write-only: left out when not given, so the stored ones stay.
 */
export function buildUpdateSociedadRequest(
  values: SociedadFormValues,
  options: { fila: number; idSociedad: number; hasStoredCarta: boolean },
): BuildResult<UpdateSociedadRequest> {
  const candidate = {
    id: options.fila,
    Numero: options.idSociedad,
    ...base(values),
    ...(values.ContraseñaSAP ? { ContraseñaSAP: values.ContraseñaSAP } : {}),
    ...carta(values),
  };
  return build(updateSociedadRequestSchema, candidate, values, {
    mode: "actualizar",
    hasStoredCarta: options.hasStoredCarta,
  });
}
