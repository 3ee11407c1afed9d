import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import type { PostingDateRule } from "@portal/erp";
import { and, asc, eq, inArray, ne } from "drizzle-orm";

const { sociedades, proveedorSociedades } = schema;

export function createSociedadesRepository(db: Database) {
  return {
    list: () => db.select().from(sociedades).orderBy(asc(sociedades.id)),
    findById: async (id: number) => (await db.select().from(sociedades).where(eq(sociedades.id, id)))[0],
    bdSapTaken: async (bdSap: string, exceptId?: number) =>
      (
        await db
          .select({ id: sociedades.id })
          .from(sociedades)
          .where(exceptId ? and(eq(sociedades.bdSap, bdSap), ne(sociedades.id, exceptId)) : eq(sociedades.bdSap, bdSap))
      ).length > 0,
    /** Decision 047: the posting-date rule of the sociedad whose company database is `bdSap` (default when none). */
    reglaFechaContable: async (bdSap: string): Promise<PostingDateRule> => {
      const [row] = await db
        .select({ regla: sociedades.reglaFechaContable })
        .from(sociedades)
        .where(eq(sociedades.bdSap, bdSap));
      return row?.regla === "rechazar" ? "rechazar" : "primer_dia_abierto";
    },
    insert: (values: typeof sociedades.$inferInsert) => db.insert(sociedades).values(values),
    update: (id: number, values: Partial<typeof sociedades.$inferInsert>) =>
      db.update(sociedades).set(values).where(eq(sociedades.id, id)),

    /** The sociedades each supplier is registered with (Home for the supplier, the supplier detail for employees). */
    deProveedores: (cardCodes: readonly string[]) =>
      cardCodes.length === 0
        ? Promise.resolve([])
        : db
            .select({
              cardCode: proveedorSociedades.cardCode,
              id: sociedades.id,
              nombre: sociedades.nombre,
              rfc: sociedades.rfc,
              regimen: sociedades.regimen,
              cp: sociedades.cp,
              estatus: sociedades.estatus,
              constanciaArchivoId: sociedades.constanciaArchivoId,
            })
            .from(proveedorSociedades)
            .innerJoin(sociedades, eq(sociedades.id, proveedorSociedades.sociedadId))
            .where(inArray(proveedorSociedades.cardCode, [...cardCodes]))
            .orderBy(asc(sociedades.id)),

    /**
     * Company databases (sociedades.bd_sap) with their sociedad's name, ordered by database: those of the
     * sociedades `cardCode` is registered with, or every one when `cardCode` is null (the ERP scope, erp/scope.ts).
     */
    companyDatabases: (cardCode: string | null) =>
      cardCode === null
        ? db.select({ bd: sociedades.bdSap, nombre: sociedades.nombre }).from(sociedades).orderBy(asc(sociedades.bdSap))
        : db
            .select({ bd: sociedades.bdSap, nombre: sociedades.nombre })
            .from(proveedorSociedades)
            .innerJoin(sociedades, eq(sociedades.id, proveedorSociedades.sociedadId))
            .where(eq(proveedorSociedades.cardCode, cardCode))
            .orderBy(asc(sociedades.bdSap)),
  };
}
export type SociedadesRepository = ReturnType<typeof createSociedadesRepository>;
export type SociedadDeProveedor = Awaited<ReturnType<SociedadesRepository["deProveedores"]>>[number];
