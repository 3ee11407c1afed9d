import type { z } from "zod";
import { boundedArray } from "./bounded";

/** Most rows one review may change: the screen's "All" page size stays far below it. */
export const MAX_FILAS_REVISION = 500;

/** How a review batch names its rows in its refusals (Spanish, with the kind's gender and number). */
export interface RevisionBatchWords {
  /** "Se esperaba la lista de …" when the body is not a list. */
  lista: string;
  /** "Debe seleccionar al menos …" when it is empty. */
  alMenosUno: string;
  /** "Se pueden revisar como máximo 500 …" */
  plural: string;
  /** The repeated row, e.g. (id) => `la factura ${id}`. */
  repetido: (id: number) => string;
}

/**
 * The PATCH body of a review screen: 1 to MAX_FILAS_REVISION checked rows of `fila`, none repeated by its `key`
 * (the document's id). One factory for every kind of document reviewed (invoices, payment complements, …).
 */
export function revisionBatchSchema<K extends string, S extends z.ZodObject<{ [P in K]: z.ZodType<number> }>>(
  fila: S,
  key: K,
  words: RevisionBatchWords,
) {
  return boundedArray(fila, {
    campo: words.lista,
    min: 1,
    max: MAX_FILAS_REVISION,
    mensajes: {
      tipo: `Se esperaba la lista de ${words.lista}.`,
      min: `Debe seleccionar al menos ${words.alMenosUno}.`,
      max: `Se pueden revisar como máximo ${MAX_FILAS_REVISION} ${words.plural} a la vez.`,
    },
  }).superRefine((filas, ctx) => {
    const vistos = new Set<number>();
    filas.forEach((f, indice) => {
      const id = (f as Record<K, number>)[key];
      if (vistos.has(id)) {
        ctx.addIssue({
          code: "custom",
          path: [indice, key],
          message: `El campo ${key} repite ${words.repetido(id)}.`,
        });
      }
      vistos.add(id);
    });
  });
}
