import { type Database, schema, storeArchivo } from "@portal/db";
import { and, asc, desc, eq, gt, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { MetadatoRecibido, XmlRecibido } from "../../sat/descarga-masiva/cliente";
import { datosDelXml } from "../../sat/descarga-masiva/datos-xml";
import { conciliacionQueries } from "./repository-conciliacion";
import { simuladorDescargaQueries } from "./repository-simulador";

const { empleados, satCfdiRecibidos, satDescargas, sociedades } = schema;

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
    /**
     * Takes the expiry reminder at `umbral` days for the e.firma that expires at `vence`: true once, for one caller
     * (a conditional UPDATE), so a second run, another process or a retry mails nothing twice.
     */
    claimEfirmaAviso: async (id: number, vence: Date, umbral: number) =>
      (
        await db
          .update(sociedades)
          .set({ efirmaAvisoUmbral: umbral })
          .where(
            and(
              eq(sociedades.id, id),
              eq(sociedades.efirmaVence, vence),
              or(isNull(sociedades.efirmaAvisoUmbral), gt(sociedades.efirmaAvisoUmbral, umbral)),
            ),
          )
          .returning({ id: sociedades.id })
      ).length === 1,
    /** The active administrators' addresses (the e.firma's expiry reminder). */
    administradores: async () =>
      (
        await db
          .select({ email: empleados.email })
          .from(empleados)
          .where(and(eq(empleados.perfil, "A"), eq(empleados.estatus, "A"), ne(empleados.email, "")))
          .orderBy(asc(empleados.id))
      ).map((e) => e.email),
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
    /**
     * Each CFDI's XML from an XML package: stored once in `archivos` (by its content) and linked to the sociedad's row
     * of the CFDI with the currency it states; a CFDI the metadata has not brought yet gets its row from the XML.
     * Running it again links the same file: idempotent.
     */
    guardarXml: async (sociedadId: number, descargaId: number, xmls: XmlRecibido[], now: Date) => {
      for (const x of xmls) {
        const xmlArchivoId = await storeArchivo(db, Buffer.from(x.xml, "utf8"), "application/xml");
        const d = datosDelXml(x.xml);
        await db
          .insert(satCfdiRecibidos)
          .values({
            sociedadId,
            uuid: x.uuid,
            ...d,
            estatus: "vigente",
            fechaCancelacion: null,
            descargaId,
            xmlArchivoId,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [satCfdiRecibidos.sociedadId, satCfdiRecibidos.uuid],
            set: { xmlArchivoId, moneda: d.moneda, updatedAt: now },
          });
      }
    },
    /** The UUID of the received CFDI whose XML is this file (the download's name), or undefined. */
    uuidDelXml: async (archivoId: string) =>
      (
        await db
          .select({ uuid: satCfdiRecibidos.uuid })
          .from(satCfdiRecibidos)
          .where(eq(satCfdiRecibidos.xmlArchivoId, archivoId))
          .limit(1)
      )[0]?.uuid,
    recibidos: (sociedadId: number) =>
      db
        .select()
        .from(satCfdiRecibidos)
        .where(eq(satCfdiRecibidos.sociedadId, sociedadId))
        .orderBy(asc(satCfdiRecibidos.fechaEmision), asc(satCfdiRecibidos.uuid)),

    ...simuladorDescargaQueries(db),
    ...conciliacionQueries(db),
  };
}
export type DescargaSatRepository = ReturnType<typeof createDescargaSatRepository>;
