import {
  correosSchema,
  DOCUMENTOS_PROVEEDOR,
  type DocumentoProveedor,
  type DocumentoProveedorClave,
  documentosRequeridosFaltantes,
  type EstatusActivo,
  MSG,
  optionalText,
  type ProveedorRow,
  passwordOpcionalSchema,
  requiredText,
  rfcSchema,
  type SentCorreoRequest,
  secretoOpcionalSchema,
  type TipoPersona,
  type UpdateProveedorRequest,
  updateProveedorRequestSchema,
} from "@portal/contracts";
import { z } from "zod";
import { fieldErrors } from "../../lib/form-errors";
import type { PdfUpload } from "../../lib/pdf-upload";
import { isAdministrador, isProveedor } from "../../lib/permissions";
import type { Session } from "../../lib/session";

/**
 * Pure logic of the supplier detail (spec §2 Supplier detail, §3 Supplier, §5 Supplier profile update,
 * §6): who may change what, the documents shown, the profile's required-document check, the update and
 * mail bodies, and the catalogue's e-mail column.
 */

/**
 * - administrador: master data, record status, rejection reason and required flags; documents are viewed;
 * - consulta: a general employee, read-only (Actualizar disabled);
 * - proveedor: the supplier's own profile (/Perfil): contact data, password and document uploads.
 */
export type ProveedorFormRole = "administrador" | "consulta" | "proveedor";

export function proveedorFormRole(session: Pick<Session, "operador" | "tipoEmpleado">): ProveedorFormRole {
  if (isProveedor(session)) return "proveedor";
  return isAdministrador(session) ? "administrador" : "consulta";
}

type ConVal = Exclude<DocumentoProveedorClave, "CaratulaBancaria">;
const hasVal = (clave: DocumentoProveedorClave): clave is ConVal => clave !== "CaratulaBancaria";

export interface ProveedorFormValues {
  U_SYS_PMTYPE: string;
  CardName: string;
  LicTradNum: string;
  Phone1: string;
  E_Mail: string;
  CntctPrsn: string;
  /** Write-only: empty keeps the current password. */
  U_SYS_PMPASS: string;
  /** The supplier's current password, required when it changes its own (never for an administrator). */
  ContraseñaActual: string;
  U_SYS_PMESPR: string;
  MOTRECHAZO: string;
  /** Required flag (Val = Y) per document; the bank cover sheet has none. */
  requeridos: Record<ConVal, boolean>;
  /** PDFs picked now, to upload with Actualizar. */
  archivos: Partial<Record<DocumentoProveedorClave, PdfUpload>>;
  /**
   * Issue 39 (decision 059): the supplier lives exclusively from agricultural, livestock, forestry or fishing
   * activities (its RESICO invoices are not withheld the 1.25 % ISR); an administrator's flag.
   */
  ResicoAgapes: boolean;
  /** Issue 42 (decision 073): 'nacional' or 'extranjero', and a foreign one's country and tax id abroad. */
  Tipo: string;
  Pais: string;
  NumRegIdTrib: string;
}

export type ProveedorField = Exclude<keyof ProveedorFormValues, "requeridos" | "archivos" | "ResicoAgapes">;

export const RESICO_AGAPES_LABEL =
  "Se dedica exclusivamente a actividades agrícolas, ganaderas, silvícolas o pesqueras";

export const PROVEEDOR_LABELS = {
  U_SYS_PMTYPE: "Tipo de persona",
  CardName: "Razón social",
  LicTradNum: "RFC",
  Phone1: "Teléfono",
  E_Mail: "Correo electrónico",
  CntctPrsn: "Persona de contacto",
  U_SYS_PMPASS: "Contraseña",
  ContraseñaActual: "Contraseña actual",
  U_SYS_PMESPR: "Estatus del registro",
  MOTRECHAZO: "Motivo de rechazo",
  Tipo: "Tipo de proveedor",
  Pais: "País (clave c_Pais)",
  NumRegIdTrib: "Identificación fiscal en su país",
} as const satisfies Record<ProveedorField, string>;

const FIELDS = Object.keys(PROVEEDOR_LABELS) as ProveedorField[];
const L = PROVEEDOR_LABELS;

export function proveedorFormFromRow(row: ProveedorRow): ProveedorFormValues {
  return {
    U_SYS_PMTYPE: row.U_SYS_PMTYPE,
    CardName: row.CardName,
    LicTradNum: row.LicTradNum,
    Phone1: row.Phone1,
    E_Mail: row.E_Mail,
    CntctPrsn: row.CntctPrsn,
    U_SYS_PMPASS: "",
    ContraseñaActual: "",
    U_SYS_PMESPR: row.U_SYS_PMESPR,
    MOTRECHAZO: row.MOTRECHAZO,
    requeridos: {
      ActaConstitutiva: row.ActaConstitutiva.Val === "Y",
      IdentificacionOficial: row.IdentificacionOficial.Val === "Y",
      ComprobanteDomicilio: row.ComprobanteDomicilio.Val === "Y",
      CedulaFiscal: row.CedulaFiscal.Val === "Y",
      EstadoCuenta: row.EstadoCuenta.Val === "Y",
      OpinionCumplimiento: row.OpinionCumplimiento.Val === "Y",
    },
    archivos: {},
    ResicoAgapes: row.ResicoAgapes === "Y",
    Tipo: row.Tipo ?? "nacional",
    Pais: row.Pais ?? "",
    NumRegIdTrib: row.NumRegIdTrib ?? "",
  };
}

const tipoPersonaDe = (valor: string): TipoPersona => (valor === "F" ? "F" : "M");

/** Spec §3: the constitutive act and the bank statement apply only to a persona moral. */
export const documentosVisibles = (tipoPersona: string): DocumentoProveedor[] =>
  DOCUMENTOS_PROVEEDOR.filter((documento) => !documento.soloMoral || tipoPersonaDe(tipoPersona) === "M");

export interface DocumentoVista {
  documento: DocumentoProveedor;
  /** Val: null for the bank cover sheet, which has no required flag. */
  isRequerido: boolean | null;
  /** Download URL of the stored PDF, '' when none. */
  archivo: string;
  fecha: string | null;
  dias: number | null;
  /** A PDF picked now and not yet saved. */
  pendiente: PdfUpload | null;
  /** Spec §2: 'Cargado' when content exists (stored, or picked now), otherwise 'No cargado'. */
  isCargado: boolean;
}

/** One line per document shown (spec §2, §3), in the spec's order. */
export function documentosVista(row: ProveedorRow, values: ProveedorFormValues): DocumentoVista[] {
  return documentosVisibles(values.U_SYS_PMTYPE).map((documento) => {
    const stored = row[documento.clave];
    const pendiente = values.archivos[documento.clave] ?? null;
    return {
      documento,
      isRequerido: hasVal(documento.clave) ? values.requeridos[documento.clave] : null,
      archivo: stored.Archivo,
      fecha: stored.Fecha,
      dias: stored.Dias,
      pendiente,
      isCargado: stored.Archivo !== "" || pendiente !== null,
    };
  });
}

/**
 * Spec §5 Supplier profile update: the messages of the documents flagged required (Y) that have no content,
 * in the spec's order (Moral-only ones only for a persona moral). Empty means the update may go ahead.
 */
export function documentosFaltantes(row: ProveedorRow, values: ProveedorFormValues): string[] {
  const estado = Object.fromEntries(
    documentosVista(row, values).map((vista) => [
      vista.documento.clave,
      { Val: vista.isRequerido ? ("Y" as const) : ("N" as const), cargado: vista.isCargado },
    ]),
  );
  return documentosRequeridosFaltantes(tipoPersonaDe(values.U_SYS_PMTYPE), estado);
}

/**
 * Days left before a document expires, as shown next to it (spec §2). A loaded document without a count
 * does not expire (e.g. the constitutive act); without a document there is nothing to count.
 */
export function diasRestantesLabel(dias: number | null, isCargado = false): string {
  if (dias === null) return isCargado ? "Sin vencimiento" : "—";
  if (dias < 0) return `Vencido hace ${-dias} ${-dias === 1 ? "día" : "días"}`;
  if (dias === 0) return "Vence hoy";
  return `${dias} ${dias === 1 ? "día" : "días"}`;
}

/** Spec §2 supplier catalogue: several comma-separated e-mails show as the first one followed by an ellipsis. */
export function primerCorreo(correos: string): string {
  const lista = correos
    .split(",")
    .map((correo) => correo.trim())
    .filter(Boolean);
  if (lista.length === 0) return "";
  return lista.length > 1 ? `${lista[0]}…` : (lista[0] ?? "");
}

const proveedorFormSchema = (role: ProveedorFormRole, estatusRegistro: string) => {
  const contacto = {
    Phone1: optionalText(L.Phone1, 50),
    E_Mail: correosSchema(L.E_Mail, true),
    CntctPrsn: optionalText(L.CntctPrsn, 254),
    // Issue 22: the employees' rule and message (4 to 30 letters and digits), for the supplier and for a reset.
    U_SYS_PMPASS: passwordOpcionalSchema(L.U_SYS_PMPASS),
  };
  if (role !== "administrador") {
    // The supplier proves it knows its current password before setting a new one (the server checks it).
    return z
      .object({ ...contacto, ContraseñaActual: secretoOpcionalSchema(L.ContraseñaActual) })
      .superRefine((valores, ctx) => {
        if (role === "proveedor" && valores.U_SYS_PMPASS && !valores.ContraseñaActual) {
          ctx.addIssue({ code: "custom", path: ["ContraseñaActual"], message: MSG.contraseñaActualRequerida });
        }
      });
  }
  return z.object({
    ...contacto,
    U_SYS_PMTYPE: requiredText(L.U_SYS_PMTYPE),
    CardName: requiredText(L.CardName, 254),
    LicTradNum: requiredText(L.LicTradNum).pipe(rfcSchema(L.LicTradNum)),
    U_SYS_PMESPR: requiredText(L.U_SYS_PMESPR),
    Tipo: requiredText(L.Tipo),
    Pais: optionalText(L.Pais, 3),
    NumRegIdTrib: optionalText(L.NumRegIdTrib, 40),
    // A rejection needs its reason (the supplier reads it in the notification).
    MOTRECHAZO: estatusRegistro === "R" ? requiredText(L.MOTRECHAZO, 1000) : optionalText(L.MOTRECHAZO, 1000),
  });
};

/** Field errors of what the role may change (spec §5, §6). */
export function validateProveedorForm(
  values: ProveedorFormValues,
  role: ProveedorFormRole,
): Partial<Record<ProveedorField, string>> {
  return fieldErrors(proveedorFormSchema(role, values.U_SYS_PMESPR).safeParse(values), FIELDS);
}

export type BuildResult =
  | { ok: true; request: UpdateProveedorRequest }
  | { ok: false; errors: Partial<Record<ProveedorField, string>>; messages: string[] };

/**
 * POST updateProveedor body (spec §7 "the supplier form object"), with only what the role may change:
 * an administrator sends the master data, record status, rejection reason and required flags; the supplier
 * its contact data and the PDFs picked now (file name in Archivo, base64 in Archivo64). A blank password is
 * left out (unchanged). The supplier's update is blocked while a required document has no content (spec §5).
 */
export function buildUpdateProveedorRequest(
  row: ProveedorRow,
  values: ProveedorFormValues,
  role: ProveedorFormRole,
): BuildResult {
  const errors = validateProveedorForm(values, role);
  if (Object.keys(errors).length > 0) return { ok: false, errors, messages: [] };
  if (role === "consulta") return { ok: false, errors: {}, messages: [] };

  const contacto = {
    CardCode: row.CardCode,
    Phone1: values.Phone1.trim(),
    E_Mail: values.E_Mail.trim(),
    CntctPrsn: values.CntctPrsn.trim(),
    ...(values.U_SYS_PMPASS ? { U_SYS_PMPASS: values.U_SYS_PMPASS } : {}),
    ...(values.U_SYS_PMPASS && role === "proveedor" ? { ContraseñaActual: values.ContraseñaActual } : {}),
  };

  let candidate: Record<string, unknown>;
  if (role === "administrador") {
    const flags = documentosVisibles(values.U_SYS_PMTYPE)
      .map((documento) => documento.clave)
      .filter(hasVal)
      .map((clave) => [clave, { Val: values.requeridos[clave] ? "Y" : "N" }] as const);
    candidate = {
      ...contacto,
      U_SYS_PMTYPE: values.U_SYS_PMTYPE,
      CardName: values.CardName.trim(),
      // Decision 073: a foreign supplier's RFC is the generic one, set by the server.
      ...(values.Tipo === "extranjero"
        ? { Tipo: "extranjero", Pais: values.Pais.trim().toUpperCase(), NumRegIdTrib: values.NumRegIdTrib.trim() }
        : { Tipo: "nacional", LicTradNum: values.LicTradNum.trim().toUpperCase() }),
      U_SYS_PMESPR: values.U_SYS_PMESPR,
      MOTRECHAZO: values.MOTRECHAZO.trim(),
      ResicoAgapes: values.ResicoAgapes ? "Y" : "N",
      ...Object.fromEntries(flags),
    };
  } else {
    const faltantes = documentosFaltantes(row, values);
    if (faltantes.length > 0) return { ok: false, errors: {}, messages: faltantes };
    const uploads = Object.entries(values.archivos).map(
      ([clave, upload]) => [clave, { Archivo: upload.nombre, Archivo64: upload.base64 }] as const,
    );
    candidate = { ...contacto, ...Object.fromEntries(uploads) };
  }

  const parsed = updateProveedorRequestSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, request: parsed.data };
  const mapped = fieldErrors(parsed, FIELDS);
  return {
    ok: false,
    errors: mapped,
    // Issues outside the visible fields (a document group) are shown as messages.
    messages: Object.keys(mapped).length > 0 ? [] : parsed.error.issues.map((issue) => issue.message),
  };
}

/**
 * POST sentCorreo body after an administrator's update (spec §7): the supplier's e-mail, Tipo 'Proveedor',
 * Usuario = business name, record status, active status and Observaciones = the rejection reason.
 */
export function buildSentCorreoRequest(request: UpdateProveedorRequest, row: ProveedorRow): SentCorreoRequest {
  const observaciones = request.MOTRECHAZO ?? row.MOTRECHAZO;
  return {
    Correo: request.E_Mail ?? row.E_Mail,
    Tipo: "Proveedor",
    Usuario: request.CardName || row.CardName,
    EstatusRegistro: request.U_SYS_PMESPR ?? row.U_SYS_PMESPR,
    Estatus: row.U_SYS_PMESRE satisfies EstatusActivo,
    ...(observaciones ? { Observaciones: observaciones } : {}),
  };
}

export const SOCIEDAD_LABEL = "Sociedad";

export interface VincularValues {
  /** IdSociedad as the select holds it (text); sent as a number. */
  IdSociedad: string;
}

/** The one required field of the link form (spec §2 "One required company select"). */
export function validateVincularSociedad(values: VincularValues): Partial<Record<"IdSociedad", string>> {
  return fieldErrors(z.object({ IdSociedad: requiredText(SOCIEDAD_LABEL) }).safeParse(values), ["IdSociedad"]);
}
