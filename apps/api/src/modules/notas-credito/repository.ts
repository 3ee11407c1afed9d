import { type Database, schema } from "@portal/db";
import { and, asc, count, desc, eq, gte, inArray, ne, or, sql } from "drizzle-orm";
import { documentQueries } from "../revision/document-queries";

const { erpTrabajos, facturas, notasCredito, notasCreditoFacturas, proveedores, sociedades } = schema;

export type NotaCreditoRecord = typeof notasCredito.$inferSelect;
export type NuevaNotaCredito = typeof notasCredito.$inferInsert;

/** An invoice a credit note may credit, as the registration checks it. */
export interface FacturaAcreditable {
  id: number;
  folio: string;
  uuid: string;
  cardCode: string;
  bd: string;
  estatus: string;
  total: string;
  moneda: string;
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
        and(eq(erpTrabajos.notaCreditoId, notasCredito.id), eq(erpTrabajos.tipo, "crear_nota_credito")),
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
     * two credit notes registered at once against one invoice are checked one after the other.
     */
    facturasPorUuid: async (
      cardCode: string,
      uuids: readonly string[],
      lock = false,
    ): Promise<FacturaAcreditable[]> => {
      if (uuids.length === 0) return [];
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
        })
        .from(facturas)
        .where(and(eq(facturas.cardCode, cardCode), inArray(facturas.uuid, [...uuids])))
        .orderBy(asc(facturas.id));
      return lock ? query.for("update") : query;
    },
    /**
     * What credit notes already take (or, pending, may take) off each invoice: the sum over credit notes in
     * `estatus` (decision 034: Pendiente and Aceptada count against what remains; Rechazada does not).
     */
    importesPorFactura: async (
      facturaIds: readonly number[],
      estatus: readonly ("P" | "A")[],
    ): Promise<Map<number, string>> => {
      if (facturaIds.length === 0) return new Map();
      const rows = await db
        .select({
          facturaId: notasCreditoFacturas.facturaId,
          importe: sql<string>`round(sum(${notasCreditoFacturas.importe}), 2)::text`,
        })
        .from(notasCreditoFacturas)
        .innerJoin(notasCredito, eq(notasCredito.id, notasCreditoFacturas.notaCreditoId))
        .where(
          and(inArray(notasCreditoFacturas.facturaId, [...facturaIds]), inArray(notasCredito.estatus, [...estatus])),
        )
        .groupBy(notasCreditoFacturas.facturaId);
      return new Map(rows.map((r) => [r.facturaId, r.importe]));
    },
    /** Accepted credit notes' amounts by invoice UUID (the expected complement's starting balance). */
    acreditadoPorUuid: async (uuids: readonly string[]): Promise<Map<string, string>> => {
      if (uuids.length === 0) return new Map();
      const rows = await db
        .select({ uuid: facturas.uuid, importe: sql<string>`round(sum(${notasCreditoFacturas.importe}), 2)::text` })
        .from(notasCreditoFacturas)
        .innerJoin(notasCredito, eq(notasCredito.id, notasCreditoFacturas.notaCreditoId))
        .innerJoin(facturas, eq(facturas.id, notasCreditoFacturas.facturaId))
        .where(and(inArray(facturas.uuid, [...uuids]), eq(notasCredito.estatus, "A")))
        .groupBy(facturas.uuid);
      return new Map(rows.map((r) => [r.uuid, r.importe]));
    },
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
