import { z } from "zod";
import { listRequestSchema, successAnswer } from "./common";

/**
 * POST /api/tareas/getTareas (issue 15, not in the spec): the scheduled jobs for administrators — what each does,
 * when it last ran and how, when it runs next, failures in a row and the work waiting for it.
 */
export const getTareasRequestSchema = listRequestSchema;
export type GetTareasRequest = z.infer<typeof getTareasRequestSchema>;

export const RESULTADOS_TAREA = ["En curso", "Correcta", "Con error"] as const;
export type ResultadoTarea = (typeof RESULTADOS_TAREA)[number];

export const tareaRowSchema = z.object({
  /** Stable key of the job (e.g. recordatorios-documentos). */
  Nombre: z.string(),
  Descripcion: z.string(),
  /** The schedule in words ("Todos los días a las 12:00 (UTC)"). */
  Programa: z.string(),
  /** Start of the latest run (ISO 8601, UTC); null when it never ran. */
  UltimaEjecucion: z.string().nullable(),
  /** End of the latest run; null while it runs or when it never ran. */
  UltimoFin: z.string().nullable(),
  Resultado: z.enum(RESULTADOS_TAREA).nullable(),
  /** The latest run's message (what it did, or its error). */
  Mensaje: z.string(),
  /** When it is due next (ISO 8601, UTC). */
  ProximaEjecucion: z.string().nullable(),
  /** Failed runs since the last successful one. */
  Fallas: z.number().int(),
  /** Work waiting for the job now (e.g. reminders due and not sent); null when the job cannot say. */
  Pendientes: z.number().int().nullable(),
});
export type TareaRow = z.infer<typeof tareaRowSchema>;
export const getTareasAnswerSchema = successAnswer(z.array(tareaRowSchema));
export type GetTareasAnswer = z.infer<typeof getTareasAnswerSchema>;
