import { type Database, schema } from "@portal/db";
import { eq, sql } from "drizzle-orm";
import type { ClaseError } from "./records";

const { erpTrabajos } = schema;

/** How an attempt ends (decision 054, issue 36): done, a failure that counts, a failure that does not. */
export function erpAttemptOutcomes(db: Database) {
  return {
    finish: async (id: number, now: Date) => {
      await db
        .update(erpTrabajos)
        .set({
          estado: "hecho",
          ultimoError: "",
          claseError: "",
          bloqueadoHasta: null,
          intentoProgramado: null,
          terminadoAt: now,
        })
        .where(eq(erpTrabajos.id, id));
    },
    /**
     * A failed attempt that counts: retried at `siguiente`, or left 'fallido' (until an employee retries) when null.
     * Its class is kept, to tell whether a wake-up fails the same way.
     */
    fail: async (id: number, error: string, clase: ClaseError, siguiente: Date | null) => {
      await db
        .update(erpTrabajos)
        .set({
          estado: siguiente ? "pendiente" : "fallido",
          ultimoError: error.slice(0, 500),
          claseError: clase,
          bloqueadoHasta: null,
          intentoProgramado: null,
          ...(siguiente ? { siguienteIntento: siguiente } : {}),
        })
        .where(eq(erpTrabajos.id, id));
    },
    /**
     * A failure that is not an attempt (issue 36): a wake-up after an outage that failed the way the last attempt
     * did (back to the time its backoff had set, intento_programado, which stays so it is not woken again before
     * then), or a job that waits for another document (`siguiente`: due again, its claim waits for the document).
     * The attempt counted when it was taken is given back.
     */
    failUncounted: async (id: number, error: string, clase: ClaseError, siguiente: Date | null) => {
      await db
        .update(erpTrabajos)
        .set({
          estado: "pendiente",
          intentos: sql`greatest(${erpTrabajos.intentos} - 1, 0)`,
          ultimoError: error.slice(0, 500),
          claseError: clase,
          bloqueadoHasta: null,
          siguienteIntento:
            siguiente ?? sql`coalesce(${erpTrabajos.intentoProgramado}, ${erpTrabajos.siguienteIntento})`,
          ...(siguiente ? { intentoProgramado: null } : {}),
        })
        .where(eq(erpTrabajos.id, id));
    },
  };
}
