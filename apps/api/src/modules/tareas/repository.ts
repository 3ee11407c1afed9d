import { MSG } from "@portal/contracts";
import { type Database, schema } from "@portal/db";
import { and, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";

const { tareas, tareasEjecuciones } = schema;

export type Tarea = typeof tareas.$inferSelect;
export type TareaEjecucion = typeof tareasEjecuciones.$inferSelect;

/** Scheduled jobs and their runs (decision 016). Every time comes from the caller (the app's clock). */
export function createTareasRepository(db: Database) {
  return {
    /** Rows for jobs registered for the first time; existing ones keep their due time. */
    ensure: async (filas: { nombre: string; siguienteAt: Date }[]) => {
      if (filas.length === 0) return;
      await db.insert(tareas).values(filas).onConflictDoNothing({ target: tareas.nombre });
    },
    /**
     * Leases the job until `hasta` when it is due and no live process holds it, in one UPDATE whose row lock
     * makes another process skip it (SKIP LOCKED): two processes never take the same job. Undefined when it is
     * not due or taken.
     */
    claim: async (nombre: string, now: Date, hasta: Date): Promise<Tarea | undefined> =>
      (
        await db
          .update(tareas)
          .set({ bloqueadaHasta: hasta })
          .where(
            inArray(
              tareas.nombre,
              db
                .select({ nombre: tareas.nombre })
                .from(tareas)
                .where(
                  and(
                    eq(tareas.nombre, nombre),
                    lte(tareas.siguienteAt, now),
                    or(isNull(tareas.bloqueadaHasta), lte(tareas.bloqueadaHasta, now)),
                  ),
                )
                .for("update", { skipLocked: true }),
            ),
          )
          .returning()
      )[0],
    /** A run left 'en_curso' by a process whose lease ran out (it died or hung) is recorded as failed. */
    interrupt: async (ejecucionId: number, now: Date) => {
      await db
        .update(tareasEjecuciones)
        .set({
          resultado: "error",
          mensaje: MSG.tareaInterrumpida,
          fin: now,
        })
        .where(and(eq(tareasEjecuciones.id, ejecucionId), eq(tareasEjecuciones.resultado, "en_curso")));
    },
    /** Records the start of a run and makes it the lease holder. */
    start: async (nombre: string, now: Date): Promise<number> => {
      const [run] = await db
        .insert(tareasEjecuciones)
        .values({ tarea: nombre, inicio: now })
        .returning({ id: tareasEjecuciones.id });
      await db.update(tareas).set({ ejecucionId: run!.id }).where(eq(tareas.nombre, nombre));
      return run!.id;
    },
    /**
     * Ends a run; the job gets its next due time and is released only if this run still holds it (a process
     * whose lease ran out and was taken over records its run but schedules nothing).
     */
    finish: async (
      nombre: string,
      ejecucionId: number,
      fin: { now: Date; ok: boolean; mensaje: string; siguienteAt: Date },
    ) => {
      await db
        .update(tareasEjecuciones)
        .set({ resultado: fin.ok ? "ok" : "error", mensaje: fin.mensaje.slice(0, 1000), fin: fin.now })
        .where(eq(tareasEjecuciones.id, ejecucionId));
      await db
        .update(tareas)
        .set({
          siguienteAt: fin.siguienteAt,
          bloqueadaHasta: null,
          fallasSeguidas: fin.ok ? 0 : sql`${tareas.fallasSeguidas} + 1`,
        })
        .where(and(eq(tareas.nombre, nombre), eq(tareas.ejecucionId, ejecucionId)));
    },
    find: async (nombre: string): Promise<Tarea | undefined> =>
      (await db.select().from(tareas).where(eq(tareas.nombre, nombre)))[0],
    todas: (): Promise<Tarea[]> => db.select().from(tareas),
    /** The latest run of each job (one indexed lookup per job: there are few jobs). */
    ultimaEjecucion: async (nombre: string): Promise<TareaEjecucion | undefined> =>
      (
        await db
          .select()
          .from(tareasEjecuciones)
          .where(eq(tareasEjecuciones.tarea, nombre))
          .orderBy(desc(tareasEjecuciones.id))
          .limit(1)
      )[0],
    ejecuciones: (nombre: string): Promise<TareaEjecucion[]> =>
      db
        .select()
        .from(tareasEjecuciones)
        .where(eq(tareasEjecuciones.tarea, nombre))
        .orderBy(desc(tareasEjecuciones.id)),
  };
}
export type TareasRepository = ReturnType<typeof createTareasRepository>;
