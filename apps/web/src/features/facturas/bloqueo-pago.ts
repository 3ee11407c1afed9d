import type { FacturaRow } from "@portal/contracts";

/**
 * Issue 27 (decision 036): the payment block of an accepted invoice whose CFDI the SAT cancelled, in words for
 * employees (the server sends these fields to employees only): one line for what the portal asked of the ERP, and
 * one for where that ERP job stands. Null when there is nothing to say.
 */
export interface BloqueoPagoMostrado {
  /** Short, for a table cell. */
  etiqueta: string;
  linea: string;
  color: "red" | "teal" | "gray";
  /** 'Bloqueo en el ERP: aplicado' and the like; '' when there is no job. */
  trabajo: string;
  /** The ERP's last error on that job, '' when none. */
  error: string;
}

const ESTADO_TRABAJO: Record<string, string> = {
  pendiente: "pendiente",
  hecho: "aplicado",
  fallido: "con error",
};

export function bloqueoPago(
  row: Pick<FacturaRow, "BloqueoPago" | "SustitutoUUID" | "EstadoBloqueoERP" | "ErrorBloqueoERP">,
): BloqueoPagoMostrado | null {
  const sustituto = row.SustitutoUUID?.trim() ?? "";
  const estado = ESTADO_TRABAJO[row.EstadoBloqueoERP ?? ""];
  const error = row.ErrorBloqueoERP?.trim() ?? "";
  switch (row.BloqueoPago) {
    case "bloqueado":
      return {
        etiqueta: "Pago bloqueado en el ERP",
        linea:
          "Pago bloqueado en el ERP: el SAT canceló este CFDI. El bloqueo se quita al aceptar la factura que tome su " +
          "lugar (mismas entradas, total y moneda), o a mano con un motivo.",
        color: "red",
        trabajo: estado ? `Bloqueo en el ERP: ${estado}` : "",
        error,
      };
    case "liberado":
      return {
        etiqueta: "Bloqueo de pago quitado",
        // Issue 36 (decision 038): without the replacement, an employee lifted it with a reason (in the Historial).
        linea: sustituto
          ? `Bloqueo de pago quitado: se aceptó el CFDI que toma su lugar (${sustituto}).`
          : "Bloqueo de pago quitado a mano por cuentas por pagar; el motivo está en el Historial.",
        color: "teal",
        trabajo: estado ? `Desbloqueo en el ERP: ${estado}` : "",
        error,
      };
    default:
      return sustituto
        ? {
            etiqueta: "Sustituido; pago no bloqueado",
            linea: `El SAT canceló este CFDI; el CFDI que toma su lugar (${sustituto}) ya estaba aceptado, así que no se bloqueó el pago.`,
            color: "gray",
            trabajo: "",
            error: "",
          }
        : null;
  }
}

/**
 * Issue 36 (decision 038): whether the invoice's payment block can be lifted by hand — it is blocked. (Who may is the
 * screen's question: the employees with the pendientes access.)
 */
export const canLiftBlock = (row: Pick<FacturaRow, "BloqueoPago">): boolean => row.BloqueoPago === "bloqueado";

/** Issue 36 (decision 038): the employees' warning on a CFDI naming a blocked invoice with TipoRelacion 04; '' none. */
export const avisoSustitucion = (row: Pick<FacturaRow, "AvisoSustitucion">): string =>
  row.AvisoSustitucion?.trim() ?? "";

/**
 * Issue 36: whether 'Reintentar' applies to the payment block's ERP job — stopped ('fallido'), or waiting after a
 * failure (its message shown) — as it does to an invoice's.
 */
export const canRetryBlock = (row: Pick<FacturaRow, "EstadoBloqueoERP" | "ErrorBloqueoERP">): boolean =>
  row.EstadoBloqueoERP === "fallido" ||
  (row.EstadoBloqueoERP === "pendiente" && (row.ErrorBloqueoERP ?? "").trim() !== "");
