import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { and, asc, count, eq, sql } from "drizzle-orm";

const { empleados, areas } = schema;

export function createEmpleadosRepository(db: Database) {
  const select = () =>
    db
      .select({
        id: empleados.id,
        usuario: empleados.usuario,
        perfil: empleados.perfil,
        nombre: empleados.nombre,
        apellidos: empleados.apellidos,
        email: empleados.email,
        areaId: empleados.areaId,
        area: areas.nombre,
        estatus: empleados.estatus,
        viDocPen: empleados.viDocPen,
        apruebaCuentas: empleados.apruebaCuentas,
        conciliaSat: empleados.conciliaSat,
      })
      .from(empleados)
      .innerJoin(areas, eq(areas.id, empleados.areaId));
  return {
    areas: () => db.select().from(areas).orderBy(asc(areas.nombre)),
    areaExists: async (id: number) =>
      (await db.select({ id: areas.id }).from(areas).where(eq(areas.id, id))).length > 0,
    list: () => select().orderBy(asc(empleados.id)),
    findById: async (id: number) => (await select().where(eq(empleados.id, id)))[0],
    findByUsuario: async (usuario: string) =>
      (await select().where(sql`lower(${empleados.usuario}) = lower(${usuario})`))[0],
    insert: (values: typeof empleados.$inferInsert) =>
      db.insert(empleados).values(values).returning({ id: empleados.id }),
    update: (id: number, values: Partial<typeof empleados.$inferInsert>) =>
      db.update(empleados).set(values).where(eq(empleados.id, id)),
    /**
     * Serialises, until the transaction ends, every change that could leave the portal without an active
     * administrator (decision 041): two administrators removing each other at once run one after the other, and
     * the second counts what the first left. An advisory lock rather than row locks: a promotion or an activation
     * changes the set too, and a row not yet in it cannot be locked.
     */
    lockAdministradores: async () => {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('empleados_administradores_activos'))`);
    },
    /** Active administrators (Perfil A, Estatus A), as this statement sees them. */
    countAdministradoresActivos: async () =>
      (
        await db
          .select({ n: count() })
          .from(empleados)
          .where(and(eq(empleados.perfil, "A"), eq(empleados.estatus, "A")))
      )[0]?.n ?? 0,
    /** Moves the status only from the one read (two administrators cannot both win); false when it changed. */
    updateEstatus: async (id: number, from: string, to: "A" | "I", at: Date) =>
      (
        await db
          .update(empleados)
          .set({ estatus: to, updatedAt: at })
          .where(and(eq(empleados.id, id), eq(empleados.estatus, from)))
          .returning({ id: empleados.id })
      ).length === 1,
  };
}
export type EmpleadosRepository = ReturnType<typeof createEmpleadosRepository>;
