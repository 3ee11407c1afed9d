import { ESTATUS_POR_REVISAR_PAGO } from "@portal/contracts";
import { type Database, schema } from "@portal/db";
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { historialDe } from "../auditoria/repository";
import { documentQueries } from "../revision/document-queries";
import { pagoLookups } from "./repository-lookups";

const { complementosPago } = schema;

export type ComplementoRecord = typeof complementosPago.$inferSelect;
export type NuevoComplemento = typeof complementosPago.$inferInsert;

/**
 * Payment documents (issue 14): the portal's record of each ERP payment's complement and proof; with the portal's
 * rows a payment is joined with (repository-lookups.ts).
 */
export function createPagosRepository(db: Database) {
  const documentos = documentQueries(db, complementosPago, ["pdf", "xml", "comprobante"]);
  return {
    ...pagoLookups(db),
    /** The records of a supplier's payments (cardCode), or of every payment (null). */
    deAlcance: (cardCode: string | null) =>
      db
        .select()
        .from(complementosPago)
        .where(cardCode === null ? undefined : eq(complementosPago.cardCode, cardCode)),
    findById: async (id: number) => (await db.select().from(complementosPago).where(eq(complementosPago.id, id)))[0],
    findByIds: documentos.findByIds,
    findByPago: async (bd: string, pagoDocEntry: number) =>
      (
        await db
          .select()
          .from(complementosPago)
          .where(and(eq(complementosPago.bd, bd), eq(complementosPago.pagoDocEntry, pagoDocEntry)))
      )[0],
    uuidTaken: documentos.uuidTaken,
    insert: async (values: NuevoComplemento) =>
      (await db.insert(complementosPago).values(values).returning({ id: complementosPago.id }))[0]!.id,
    /**
     * A new complement or proof on an existing record, only if the record is still at the version this call read
     * (issue 22): a reviewer's decision in between moves the version (trigger, migration 0008) and this writes
     * nothing. False then.
     */
    modify: (id: number, version: number, values: Partial<NuevoComplemento>) =>
      documentos.updateAtVersion(id, version, values),
    /** A reviewer's decision, only if the record is still at the version the reviewer saw; false otherwise. */
    decide: (id: number, version: number, values: { estatus: string; comentarios: string; updatedAt: Date }) =>
      documentos.updateAtVersion(id, version, values),
    /** The review list: complements Pendiente, Rechazada or in Validación, and those accepted since `desde`. */
    pendientes: (desde: Date) =>
      db
        .select()
        .from(complementosPago)
        .where(
          and(
            isNotNull(complementosPago.uuid),
            or(
              inArray(complementosPago.estatus, [...ESTATUS_POR_REVISAR_PAGO, "R"]),
              and(eq(complementosPago.estatus, "A"), sql`${complementosPago.updatedAt} >= ${desde}`),
            ),
          ),
        ),
    /**
     * Complements awaiting a decision (Pendiente or in Validación): the 'Pagos pendientes' tile counts those whose
     * payment the review list shows (service).
     */
    porDecidir: () =>
      db
        .select()
        .from(complementosPago)
        .where(and(isNotNull(complementosPago.uuid), inArray(complementosPago.estatus, [...ESTATUS_POR_REVISAR_PAGO]))),
    /** One complement record's history (audit entries) with who made each change, oldest first (issue 23). */
    historial: (id: number) => historialDe(db, "pago", id),
    /** The payment file `archivoId` belongs to, with its name (employees: any; a supplier only its own). */
    archivoNombre: documentos.archivoNombre,
  };
}
export type PagosRepository = ReturnType<typeof createPagosRepository>;
