import type { TareaRow } from "@portal/contracts";

/** A job that needs attention: its latest run failed, or its failures keep piling up. */
export const hasFailures = (row: Pick<TareaRow, "Resultado" | "Fallas">): boolean =>
  row.Resultado === "Con error" || row.Fallas > 0;

/** Backlog as shown: a count, or a dash when the job cannot tell. */
export const pendientesTexto = (pendientes: number | null): string =>
  pendientes === null ? "—" : pendientes.toLocaleString("es-MX");
