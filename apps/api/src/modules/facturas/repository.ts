import { type Database, schema } from "@portal/db";
import { and, count, desc, eq, inArray, ne, or, type SQL } from "drizzle-orm";

const { facturas, sociedades, proveedores, proveedorSociedades } = schema;

export type FacturaRecord = typeof facturas.$inferSelect;
export type NuevaFactura = typeof facturas.$inferInsert;

/** Invoices (issue 12): the rows of /MisFacturas, the two rules the database enforces, the file owners. */
export function createFacturasRepository(db: Database) {
  const listSelect = () =>
    db
      .select({
        factura: facturas,
        nomSociedad: sociedades.nombre,
        cardName: proveedores.cardName,
        email: proveedores.email,
      })
      .from(facturas)
      .innerJoin(sociedades, eq(sociedades.id, facturas.sociedadId))
      .innerJoin(proveedores, eq(proveedores.cardCode, facturas.cardCode));
  const deProveedor = (cardCode: string | null): SQL | undefined =>
    cardCode === null ? undefined : eq(facturas.cardCode, cardCode);
  return {
    /** A supplier's invoices (cardCode), or everyone's (null); newest first, then by id for a stable order. */
    list: (cardCode: string | null) =>
      listSelect().where(deProveedor(cardCode)).orderBy(desc(facturas.createdAt), desc(facturas.id)),
    count: async (cardCode: string | null) =>
      (await db.select({ n: count() }).from(facturas).where(deProveedor(cardCode)))[0]?.n ?? 0,
    findById: async (id: number) => (await db.select().from(facturas).where(eq(facturas.id, id)))[0],
    uuidTaken: async (uuid: string, exceptId?: number) =>
      (
        await db
          .select({ id: facturas.id })
          .from(facturas)
          .where(and(eq(facturas.uuid, uuid), exceptId === undefined ? undefined : ne(facturas.id, exceptId)))
          .limit(1)
      ).length > 0,
    /** DocNums of the receipts of `bd` that already have an invoice Pendiente or Aceptada. */
    entradasConFacturaActiva: async (bd: string, exceptId?: number) =>
      (
        await db
          .select({ docNum: facturas.entradaDocNum })
          .from(facturas)
          .where(
            and(
              eq(facturas.bd, bd),
              inArray(facturas.estatus, ["P", "A"]),
              exceptId === undefined ? undefined : ne(facturas.id, exceptId),
            ),
          )
      ).map((r) => r.docNum),
    insert: async (values: NuevaFactura) =>
      (await db.insert(facturas).values(values).returning({ id: facturas.id }))[0]!.id,
    update: async (id: number, values: Partial<NuevaFactura>) => {
      await db.update(facturas).set(values).where(eq(facturas.id, id));
    },
    /** The sociedades a supplier is registered with, with what the invoice form needs. */
    sociedadesDe: (cardCode: string) =>
      db
        .select({
          id: sociedades.id,
          nombre: sociedades.nombre,
          rfc: sociedades.rfc,
          regimen: sociedades.regimen,
          cp: sociedades.cp,
          bdSap: sociedades.bdSap,
          estatus: sociedades.estatus,
        })
        .from(proveedorSociedades)
        .innerJoin(sociedades, eq(sociedades.id, proveedorSociedades.sociedadId))
        .where(eq(proveedorSociedades.cardCode, cardCode))
        .orderBy(sociedades.id),
    /**
     * The invoice file `archivoId` belongs to, with the name it was uploaded under (for downloads): any
     * invoice's for employees (cardCode null), only the supplier's own otherwise.
     */
    archivoNombre: async (archivoId: string, cardCode: string | null) => {
      const [row] = await db
        .select({
          pdfArchivoId: facturas.pdfArchivoId,
          pdfNombre: facturas.pdfNombre,
          xmlArchivoId: facturas.xmlArchivoId,
          xmlNombre: facturas.xmlNombre,
          recepcionNombre: facturas.recepcionNombre,
        })
        .from(facturas)
        .where(
          and(
            or(
              eq(facturas.pdfArchivoId, archivoId),
              eq(facturas.xmlArchivoId, archivoId),
              eq(facturas.recepcionArchivoId, archivoId),
            ),
            cardCode === null ? undefined : eq(facturas.cardCode, cardCode),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      if (row.pdfArchivoId === archivoId) return row.pdfNombre;
      if (row.xmlArchivoId === archivoId) return row.xmlNombre;
      return row.recepcionNombre;
    },
  };
}
export type FacturasRepository = ReturnType<typeof createFacturasRepository>;
