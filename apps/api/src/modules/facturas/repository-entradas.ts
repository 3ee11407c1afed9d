import { type Database, type EntradaRef, mismaEntrada, schema } from "@portal/db";
import { and, eq, inArray, or, sql } from "drizzle-orm";

const { facturaEntradas, facturas } = schema;

/** The receipts each invoice bills and holds (issues 27 and 37; repository.ts composes them). */
export function facturaEntradasQueries(db: Database) {
  return {
    /**
     * Which of these receipts of `bd` already have an invoice Pendiente or Aceptada. Issue 37 (decision 051): by
     * DocEntry; a held row without one (of before migration 0026) holds every receipt of its number.
     */
    entradasConFacturaActiva: async (bd: string, refs: readonly EntradaRef[]): Promise<EntradaRef[]> => {
      if (refs.length === 0) return [];
      const entries = refs.flatMap((r) => (r.docEntry === null ? [] : [r.docEntry]));
      const held = await db
        .select({ docNum: facturaEntradas.entradaDocNum, docEntry: facturaEntradas.entradaDocEntry })
        .from(facturaEntradas)
        .where(
          and(
            eq(facturaEntradas.bd, bd),
            eq(facturaEntradas.activa, true),
            or(
              entries.length > 0 ? inArray(facturaEntradas.entradaDocEntry, entries) : undefined,
              inArray(
                facturaEntradas.entradaDocNum,
                refs.map((r) => r.docNum),
              ),
            ),
          ),
        );
      return refs.filter((r) => held.some((h) => mismaEntrada(h, r)));
    },
    /**
     * Issue 27: the invoice's other receipts (its own got its row when it was inserted, trigger of migrations 0017
     * and 0026). A receipt another invoice holds Pendiente or Aceptada fails on factura_entradas_activa_key.
     */
    addEntradas: async (facturaId: number, bd: string, refs: readonly EntradaRef[]) => {
      if (refs.length === 0) return;
      await db
        .insert(facturaEntradas)
        .values(refs.map((r) => ({ facturaId, bd, entradaDocNum: r.docNum, entradaDocEntry: r.docEntry })));
    },
    /**
     * Issue 27: the receipts of invoice `facturaId` that another invoice holds Pendiente or Aceptada (what a
     * decision bringing it back to P or A would take from that one), their numbers ascending. Issue 37: the same
     * receipt is the same DocEntry (by number only where a row has none, before migration 0026).
     */
    entradasTomadas: async (facturaId: number): Promise<number[]> => {
      const result = (await db.execute(sql`
        select distinct mia.entrada_doc_num as doc_num
        from ${facturaEntradas} mia
        join ${facturaEntradas} otra on otra.bd = mia.bd
          and case when mia.entrada_doc_entry is not null and otra.entrada_doc_entry is not null
            then otra.entrada_doc_entry = mia.entrada_doc_entry else otra.entrada_doc_num = mia.entrada_doc_num end
          and otra.factura_id <> mia.factura_id and otra.activa
          -- Issue 42 (decision 074): partial invoices share a receipt by quantity (the counters' check decides).
          and not (mia.parcial and otra.parcial)
        where mia.factura_id = ${facturaId}
        order by 1`)) as unknown as { rows: { doc_num: number }[] };
      return result.rows.map((r) => Number(r.doc_num));
    },
    /** Every receipt of these invoices (issue 27), by number then DocEntry (issue 37), by invoice id. */
    entradasDe: async (facturaIds: readonly number[]): Promise<Map<number, EntradaRef[]>> => {
      const map = new Map<number, EntradaRef[]>();
      if (facturaIds.length === 0) return map;
      const rows = await db
        .select({
          facturaId: facturaEntradas.facturaId,
          docNum: facturaEntradas.entradaDocNum,
          docEntry: facturaEntradas.entradaDocEntry,
        })
        .from(facturaEntradas)
        .where(inArray(facturaEntradas.facturaId, [...facturaIds]))
        .orderBy(facturaEntradas.facturaId, facturaEntradas.entradaDocNum, facturaEntradas.entradaDocEntry);
      for (const r of rows) {
        map.set(r.facturaId, [...(map.get(r.facturaId) ?? []), { docNum: r.docNum, docEntry: r.docEntry }]);
      }
      return map;
    },
  };
}

/** A replacement CFDI's takeover of an accepted invoice (issue 27, decision 036; repository.ts composes it). */
export function facturaReplacementQueries(db: Database) {
  return {
    /**
     * Issue 27 (decision 036): the accepted invoices of this supplier and sociedad, not replaced yet, whose UUID is
     * one of `uuids` (what a CFDI names with TipoRelacion 04), with their receipts.
     */
    sustituibles: async (cardCode: string, sociedadId: number, uuids: readonly string[]) => {
      if (uuids.length === 0) return [];
      const rows = await db
        .select({
          id: facturas.id,
          folio: facturas.folio,
          uuid: facturas.uuid,
          total: facturas.total,
          moneda: facturas.moneda,
          entradaDocNum: facturas.entradaDocNum,
          pedido: facturas.pedido,
        })
        .from(facturas)
        .where(
          and(
            eq(facturas.cardCode, cardCode),
            eq(facturas.sociedadId, sociedadId),
            eq(facturas.estatus, "A"),
            sql`${facturas.sustituidaPorId} is null`,
            inArray(facturas.uuid, [...uuids]),
          ),
        )
        .orderBy(facturas.id);
      const entradas = await db
        .select({
          facturaId: facturaEntradas.facturaId,
          docNum: facturaEntradas.entradaDocNum,
          docEntry: facturaEntradas.entradaDocEntry,
        })
        .from(facturaEntradas)
        .where(
          inArray(
            facturaEntradas.facturaId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(facturaEntradas.entradaDocNum, facturaEntradas.entradaDocEntry);
      return rows.map((r) => ({
        ...r,
        entradas: entradas
          .filter((e) => e.facturaId === r.id)
          .map((e): EntradaRef => ({ docNum: e.docNum, docEntry: e.docEntry })),
      }));
    },
    /**
     * Issue 27 (decision 036): accepted invoice `id` is taken over by its accepted replacement `sustitutaId` (in the
     * acceptance's transaction, before the replacement's status changes): its receipts stop counting as held and it
     * no longer expects a payment. Conditional, so of two replacements accepted at once one wins; true if marked.
     */
    markReplaced: async (id: number, sustitutaId: number): Promise<boolean> =>
      (
        await db
          .update(facturas)
          .set({ sustituidaPorId: sustitutaId, fechaProbablePago: null })
          .where(
            and(
              eq(facturas.id, id),
              eq(facturas.estatus, "A"),
              sql`(${facturas.sustituidaPorId} is null or ${facturas.sustituidaPorId} = ${sustitutaId})`,
            ),
          )
          .returning({ id: facturas.id })
      ).length > 0,
  };
}
