import { type Database, schema } from "@portal/db";
import { and, asc, count, desc, eq, gte, inArray, ne, or, sql } from "drizzle-orm";
import type { NotaCreditoListada } from "./repository-types";

/** The A/P credit memo of an accepted credit note (issue 27, decision 034): its ERP job (erp-job.ts) names the
 * credit note, not an invoice. Here, where the list reads the job's state, so erp-job.ts imports it. */
export const TIPO_CREAR_NOTA_CREDITO = "crear_nota_credito";

const { erpTrabajos, facturas, notasCredito, notasCreditoFacturas, proveedores, sociedades } = schema;

/** Rows of `where`, newest first, with names and credited invoices (bounded lists: plain arrays). */
async function listed(db: Database, where: ReturnType<typeof and>): Promise<NotaCreditoListada[]> {
  const rows = await db
    .select({
      nota: notasCredito,
      nomSociedad: sociedades.nombre,
      cardName: proveedores.cardName,
      trabajoEstado: erpTrabajos.estado,
      trabajoError: erpTrabajos.ultimoError,
      esperaFolio: sql<string | null>`(select f.folio from ${notasCreditoFacturas} ncf
        join ${facturas} f on f.id = ncf.factura_id
        where ncf.nota_credito_id = ${notasCredito.id} and f.erp_doc_entry is null order by f.id limit 1)`,
    })
    .from(notasCredito)
    .innerJoin(sociedades, eq(sociedades.id, notasCredito.sociedadId))
    .innerJoin(proveedores, eq(proveedores.cardCode, notasCredito.cardCode))
    .leftJoin(
      erpTrabajos,
      and(eq(erpTrabajos.notaCreditoId, notasCredito.id), eq(erpTrabajos.tipo, TIPO_CREAR_NOTA_CREDITO)),
    )
    .where(where)
    .orderBy(desc(notasCredito.createdAt), desc(notasCredito.id));
  const ids = rows.map((r) => r.nota.id);
  const relaciones =
    ids.length === 0
      ? []
      : await db
          .select({
            notaCreditoId: notasCreditoFacturas.notaCreditoId,
            facturaId: notasCreditoFacturas.facturaId,
            folio: facturas.folio,
            uuid: facturas.uuid,
            importe: sql<string>`round(${notasCreditoFacturas.importe}, 2)::text`,
          })
          .from(notasCreditoFacturas)
          .innerJoin(facturas, eq(facturas.id, notasCreditoFacturas.facturaId))
          .where(inArray(notasCreditoFacturas.notaCreditoId, ids))
          .orderBy(asc(notasCreditoFacturas.notaCreditoId), asc(facturas.id));
  return rows.map((r) => ({
    ...r.nota,
    nomSociedad: r.nomSociedad,
    cardName: r.cardName,
    trabajoEstado: r.trabajoEstado,
    trabajoError: r.trabajoError ?? "",
    esperaFolio: r.esperaFolio,
    facturas: relaciones
      .filter((x) => x.notaCreditoId === r.nota.id)
      .map(({ facturaId, folio, uuid, importe }) => ({ facturaId, folio, uuid, importe })),
  }));
}

/** Awaiting a decision, decided (R) or accepted since `desde`: the review list. */
const enRevision = (desde: Date) =>
  or(ne(notasCredito.estatus, "A"), and(eq(notasCredito.estatus, "A"), gte(notasCredito.updatedAt, desde)));

/** The lists and their tiles: the supplier's (getNotasCredito) and the review's. */
export function notaCreditoListQueries(db: Database) {
  return {
    /** getNotasCredito: the supplier's own (cardCode), or every one (null); only those crediting `facturaId` if given. */
    list: (cardCode: string | null, facturaId?: number) =>
      listed(
        db,
        and(
          cardCode === null ? undefined : eq(notasCredito.cardCode, cardCode),
          facturaId === undefined
            ? undefined
            : sql`exists (select 1 from ${notasCreditoFacturas} ncf
                where ncf.nota_credito_id = ${notasCredito.id} and ncf.factura_id = ${facturaId})`,
        ),
      ),
    count: async (cardCode: string | null) =>
      (
        await db
          .select({ n: count() })
          .from(notasCredito)
          .where(cardCode === null ? undefined : eq(notasCredito.cardCode, cardCode))
      )[0]?.n ?? 0,
    pendientes: (desde: Date) => listed(db, enRevision(desde)),
    /** getNotaCredito (issue 40): one credit note as the lists have it, or undefined. */
    listada: async (id: number): Promise<NotaCreditoListada | undefined> =>
      (await listed(db, eq(notasCredito.id, id)))[0],
    /** The review tile: credit notes awaiting a decision. */
    countPendientes: async () =>
      (await db.select({ n: count() }).from(notasCredito).where(eq(notasCredito.estatus, "P")))[0]?.n ?? 0,
  };
}
