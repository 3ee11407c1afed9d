import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { and, asc, eq, lte } from "drizzle-orm";

const { correoOutbox } = schema;

export interface CorreoNuevo {
  para: string;
  asunto: string;
  texto: string;
  html?: string;
}

export function createCorreoRepository(db: Database) {
  return {
    enqueue: async (correo: CorreoNuevo, now: Date) =>
      (
        await db
          .insert(correoOutbox)
          .values({ ...correo, siguienteIntento: now, createdAt: now })
          .returning({ id: correoOutbox.id })
      )[0]!.id,
    due: (now: Date, limit: number) =>
      db
        .select()
        .from(correoOutbox)
        .where(and(eq(correoOutbox.estado, "pendiente"), lte(correoOutbox.siguienteIntento, now)))
        .orderBy(asc(correoOutbox.id))
        .limit(limit),
    markSent: async (id: number, at: Date, intentos: number) => {
      await db
        .update(correoOutbox)
        .set({ estado: "enviado", enviadoAt: at, intentos, ultimoError: "" })
        .where(and(eq(correoOutbox.id, id), eq(correoOutbox.estado, "pendiente")));
    },
    markFailed: async (id: number, intentos: number, error: string, next: Date | null) => {
      await db
        .update(correoOutbox)
        .set({
          intentos,
          ultimoError: error.slice(0, 500),
          estado: next ? "pendiente" : "fallido",
          siguienteIntento: next ?? new Date(0),
        })
        .where(eq(correoOutbox.id, id));
    },
    find: async (id: number) => (await db.select().from(correoOutbox).where(eq(correoOutbox.id, id)))[0],
  };
}
export type CorreoRepository = ReturnType<typeof createCorreoRepository>;
