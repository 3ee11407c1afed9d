import { type Database, schema } from "@portal/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CompromisoNota, FacturaAcreditable } from "./repository-types";

const { facturas, notasCredito, notasCreditoFacturas, satEstadosCfdi } = schema;

/** The invoices `where` as a credit note's checks read them, locked with `lock` (only the invoices' rows). */
function acreditables(db: Database, where: ReturnType<typeof and>, lock: boolean): Promise<FacturaAcreditable[]> {
  const query = db
    .select({
      id: facturas.id,
      folio: facturas.folio,
      uuid: facturas.uuid,
      cardCode: facturas.cardCode,
      bd: facturas.bd,
      estatus: facturas.estatus,
      total: sql<string>`round(${facturas.total}, 2)::text`,
      moneda: facturas.moneda,
      erpDocEntry: facturas.erpDocEntry,
      erpDocNum: facturas.erpDocNum,
      erpPagado: sql<string>`round(${facturas.erpPagado}, 2)::text`,
      erpCancelada: facturas.erpCancelada,
      sustituyeAId: facturas.sustituyeAId,
      // Scalar subqueries, not joins: FOR UPDATE then locks the invoices' rows only. The outer columns are
      // written qualified (a bare column would name the subquery's own).
      sustitutaFolio: sql<
        string | null
      >`(select s.folio from ${facturas} s where s.id = ${facturas}.sustituida_por_id)`,
      sustitutaUuid: sql<string | null>`(select s.uuid from ${facturas} s where s.id = ${facturas}.sustituida_por_id)`,
      canceladaSat: sql<boolean>`exists (select 1 from ${satEstadosCfdi} e
        where e.tipo = 'factura' and e.documento_id = ${facturas}.id and e.estado = 'Cancelado')`,
      sustituidaPorId: facturas.sustituidaPorId,
    })
    .from(facturas)
    .where(where)
    .orderBy(asc(facturas.id));
  return (lock ? query.for("update") : query).then((rows) =>
    rows.map(({ sustitutaFolio, sustitutaUuid, sustituidaPorId, ...f }) => ({
      ...f,
      sustituidaPor:
        sustituidaPorId === null
          ? null
          : { folio: sustitutaFolio ?? String(sustituidaPorId), uuid: sustitutaUuid ?? "" },
    })),
  );
}

/**
 * What the registration and the review check a credit note against (issue 36): the invoices it credits, the notes
 * counted against them, what each note takes; and the accepted ones the expected complement counts.
 */
export function notaCreditoBalanceQueries(db: Database) {
  return {
    /**
     * The supplier's invoices with these UUIDs. Inside the registration's transaction (`lock`) they are locked, so
     * two credit notes registered at once against one invoice (or registered while another is accepted) are checked
     * one after the other.
     */
    facturasPorUuid: async (cardCode: string, uuids: readonly string[], lock = false): Promise<FacturaAcreditable[]> =>
      uuids.length === 0
        ? []
        : acreditables(db, and(eq(facturas.cardCode, cardCode), inArray(facturas.uuid, [...uuids])), lock),
    /** These invoices (the review's), locked inside its transaction (`lock`) like the registration's. */
    facturasPorId: async (ids: readonly number[], lock = false): Promise<FacturaAcreditable[]> =>
      ids.length === 0 ? [] : acreditables(db, inArray(facturas.id, [...ids]), lock),
    /**
     * The credit notes Pendiente and Aceptada against these invoices, one row per note and invoice (decision 034: a
     * pending one reserves its amount; issue 36: an accepted one counts until the ERP applied its memo).
     */
    compromisos: async (facturaIds: readonly number[]): Promise<CompromisoNota[]> => {
      if (facturaIds.length === 0) return [];
      const rows = await db
        .select({
          notaCreditoId: notasCreditoFacturas.notaCreditoId,
          facturaId: notasCreditoFacturas.facturaId,
          estatus: notasCredito.estatus,
          importe: sql<string>`round(${notasCreditoFacturas.importe}, 2)::text`,
          erpDocEntry: notasCredito.erpDocEntry,
          fecha: notasCredito.fechaCfdi,
        })
        .from(notasCreditoFacturas)
        .innerJoin(notasCredito, eq(notasCredito.id, notasCreditoFacturas.notaCreditoId))
        .where(and(inArray(notasCreditoFacturas.facturaId, [...facturaIds]), inArray(notasCredito.estatus, ["P", "A"])))
        .orderBy(asc(notasCreditoFacturas.notaCreditoId), asc(notasCreditoFacturas.facturaId));
      return rows.map((r) => ({ ...r, estatus: r.estatus as "P" | "A" }));
    },
    /** What each of these credit notes takes off each of its invoices (the review's check). */
    importesDe: async (notaCreditoIds: readonly number[]) =>
      notaCreditoIds.length === 0
        ? []
        : db
            .select({
              notaCreditoId: notasCreditoFacturas.notaCreditoId,
              facturaId: notasCreditoFacturas.facturaId,
              importe: sql<string>`round(${notasCreditoFacturas.importe}, 2)::text`,
            })
            .from(notasCreditoFacturas)
            .where(inArray(notasCreditoFacturas.notaCreditoId, [...notaCreditoIds]))
            .orderBy(asc(notasCreditoFacturas.notaCreditoId), asc(notasCreditoFacturas.facturaId)),
    /**
     * The accepted credit notes against the invoices with these UUIDs, one row per note and invoice: the expected
     * complement counts those whose memo the ERP applied (issue 36).
     */
    aceptadasPorUuid: async (uuids: readonly string[]) =>
      uuids.length === 0
        ? []
        : db
            .select({
              notaCreditoId: notasCredito.id,
              bd: notasCredito.bd,
              uuid: facturas.uuid,
              importe: sql<string>`round(${notasCreditoFacturas.importe}, 2)::text`,
              erpDocEntry: notasCredito.erpDocEntry,
              fecha: notasCredito.fechaCfdi,
            })
            .from(notasCreditoFacturas)
            .innerJoin(notasCredito, eq(notasCredito.id, notasCreditoFacturas.notaCreditoId))
            .innerJoin(facturas, eq(facturas.id, notasCreditoFacturas.facturaId))
            .where(and(inArray(facturas.uuid, [...uuids]), eq(notasCredito.estatus, "A")))
            .orderBy(asc(notasCredito.id)),
    /**
     * Issue 39 (decision 058): the accepted credit notes on one invoice, with what each takes off it, its folio, UUID,
     * currency and CFDI date — the credit notes of the invoice's ledger in its detail.
     */
    aceptadasDeFactura: (facturaId: number) =>
      db
        .select({
          notaCreditoId: notasCredito.id,
          folio: notasCredito.folio,
          uuid: notasCredito.uuid,
          moneda: notasCredito.moneda,
          fecha: notasCredito.fechaCfdi,
          importe: sql<string>`round(${notasCreditoFacturas.importe}, 2)::text`,
        })
        .from(notasCreditoFacturas)
        .innerJoin(notasCredito, eq(notasCredito.id, notasCreditoFacturas.notaCreditoId))
        .where(and(eq(notasCreditoFacturas.facturaId, facturaId), eq(notasCredito.estatus, "A")))
        .orderBy(asc(notasCredito.fechaCfdi), asc(notasCredito.id)),
  };
}
