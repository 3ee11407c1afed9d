import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { and, asc, eq, sql } from "drizzle-orm";

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
