import { type Database, schema } from "@portal/db";
import { asc, eq, sql } from "drizzle-orm";
import { historialDe } from "../auditoria/repository";
import { documentQueries } from "../revision/document-queries";
import { notaCreditoBalanceQueries } from "./repository-balances";
import { notaCreditoListQueries } from "./repository-lists";
import type { NotaCreditoRecord, NuevaNotaCredito } from "./repository-types";

export { TIPO_CREAR_NOTA_CREDITO } from "./repository-lists";
export type {
  CompromisoNota,
  FacturaAcreditable,
  NotaCreditoListada,
  NotaCreditoRecord,
  NuevaNotaCredito,
} from "./repository-types";

const { facturas, notasCredito, notasCreditoFacturas } = schema;

/**
 * Credit notes (issue 27, decision 034): the supplier's and the review's lists, the amounts owed by invoice.
 * One file per concern (issue 38 step 3): repository-lists.ts (the lists and their tiles), repository-balances.ts
 * (the invoices and amounts a credit note is checked against), repository-types.ts (the rows' types); this adds
 * the documents, the decision, the insert and the ERP job's reads and spreads them into one object.
 */
export function createNotasCreditoRepository(db: Database) {
  const documentos = documentQueries(db, notasCredito, ["pdf", "xml"]);
  return {
    ...notaCreditoListQueries(db),
    ...notaCreditoBalanceQueries(db),
    findByIds: documentos.findByIds,
    uuidTaken: documentos.uuidTaken,
    archivoNombre: documentos.archivoNombre,
    findById: async (id: number): Promise<NotaCreditoRecord | undefined> =>
      (await db.select().from(notasCredito).where(eq(notasCredito.id, id)))[0],
    decide: (id: number, version: number, values: { estatus: string; comentarios: string; updatedAt: Date }) =>
      documentos.updateAtVersion(id, version, values),
    insert: async (
      nota: NuevaNotaCredito,
      relaciones: readonly { facturaId: number; importe: string }[],
    ): Promise<number> => {
      const [row] = await db.insert(notasCredito).values(nota).returning({ id: notasCredito.id });
      const id = (row as { id: number }).id;
      await db.insert(notasCreditoFacturas).values(relaciones.map((r) => ({ notaCreditoId: id, ...r })));
      return id;
    },
    /** The invoices a credit note credits, with their A/P invoice (for the ERP job). */
    relaciones: (notaCreditoId: number) =>
      db
        .select({
          facturaId: facturas.id,
          folio: facturas.folio,
          estatus: facturas.estatus,
          erpDocEntry: facturas.erpDocEntry,
          importe: sql<string>`round(${notasCreditoFacturas.importe}, 2)::text`,
        })
        .from(notasCreditoFacturas)
        .innerJoin(facturas, eq(facturas.id, notasCreditoFacturas.facturaId))
        .where(eq(notasCreditoFacturas.notaCreditoId, notaCreditoId))
        .orderBy(asc(facturas.id)),
    /** Issue 40: the credit note's audit entries (registration, decisions), oldest first. */
    historial: (id: number) => historialDe(db, "nota_credito", id),
    recordErp: async (id: number, docEntry: number, docNum: number) => {
      await db.update(notasCredito).set({ erpDocEntry: docEntry, erpDocNum: docNum }).where(eq(notasCredito.id, id));
    },
  };
}
export type NotasCreditoRepository = ReturnType<typeof createNotasCreditoRepository>;
