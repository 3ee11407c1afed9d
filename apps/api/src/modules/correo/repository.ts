import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";

const { correoOutbox } = schema;

export interface CorreoNuevo {
  para: string;
  asunto: string;
  texto: string;
  html?: string;
}

export type Correo = typeof correoOutbox.$inferSelect;

export function createCorreoRepository(db: Database) {
  return {
    enqueue: async (correo: CorreoNuevo, now: Date) =>
      (
        await db
          .insert(correoOutbox)
          .values({ ...correo, siguienteIntento: now, createdAt: now })
          .returning({ id: correoOutbox.id })
      )[0]!.id,
    /**
     * Leases the oldest due message until `hasta` and counts the attempt, in one UPDATE whose row lock makes
     * another process skip it (SKIP LOCKED) and whose lease it then sees: two processes never send the same
     * message (the pattern of erp_trabajos and tareas). Undefined when nothing is due and free.
     */
    claim: async (now: Date, hasta: Date): Promise<Correo | undefined> =>
      (
        await db
          .update(correoOutbox)
          .set({ bloqueadoHasta: hasta, intentos: sql`${correoOutbox.intentos} + 1` })
          .where(
            inArray(
              correoOutbox.id,
              db
                .select({ id: correoOutbox.id })
                .from(correoOutbox)
                .where(
                  and(
                    eq(correoOutbox.estado, "pendiente"),
                    lte(correoOutbox.siguienteIntento, now),
                    or(isNull(correoOutbox.bloqueadoHasta), lte(correoOutbox.bloqueadoHasta, now)),
                  ),
                )
                .orderBy(asc(correoOutbox.id))
                .limit(1)
                .for("update", { skipLocked: true }),
            ),
          )
          .returning()
      )[0],
    /** Sent: recorded whoever holds the lease now (the message left; saying so is true either way). */
    markSent: async (id: number, at: Date) => {
      await db
        .update(correoOutbox)
        .set({ estado: "enviado", enviadoAt: at, ultimoError: "", bloqueadoHasta: null })
        .where(and(eq(correoOutbox.id, id), eq(correoOutbox.estado, "pendiente")));
    },
    /**
     * A failed attempt under the lease until `lease`: retried at `next`, or 'fallido' when null. Ignored when the
     * lease ran out and another process took the message meanwhile.
     */
    markFailed: async (id: number, lease: Date, error: string, next: Date | null) => {
      await db
        .update(correoOutbox)
        .set({
          ultimoError: error.slice(0, 500),
          estado: next ? "pendiente" : "fallido",
          bloqueadoHasta: null,
          ...(next ? { siguienteIntento: next } : {}),
        })
        .where(
          and(eq(correoOutbox.id, id), eq(correoOutbox.estado, "pendiente"), eq(correoOutbox.bloqueadoHasta, lease)),
        );
    },
    find: async (id: number) => (await db.select().from(correoOutbox).where(eq(correoOutbox.id, id)))[0],
  };
}
export type CorreoRepository = ReturnType<typeof createCorreoRepository>;
