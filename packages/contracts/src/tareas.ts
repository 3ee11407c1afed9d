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
  /** The schedule in words ("Todos los días a las 06:00 (hora de la Ciudad de México)"). */
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

/**
 * The administrators' screen of scheduled jobs (/Tareas), in words: each job's schedule, what it does and what a
 * run did (issues 15, 27 and 37). The runner's own state labels are RESULTADOS_TAREA; an interrupted run's message
 * is MSG.tareaInterrumpida.
 */
export const TAREAS_MSG = {
  programa: {
    /** Issue 40: in the companies' time, as /Tareas shows the runs (the schedule itself is kept in UTC). */
    diario: (hhmm: string) => `Todos los días a las ${hhmm} (hora de la Ciudad de México)`,
    dias: (n: number) => (n === 1 ? "Cada día" : `Cada ${n} días`),
    horas: (n: number) => (n === 1 ? "Cada hora" : `Cada ${n} horas`),
    minutos: (n: number) => (n === 1 ? "Cada minuto" : `Cada ${n} minutos`),
  },
  /** Job recordatorios-documentos. */
  recordatoriosDocumentos: {
    descripcion:
      "Avisa por correo a cada proveedor activo los documentos requeridos de su registro que vencen en 30, 15, 7 " +
      "y 0 días (una vez por umbral y versión del documento).",
    ninguno: "Ningún documento requerido llegó hoy a un umbral de aviso.",
    avisados: (documentos: number, proveedores: number) =>
      `Se avisó de ${documentos} ${documentos === 1 ? "documento" : "documentos"} a ${proveedores} ${proveedores === 1 ? "proveedor" : "proveedores"}.`,
  },
  /** Job recordatorios-complementos. */
  recordatoriosComplementos: {
    descripcion:
      "Los días 1 y 4 de cada mes (hora de la Ciudad de México) avisa por correo a cada proveedor los pagos del mes " +
      "anterior que aún deben su complemento de pago, cuyo plazo vence el día 5 (una vez por pago y aviso).",
    ninguno: "Ningún pago debe un complemento que no se haya avisado.",
    noEsDia: "Hoy no es día de aviso (días 1 y 4 del mes).",
    avisados: (pagos: number, proveedores: number) =>
      `Se avisó de ${pagos} ${pagos === 1 ? "pago" : "pagos"} a ${proveedores} ${proveedores === 1 ? "proveedor" : "proveedores"}.`,
  },
  /** Jobs sat-pendientes and sat-aceptados. */
  satPendientes:
    "Vuelve a consultar en el SAT los CFDI aceptados como «pendiente de verificar» (sin respuesta del SAT, o no " +
    "encontrados dentro de las 72 horas siguientes al timbrado).",
  satAceptados:
    "Vuelve a consultar en el SAT las facturas y complementos aceptados (a diario durante 30 días, luego cada " +
    "semana hasta que se pagan) y avisa a los revisores de los que el SAT canceló.",
  cfdiConsultados: (n: number) => `${n} CFDI consultados.`,
  /** Job lista-69b (its failures are LISTA_69B_MSG's). */
  lista69b: "Descarga e importa la lista del artículo 69-B del SAT (SAT_69B_URL) y revisa a los proveedores.",
  lista69bImportada: (rfcs: number) => `Lista importada: ${rfcs} RFC.`,
  /** A job registered wrong: the API refuses to start (never shown on the screen, but said in the same words). */
  horaInvalida: (hhmm: string) => `Hora inválida en el programa de una tarea: ${hhmm}`,
  intervaloInvalido: "El intervalo de una tarea debe ser positivo.",
  yaRegistrada: (nombre: string) => `La tarea ${nombre} ya está registrada.`,
} as const;
