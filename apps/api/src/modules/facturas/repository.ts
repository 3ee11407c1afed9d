import { type Database, schema } from "@portal/db";
import { eq } from "drizzle-orm";
import { historialDe } from "../auditoria/repository";
import { documentQueries } from "../revision/document-queries";
import { facturaEntradasQueries, facturaReplacementQueries } from "./repository-entradas";
import { facturaErpMirror, facturaPaymentDates } from "./repository-erp";
import { facturaExtranjeraQueries } from "./repository-extranjeras";
import { facturaLineasQueries } from "./repository-lineas";
import { facturaListQueries } from "./repository-lists";

export type { EstadoErpFactura, FacturaPorPagar, PorPagarFilter } from "./repository-erp";

const { facturas, sociedades, proveedorSociedades } = schema;

export type FacturaRecord = typeof facturas.$inferSelect;
export type NuevaFactura = typeof facturas.$inferInsert;

/** Invoices (issue 12): the rows of /MisFacturas, the two rules the database enforces, the file owners. */
export function createFacturasRepository(db: Database) {
  const documentos = documentQueries(db, facturas, ["pdf", "xml", "recepcion"]);
  return {
    ...facturaListQueries(db),
    ...facturaErpMirror(db),
    ...facturaPaymentDates(db),
    ...facturaEntradasQueries(db),
    ...facturaReplacementQueries(db),
    ...facturaLineasQueries(db),
    ...facturaExtranjeraQueries(db),
    findByIds: documentos.findByIds,
    /** A reviewer's decision, only if the invoice is still at the version the reviewer saw; false otherwise. */
    decide: (id: number, version: number, values: { estatus: string; comentarios: string; updatedAt: Date }) =>
      documentos.updateAtVersion(id, version, values),
    /** One invoice's history (audit entries) with who made each change, oldest first. */
    historial: (id: number) => historialDe(db, "factura", id),

    findById: async (id: number) => (await db.select().from(facturas).where(eq(facturas.id, id)))[0],
    uuidTaken: documentos.uuidTaken,
    insert: async (values: NuevaFactura) =>
      (await db.insert(facturas).values(values).returning({ id: facturas.id }))[0]!.id,
    /**
     * A supplier's correction, only if the invoice is still at the version the supplier's call read (issue 22): a
     * reviewer's decision in between moves the version (trigger, migration 0006) and this writes nothing. False
     * then.
     */
    correct: (id: number, version: number, values: Partial<NuevaFactura>) =>
      documentos.updateAtVersion(id, version, values),
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
          retencionResico: sociedades.retencionResico,
          retencionArrendamiento: sociedades.retencionArrendamiento,
          retencionHonorarios: sociedades.retencionHonorarios,
          noRetieneIva: sociedades.noRetieneIva,
          clavesHonorarios: sociedades.clavesHonorarios,
        })
        .from(proveedorSociedades)
        .innerJoin(sociedades, eq(sociedades.id, proveedorSociedades.sociedadId))
        .where(eq(proveedorSociedades.cardCode, cardCode))
        .orderBy(sociedades.id),
    /**
     * The invoice file `archivoId` belongs to, with the name it was uploaded under (for downloads): any
     * invoice's for employees (cardCode null), only the supplier's own otherwise.
     */
    archivoNombre: documentos.archivoNombre,
  };
}
export type FacturasRepository = ReturnType<typeof createFacturasRepository>;
