import { type Database, schema } from "@portal/db";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { EstadoSimulado } from "../../sat/simulador";
import type { NuevoEstadoCfdi, TipoCfdi } from "./records";
import { satEstadoDueQueries } from "./repository-due";

const { complementosPago, empleados, facturas, satEstadosCfdi, satSimuladorEstados } = schema;

export type { EstadoCfdiRecord, EstadoPorRevisar, NuevoEstadoCfdi, TipoCfdi } from "./records";

/** The SAT status of every CFDI (issue 15 §1) and the simulator's table. */
export function createSatEstadoRepository(db: Database) {
  return {
    ...satEstadoDueQueries(db),
    /** Writes the status of a document's CFDI (a new upload, or a corrected one with another XML). */
    save: async (values: NuevoEstadoCfdi) => {
      const { tipo, documentoId, createdAt, ...cambios } = values;
      await db
        .insert(satEstadosCfdi)
        .values(values)
        .onConflictDoUpdate({
          target: [satEstadosCfdi.tipo, satEstadosCfdi.documentoId],
          set: { ...cambios, avisadoAt: null, version: sql`${satEstadosCfdi.version} + 1` },
        });
    },
    /** Records a re-check; `visible` bumps the version (what the lists show changed). */
    modify: async (id: number, values: Partial<NuevoEstadoCfdi>, visible: boolean) => {
      await db
        .update(satEstadosCfdi)
        .set({ ...values, ...(visible ? { version: sql`${satEstadosCfdi.version} + 1` } : {}) })
        .where(eq(satEstadosCfdi.id, id));
    },
    find: async (tipo: TipoCfdi, documentoId: number) =>
      (
        await db
          .select()
          .from(satEstadosCfdi)
          .where(and(eq(satEstadosCfdi.tipo, tipo), eq(satEstadosCfdi.documentoId, documentoId)))
      )[0],
    /** The statuses of these documents (the payment list joins them in Node). */
    deDocumentos: (tipo: TipoCfdi, ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(satEstadosCfdi)
            .where(and(eq(satEstadosCfdi.tipo, tipo), inArray(satEstadosCfdi.documentoId, [...ids]))),
    /** What the invoice list's fingerprint adds: every visible change of a status. */
    fingerprint: async () => {
      const result = (await db.execute(
        sql`select concat_ws('-', count(*), sum(version)) as h from ${satEstadosCfdi}`,
      )) as unknown as { rows: { h: string }[] };
      return result.rows[0]?.h ?? "";
    },
    /** Active employees who review pending documents (ViDocPen Y) and have an address. */
    revisores: () =>
      db
        .select({ nombre: empleados.nombre, email: empleados.email })
        .from(empleados)
        .where(and(eq(empleados.viDocPen, "Y"), eq(empleados.estatus, "A"), ne(empleados.email, "")))
        .orderBy(asc(empleados.id)),
    /** Sets the invoice or complement Rechazada by the SAT rule (only while it is still Pendiente). */
    rejectDocumento: async (tipo: TipoCfdi, id: number, comentario: string, now: Date) => {
      const tabla = tipo === "factura" ? facturas : complementosPago;
      const hecho = await db
        .update(tabla)
        .set({ estatus: "R", comentarios: comentario, updatedAt: now })
        .where(and(eq(tabla.id, id), eq(tabla.estatus, "P")))
        .returning({ id: tabla.id });
      return hecho.length === 1;
    },

    // ── The simulator's table (demo, tests) ─────────────────────────────────────────
    estadoSimulado: async (uuid: string): Promise<EstadoSimulado | undefined> =>
      (await db.select().from(satSimuladorEstados).where(eq(satSimuladorEstados.uuid, uuid)))[0],
    simulate: async (uuid: string, values: Partial<typeof satSimuladorEstados.$inferInsert>) => {
      await db
        .insert(satSimuladorEstados)
        .values({ uuid: uuid.toUpperCase(), ...values })
        .onConflictDoUpdate({ target: satSimuladorEstados.uuid, set: values });
    },
  };
}
export type SatEstadoRepository = ReturnType<typeof createSatEstadoRepository>;
