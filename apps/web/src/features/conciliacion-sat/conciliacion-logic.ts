import { type ConciliacionSatRow, ETIQUETAS_CONCILIACION, MESES } from "@portal/contracts";

/** The sociedad and month chosen, kept in the URL (like the other screens' filters). */
export interface ConciliacionFilters {
  sociedad?: number;
  periodo?: string;
}

const PERIODO = /^\d{4}-(0[1-9]|1[0-2])$/;

export function parseConciliacionFilters(raw: Record<string, unknown>): ConciliacionFilters {
  const filters: ConciliacionFilters = {};
  const sociedad = typeof raw.sociedad === "string" ? Number(raw.sociedad) : raw.sociedad;
  if (typeof sociedad === "number" && Number.isInteger(sociedad) && sociedad > 0) filters.sociedad = sociedad;
  if (typeof raw.periodo === "string" && PERIODO.test(raw.periodo)) filters.periodo = raw.periodo;
  return filters;
}

/** The month of a date as the API's period (YYYY-MM), in the browser's time zone. */
export function periodoDe(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}

/** The months offered: the current one and the `count - 1` before it, newest first ("noviembre de 2026"). */
export function periodosOfrecidos(now: Date, count = 12): { value: string; label: string }[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return { value: periodoDe(date), label: `${MESES[date.getMonth()]} de ${date.getFullYear()}` };
  });
}

/** A supplier of the portal with CFDI the SAT holds and the portal does not (the 'Avisar' list). */
export interface ProveedorConFaltantes {
  CardCode: string;
  RfcEmisor: string;
  NombreEmisor: string;
  Faltantes: number;
}

export function proveedoresConFaltantes(filas: readonly ConciliacionSatRow[]): ProveedorConFaltantes[] {
  const porProveedor = new Map<string, ProveedorConFaltantes>();
  for (const fila of filas) {
    if (fila.CardCode === null || fila.Etiqueta !== ETIQUETAS_CONCILIACION.faltaPortal) continue;
    const actual = porProveedor.get(fila.CardCode);
    if (actual) actual.Faltantes += 1;
    else
      porProveedor.set(fila.CardCode, {
        CardCode: fila.CardCode,
        RfcEmisor: fila.RfcEmisor,
        NombreEmisor: fila.NombreEmisor,
        Faltantes: 1,
      });
  }
  return [...porProveedor.values()].sort((a, b) => a.NombreEmisor.localeCompare(b.NombreEmisor, "es"));
}

/** The label's colour: reconciled green, waiting grey, anything to act on red or orange. */
export function colorDeEtiqueta(etiqueta: string): string {
  switch (etiqueta) {
    case ETIQUETAS_CONCILIACION.conciliado:
      return "green";
    case ETIQUETAS_CONCILIACION.enEsperaSat:
      return "gray";
    case ETIQUETAS_CONCILIACION.faltaSap:
    case ETIQUETAS_CONCILIACION.canceladoSat:
      return "orange";
    default:
      return "red";
  }
}
