import { DOCUMENTOS_PROVEEDOR, type DocumentoProveedorClave, REGLAS_TIPO_PROVEEDOR } from "@portal/contracts";
import type { schema } from "@portal/db";

export type Proveedor = typeof schema.proveedores.$inferSelect;
export type DocumentoGuardado = typeof schema.proveedorDocumentos.$inferSelect;
export interface EstadoDocumento {
  val: "Y" | "N";
  archivoId: string | null;
  nombre: string;
  fecha: string | null;
}

/**
 * How long each document stays current, in days from the date it was loaded (the spec only says documents
 * must be updated before they expire). null = it does not expire. The tax-compliance opinion is valid 30 days
 * (SAT); proofs of address and bank statements are usually accepted when under 3 months old.
 */
export const VIGENCIA_DIAS: Record<DocumentoProveedorClave, number | null> = {
  ActaConstitutiva: null,
  IdentificacionOficial: null,
  ComprobanteDomicilio: 90,
  CedulaFiscal: 365,
  EstadoCuenta: 90,
  OpinionCumplimiento: 30,
  CaratulaBancaria: 365,
};

/**
 * Default required flag: every document with a required message, Moral-only ones only for personas morales; for a
 * kind of supplier with its own list (a foreign one, decision 073: no Mexican fiscal document), exactly that list.
 */
export const valPorDefecto = (clave: DocumentoProveedorClave, tipoPersona: string, tipo = "nacional"): "Y" | "N" => {
  const propios = REGLAS_TIPO_PROVEEDOR[tipo === "extranjero" ? "extranjero" : "nacional"].documentosRequeridos;
  if (propios !== null) return propios.includes(clave) ? "Y" : "N";
  const doc = DOCUMENTOS_PROVEEDOR.find((d) => d.clave === clave)!;
  return doc.mensajeRequerido !== null && (!doc.soloMoral || tipoPersona === "M") ? "Y" : "N";
};

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
export const diasEntre = (desde: string, hasta: string) =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);

export function estados(
  p: Proveedor,
  guardados: DocumentoGuardado[],
): Record<DocumentoProveedorClave, EstadoDocumento> {
  const result = {} as Record<DocumentoProveedorClave, EstadoDocumento>;
  for (const doc of DOCUMENTOS_PROVEEDOR) {
    const g = guardados.find((x) => x.clave === doc.clave);
    result[doc.clave] = {
      val: g ? (g.val === "Y" ? "Y" : "N") : valPorDefecto(doc.clave, p.tipoPersona, p.tipo),
      archivoId: g?.archivoId ?? null,
      nombre: g?.nombre ?? "",
      fecha: g?.fecha ?? null,
    };
  }
  return result;
}

/**
 * Spec §5 "the supplier's own registration must be complete" (for invoices and payments): record status Completo,
 * active, and every required document (Val Y, of its person type) loaded and not expired (days remaining >= 0).
 */
export function registroCompleto(p: Proveedor, guardados: DocumentoGuardado[], today: string): boolean {
  if (p.estatusRegistro !== "C" || p.estatus !== "A") return false;
  const e = estados(p, guardados);
  return DOCUMENTOS_PROVEEDOR.every((doc) => {
    const s = e[doc.clave];
    if ((doc.soloMoral && p.tipoPersona !== "M") || s.val !== "Y") return true;
    if (!s.archivoId) return false;
    const vigencia = VIGENCIA_DIAS[doc.clave];
    return vigencia === null || s.fecha === null || vigencia - diasEntre(s.fecha, today) >= 0;
  });
}

/** A required, loaded document that expires: its version (file and load date), days left and last valid day. */
export interface VencimientoDocumento {
  clave: DocumentoProveedorClave;
  etiqueta: string;
  archivoId: string;
  fecha: string;
  /** Validity in days from `fecha`. */
  vigencia: number;
  /** Days remaining as the profile shows them (0 on the last valid day; negative once expired). */
  dias: number;
  /** Last day it is valid (YYYY-MM-DD). */
  vence: string;
}

/**
 * The supplier's documents that count for registroCompleto and expire: required (Val Y, of its person type),
 * loaded, with a validity. Expiry reminders (recordatorios.ts) are computed from these.
 */
export function vencimientos(p: Proveedor, guardados: DocumentoGuardado[], today: string): VencimientoDocumento[] {
  const e = estados(p, guardados);
  return DOCUMENTOS_PROVEEDOR.flatMap((doc) => {
    const s = e[doc.clave];
    const vigencia = VIGENCIA_DIAS[doc.clave];
    if ((doc.soloMoral && p.tipoPersona !== "M") || s.val !== "Y" || !s.archivoId || !s.fecha || vigencia === null) {
      return [];
    }
    const vence = isoDate(new Date(Date.parse(`${s.fecha}T00:00:00Z`) + vigencia * 86_400_000));
    return [
      {
        clave: doc.clave,
        etiqueta: doc.etiqueta,
        archivoId: s.archivoId,
        fecha: s.fecha,
        vigencia,
        dias: vigencia - diasEntre(s.fecha, today),
        vence,
      },
    ];
  });
}
