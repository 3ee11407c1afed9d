import type { TareaRow } from "@portal/contracts";

/** "2026-11-21 12:00 UTC": the server's instants as they are stored (the schedules are written in UTC too). */
export function fechaHora(iso: string | null): string {
  if (!iso) return "—";
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A job that needs attention: its latest run failed, or its failures keep piling up. */
export const hasFailures = (row: Pick<TareaRow, "Resultado" | "Fallas">): boolean =>
  row.Resultado === "Con error" || row.Fallas > 0;

/** Backlog as shown: a count, or a dash when the job cannot tell. */
export const pendientesTexto = (pendientes: number | null): string =>
  pendientes === null ? "—" : pendientes.toLocaleString("es-MX");
