import { type Database, schema } from "@portal/db";
import { and, asc, count, desc, eq, gte, inArray, ne, or, sql } from "drizzle-orm";
import { documentQueries } from "../revision/document-queries";

/** The A/P credit memo of an accepted credit note (issue 27, decision 034): its ERP job (erp-job.ts) names the
 * credit note, not an invoice. Here, where the list reads the job's state, so erp-job.ts imports it. */
export const TIPO_CREAR_NOTA_CREDITO = "crear_nota_credito";

const { erpTrabajos, facturas, notasCredito, notasCreditoFacturas, proveedores, sociedades, satEstadosCfdi } = schema;

export type NotaCreditoRecord = typeof notasCredito.$inferSelect;
export type NuevaNotaCredito = typeof notasCredito.$inferInsert;

/** An invoice a credit note may credit, as the registration and the review check it. */
export interface FacturaAcreditable {
  id: number;
  folio: string;
  uuid: string;
  cardCode: string;
  bd: string;
  estatus: string;
  total: string;
  moneda: string;
  /** Its A/P invoice as the portal recorded it (null while the creation job is pending). */
  erpDocEntry: number | null;
  erpDocNum: number | null;
  /** The ERP's payment and cancellation as last read (the lists' sync): what stands in when the ERP is unreachable. */
  erpPagado: string;
  erpCancelada: boolean;
  /** Decision 036: the invoice it takes over (its A/P invoice carries that one's portal id until the takeover job). */
  sustituyeAId: number | null;
  /** Decision 036: the accepted replacement that took its A/P invoice, or null. */
  sustituidaPor: { folio: string; uuid: string } | null;
  /** The SAT's last answer for its CFDI is Cancelado. */
  canceladaSat: boolean;
}

/** A credit note Pendiente or Aceptada counted against one invoice (issue 36's balance). */
export interface CompromisoNota {
  notaCreditoId: number;
  facturaId: number;
  estatus: "P" | "A";
  /** What it takes (or, pending, may take) off that invoice. */
  importe: string;
  /** Its A/P credit memo as the portal recorded it; null while the memo job is pending (or failed). */
  erpDocEntry: number | null;
}

/** A list row before numbering: the credit note, its names and the invoices it credits. */
export interface NotaCreditoListada extends NotaCreditoRecord {
  nomSociedad: string;
  cardName: string;
  facturas: { facturaId: number; folio: string; uuid: string; importe: string }[];
  /** Issue 36: its A/P credit memo job (null when it has none) and the last error on it. */
  trabajoEstado: string | null;
  trabajoError: string;
  /** The folio of the first invoice it credits that has no A/P invoice yet (its job waits for it), else null. */
  esperaFolio: string | null;
}

/** Credit notes (issue 27, decision 034): the supplier's and the review's lists, the amounts owed by invoice. */
export function createNotasCreditoRepository(db: Database) {
  const documentos = documentQueries(db, notasCredito, ["pdf", "xml"]);

  /** Rows of `where`, newest first, with names and credited invoices (bounded lists: plain arrays). */
  async function listed(where: ReturnType<typeof and>): Promise<NotaCreditoListada[]> {
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

  /** The invoices `where` as a credit note's checks read them, locked with `lock` (only the invoices' rows). */
  function acreditables(where: ReturnType<typeof and>, lock: boolean): Promise<FacturaAcreditable[]> {
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
        sustitutaUuid: sql<
          string | null
        >`(select s.uuid from ${facturas} s where s.id = ${facturas}.sustituida_por_id)`,
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

  /** Awaiting a decision, decided (R) or accepted since `desde`: the review list. */
  const enRevision = (desde: Date) =>
    or(ne(notasCredito.estatus, "A"), and(eq(notasCredito.estatus, "A"), gte(notasCredito.updatedAt, desde)));

  return {
    findByIds: documentos.findByIds,
    uuidTaken: documentos.uuidTaken,
    archivoNombre: documentos.archivoNombre,
    findById: async (id: number): Promise<NotaCreditoRecord | undefined> =>
      (await db.select().from(notasCredito).where(eq(notasCredito.id, id)))[0],
    /** getNotasCredito: the supplier's own (cardCode), or every one (null). */
    list: (cardCode: string | null) => listed(cardCode === null ? undefined : eq(notasCredito.cardCode, cardCode)),
    count: async (cardCode: string | null) =>
      (
        await db
          .select({ n: count() })
          .from(notasCredito)
          .where(cardCode === null ? undefined : eq(notasCredito.cardCode, cardCode))
      )[0]?.n ?? 0,
    pendientes: (desde: Date) => listed(enRevision(desde)),
    /** The review tile: credit notes awaiting a decision. */
    countPendientes: async () =>
      (await db.select({ n: count() }).from(notasCredito).where(eq(notasCredito.estatus, "P")))[0]?.n ?? 0,
    decide: (id: number, version: number, values: { estatus: string; comentarios: string; updatedAt: Date }) =>
      documentos.updateAtVersion(id, version, values),
    /**
     * The supplier's invoices with these UUIDs. Inside the registration's transaction (`lock`) they are locked, so
     * two credit notes registered at once against one invoice (or registered while another is accepted) are checked
     * one after the other.
     */
    facturasPorUuid: async (cardCode: string, uuids: readonly string[], lock = false): Promise<FacturaAcreditable[]> =>
      uuids.length === 0
        ? []
        : acreditables(and(eq(facturas.cardCode, cardCode), inArray(facturas.uuid, [...uuids])), lock),
    /** These invoices (the review's), locked inside its transaction (`lock`) like the registration's. */
    facturasPorId: async (ids: readonly number[], lock = false): Promise<FacturaAcreditable[]> =>
      ids.length === 0 ? [] : acreditables(inArray(facturas.id, [...ids]), lock),
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
            })
            .from(notasCreditoFacturas)
            .innerJoin(notasCredito, eq(notasCredito.id, notasCreditoFacturas.notaCreditoId))
            .innerJoin(facturas, eq(facturas.id, notasCreditoFacturas.facturaId))
            .where(and(inArray(facturas.uuid, [...uuids]), eq(notasCredito.estatus, "A")))
            .orderBy(asc(notasCredito.id)),
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
    recordErp: async (id: number, docEntry: number, docNum: number) => {
      await db.update(notasCredito).set({ erpDocEntry: docEntry, erpDocNum: docNum }).where(eq(notasCredito.id, id));
    },
  };
}
export type NotasCreditoRepository = ReturnType<typeof createNotasCreditoRepository>;
