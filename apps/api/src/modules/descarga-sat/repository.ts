import { type Database, schema } from "@portal/db";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { MetadatoRecibido } from "../../sat/descarga-masiva/cliente";
import { conciliacionQueries } from "./repository-conciliacion";
import { efirmaAvisoQueries } from "./repository-efirma-avisos";
import { simuladorDescargaQueries } from "./repository-simulador";
import { xmlRecibidosQueries } from "./repository-xml";

const { satCfdiRecibidos, satDescargas, sociedades } = schema;

export type DescargaRow = typeof satDescargas.$inferSelect;

/** The SAT's Descarga Masiva (issue 43): the sociedades' e.firma, the requests and the CFDI received. */
export function createDescargaSatRepository(db: Database) {
  return {
    sociedad: async (id: number) =>
      (
        await db
          .select({ id: sociedades.id, rfc: sociedades.rfc, nombre: sociedades.nombre })
          .from(sociedades)
          .where(eq(sociedades.id, id))
      )[0],
    saveEfirma: async (id: number, values: { cifrada: string; vence: Date; certificado: string; now: Date }) => {
      await db
        .update(sociedades)
        .set({
          efirmaCifrada: values.cifrada,
          efirmaVence: values.vence,
          efirmaCertificado: values.certificado,
          efirmaAvisoUmbral: null,
          updatedAt: values.now,
        })
        .where(eq(sociedades.id, id));
    },
    /** Active sociedades with an e.firma: the ones the job asks the SAT for. */
    conEfirma: () =>
      db
        .select({
          id: sociedades.id,
          rfc: sociedades.rfc,
          nombre: sociedades.nombre,
          efirmaCifrada: sociedades.efirmaCifrada,
          efirmaVence: sociedades.efirmaVence,
        })
        .from(sociedades)
        .where(and(eq(sociedades.estatus, "A"), isNotNull(sociedades.efirmaCifrada)))
        .orderBy(asc(sociedades.id)),
    /** The sociedad's request in force, else its latest request. */
    /** Of the job's metadata requests, or of an administrator's XML requests. */
    ultimaDescarga: async (sociedadId: number, tipo: "metadata" | "xml"): Promise<DescargaRow | undefined> =>
      (
        await db
          .select()
          .from(satDescargas)
          .where(and(eq(satDescargas.sociedadId, sociedadId), eq(satDescargas.tipo, tipo)))
          // The request in force first: a run that lost a race to another may have recorded a later row.
          .orderBy(desc(sql`${satDescargas.estado} = 'solicitada'`), desc(satDescargas.id))
          .limit(1)
      )[0],
    descarga: async (id: number): Promise<DescargaRow | undefined> =>
      (await db.select().from(satDescargas).where(eq(satDescargas.id, id)))[0],
    insertDescarga: async (values: typeof satDescargas.$inferInsert) =>
      (await db.insert(satDescargas).values(values).returning())[0] as DescargaRow,
    updateDescarga: async (id: number, values: Partial<typeof satDescargas.$inferInsert>) => {
      await db.update(satDescargas).set(values).where(eq(satDescargas.id, id));
    },
    /** Keeps each received CFDI once per sociedad; a later package updates it (a cancellation). */
    upsertRecibidos: async (sociedadId: number, descargaId: number, filas: MetadatoRecibido[], now: Date) => {
      for (let i = 0; i < filas.length; i += 500) {
        const lote = filas.slice(i, i + 500).map((f) => ({
          sociedadId,
          uuid: f.uuid,
          rfcEmisor: f.rfcEmisor,
          nombreEmisor: f.nombreEmisor,
          efecto: f.efecto,
          monto: f.monto,
          fechaEmision: f.fechaEmision,
          fechaCertificacion: f.fechaCertificacion,
          estatus: f.estatus,
          fechaCancelacion: f.fechaCancelacion,
          descargaId,
          createdAt: now,
          updatedAt: now,
        }));
        await db
          .insert(satCfdiRecibidos)
          .values(lote)
          .onConflictDoUpdate({
            target: [satCfdiRecibidos.sociedadId, satCfdiRecibidos.uuid],
            set: {
              estatus: sql`excluded.estatus`,
              fechaCancelacion: sql`excluded.fecha_cancelacion`,
              monto: sql`excluded.monto`,
              nombreEmisor: sql`excluded.nombre_emisor`,
              descargaId: sql`excluded.descarga_id`,
              updatedAt: now,
            },
          });
      }
    },
    recibidos: (sociedadId: number) =>
      db
        .select()
        .from(satCfdiRecibidos)
        .where(eq(satCfdiRecibidos.sociedadId, sociedadId))
        .orderBy(asc(satCfdiRecibidos.fechaEmision), asc(satCfdiRecibidos.uuid)),

    ...efirmaAvisoQueries(db),
    ...xmlRecibidosQueries(db),
    ...simuladorDescargaQueries(db),
    ...conciliacionQueries(db),
  };
}
export type DescargaSatRepository = ReturnType<typeof createDescargaSatRepository>;
