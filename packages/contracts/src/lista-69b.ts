import { z } from "zod";
import { fechaSchema } from "./common";

/**
 * The SAT's list of taxpayers under article 69-B of the CFF (issue 15): who invoices simulated operations
 * ("EFOS"). A company that pays a Definitivo's CFDI loses the deduction.
 */
export const situacion69bSchema = z.enum(["Presunto", "Desvirtuado", "Definitivo", "Sentencia Favorable"]);
export type Situacion69bContrato = z.infer<typeof situacion69bSchema>;

/** verde: not listed, Desvirtuado or Sentencia Favorable; ambar: Presunto; rojo: Definitivo. */
export const semaforo69bSchema = z.enum(["verde", "ambar", "rojo"]);
export type Semaforo69bContrato = z.infer<typeof semaforo69bSchema>;

export const SEMAFORO_69B_LABEL: Record<Semaforo69bContrato, string> = {
  verde: "Sin riesgo",
  ambar: "Presunto",
  rojo: "Definitivo",
};

/**
 * An RFC looked up in the list in force. Situacion null = not on the list. Oficio and the publications are those
 * of the stage the situation is in (Presunto: the presunción; Definitivo: the definitive publication; …), as
 * the SAT writes them; '' when absent. ListaAl: the date the list in force was imported.
 */
export const lista69bSchema = z.object({
  Semaforo: semaforo69bSchema,
  Situacion: situacion69bSchema.nullable(),
  /** The taxpayer's name on the list, '' when not listed. */
  Nombre: z.string(),
  Oficio: z.string(),
  PublicacionSAT: z.string(),
  PublicacionDOF: z.string(),
  ListaAl: fechaSchema("ListaAl"),
});
export type Lista69b = z.infer<typeof lista69bSchema>;

/** Why a download or import of the 69-B list failed (decision 015): the job's message and the import's record. */
export const LISTA_69B_MSG = {
  desactivada: "La descarga de la lista 69-B está desactivada (SAT_69B_URL vacía).",
  noGuardada: (detalle: string) => `No se pudo guardar la lista: ${detalle}`,
  noDescargada: (url: string, causa: string) => `No se pudo descargar la lista 69-B de ${url}: ${causa}.`,
  causaHttp: (status: number) => `el servidor respondió HTTP ${status}`,
  causaTamaño: (bytes: number) => `el archivo mide ${bytes} bytes`,
  causaTiempo: "tiempo de espera agotado",
} as const;
