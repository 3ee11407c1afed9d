/**
 * 'Historial' of an invoice or a payment complement (issues 13, 23): the audit entries in words, never raw codes —
 * 'Registrada (Pendiente)', 'Aceptada', 'Rechazada', 'PDF reemplazado: a.pdf → b.pdf'.
 */

import { fechaHoraCdmx } from "./fecha-hora";

export interface EntradaHistorial {
  Campo: string;
  De: string;
  A: string;
  /** Who: 'Empleado', 'Proveedor' or 'Sistema' (absent in older entries' tests). */
  Operador?: string;
}

/** 'Historial': an instant shown in Mexico City's time (lib/fecha-hora.ts), as every screen shows one. */
export const fechaHoraHistorial = (iso: string): string => fechaHoraCdmx(iso);

const ESTATUS: Record<string, string> = { P: "Pendiente", A: "Aceptada", R: "Rechazada", V: "Validación" };
const estatusEnPalabras = (codigo: string): string => ESTATUS[codigo.trim().toUpperCase()] ?? "Pendiente";

/** Each file's name and whether it is feminine (for 'cargada' / 'reemplazada'). */
const ARCHIVOS: Record<string, { nombre: string; femenino: boolean }> = {
  pdf: { nombre: "PDF", femenino: false },
  xml: { nombre: "XML", femenino: false },
  recepcion: { nombre: "Recepción", femenino: true },
  comprobante: { nombre: "Comprobante de pago", femenino: false },
};

/**
 * The details the server writes after the status code ('P · UUID X · entrada 5120'), in words
 * ('UUID X, entrada 5120'); '' when there are none.
 */
function detalles(valor: string): string {
  const [, ...resto] = valor.split("·").map((parte) => parte.trim());
  return resto.filter(Boolean).join(", ");
}

/** One entry of the Historial in words. */
export function cambioHistorial(entrada: EntradaHistorial): string {
  const campo = entrada.Campo.trim().toLowerCase();
  const de = entrada.De.trim();
  const a = entrada.A.trim();
  switch (campo) {
    case "registro": {
      const extra = detalles(a);
      return `Registrada (${estatusEnPalabras(a.split("·")[0] ?? "")})${extra ? `: ${extra}` : ""}`;
    }
    case "correccion": {
      const extra = detalles(a);
      return `Corregida por el proveedor (${estatusEnPalabras(a.split("·")[0] ?? "")})${extra ? `: ${extra}` : ""}`;
    }
    case "estatus":
      return estatusEnPalabras(a);
    // Issue 27 (decision 036): the payment block the SAT's cancellation set, and its lifting by the replacement
    // that takes its place; issue 36 (decision 038): or by an employee, whose reason is the entry's comment.
    case "bloqueopago":
      if (a === "bloqueado") return "Pago bloqueado en el ERP: el SAT canceló el CFDI";
      if (a === "liberado") {
        return entrada.Operador === "Empleado"
          ? "Bloqueo de pago quitado a mano"
          : "Bloqueo de pago quitado: se aceptó el CFDI que toma su lugar";
      }
      return "El SAT canceló el CFDI; el CFDI que toma su lugar ya estaba aceptado y el pago no se bloqueó";
    default: {
      const archivo = ARCHIVOS[campo];
      if (archivo === undefined) return [entrada.Campo, a].filter(Boolean).join(": ");
      const o = archivo.femenino ? "a" : "o";
      if (de === "") return a === "" ? `${archivo.nombre} cargad${o}` : `${archivo.nombre} cargad${o}: ${a}`;
      return `${archivo.nombre} reemplazad${o}: ${de} → ${a}`;
    }
  }
}
