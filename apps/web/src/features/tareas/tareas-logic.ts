import type { TareaRow } from "@portal/contracts";
import { fechaHoraCdmx } from "../../lib/fecha-hora";

/** A run's instant in Mexico City's time, as every screen shows one (lib/fecha-hora.ts). */
export const fechaHora = (iso: string | null): string => fechaHoraCdmx(iso);

/** A job that needs attention: its latest run failed, or its failures keep piling up. */
export const hasFailures = (row: Pick<TareaRow, "Resultado" | "Fallas">): boolean =>
  row.Resultado === "Con error" || row.Fallas > 0;

/** Backlog as shown: a count, or a dash when the job cannot tell. */
export const pendientesTexto = (pendientes: number | null): string =>
  pendientes === null ? "—" : pendientes.toLocaleString("es-MX");
