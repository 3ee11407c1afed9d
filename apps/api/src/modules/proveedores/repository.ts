import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";

const { proveedores, proveedorSociedades, sociedades, proveedorDocumentos, recordatoriosDocumentos } = schema;

export function createProveedoresRepository(db: Database) {
  return {
    list: () => db.select().from(proveedores).orderBy(asc(proveedores.cardCode)),
    findByCardCode: async (cardCode: string) =>
      (await db.select().from(proveedores).where(eq(proveedores.cardCode, cardCode)))[0],
    findByCardName: async (cardName: string) =>
      (await db.select().from(proveedores).where(sql`lower(${proveedores.cardName}) = lower(${cardName})`))[0],
    rfcTaken: async (rfc: string, exceptCardCode: string) =>
      (
        await db
          .select({ c: proveedores.cardCode })
          .from(proveedores)
          // Decision 073: only a national supplier's RFC is its own; foreign ones share the generic RFC.
          .where(
            and(eq(proveedores.rfc, rfc), eq(proveedores.tipo, "nacional"), ne(proveedores.cardCode, exceptCardCode)),
          )
      ).length > 0,
    documentosDe: (cardCodes: string[]) =>
      cardCodes.length === 0
        ? Promise.resolve([])
        : db.select().from(proveedorDocumentos).where(inArray(proveedorDocumentos.cardCode, cardCodes)),
    sociedadExists: async (id: number) =>
      (await db.select({ id: sociedades.id }).from(sociedades).where(eq(sociedades.id, id))).length > 0,
    isLinked: async (cardCode: string, sociedadId: number) =>
      (
        await db
          .select({ c: proveedorSociedades.cardCode })
          .from(proveedorSociedades)
          .where(and(eq(proveedorSociedades.cardCode, cardCode), eq(proveedorSociedades.sociedadId, sociedadId)))
      ).length > 0,
    link: (cardCode: string, sociedadId: number) => db.insert(proveedorSociedades).values({ cardCode, sociedadId }),
    update: (cardCode: string, values: Partial<typeof proveedores.$inferInsert>) =>
      db.update(proveedores).set(values).where(eq(proveedores.cardCode, cardCode)),
    upsertDocumento: (values: typeof proveedorDocumentos.$inferInsert) =>
      db
        .insert(proveedorDocumentos)
        .values(values)
        .onConflictDoUpdate({
          target: [proveedorDocumentos.cardCode, proveedorDocumentos.clave],
          set: {
            val: values.val,
            archivoId: values.archivoId,
            nombre: values.nombre,
            fecha: values.fecha,
            updatedAt: values.updatedAt,
          },
        }),
    /** Active suppliers (estatus A): the ones expiry reminders are for. */
    activos: () => db.select().from(proveedores).where(eq(proveedores.estatus, "A")).orderBy(asc(proveedores.cardCode)),
    /** Every document of every active supplier, in one query. */
    documentosDeActivos: () =>
      db
        .select({ d: proveedorDocumentos })
        .from(proveedorDocumentos)
        .innerJoin(proveedores, eq(proveedores.cardCode, proveedorDocumentos.cardCode))
        .where(eq(proveedores.estatus, "A"))
        .then((rows) => rows.map((r) => r.d)),
    recordatoriosEnviados: () => db.select().from(recordatoriosDocumentos),
    /**
     * Records a reminder as sent; false when it already was (this threshold of this document version), so the
     * caller queues the mail only when this returns true, in the same transaction.
     */
    recordRecordatorio: async (values: typeof recordatoriosDocumentos.$inferInsert): Promise<boolean> =>
      (await db.insert(recordatoriosDocumentos).values(values).onConflictDoNothing().returning()).length > 0,
  };
}
export type ProveedoresRepository = ReturnType<typeof createProveedoresRepository>;
