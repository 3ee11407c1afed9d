import { ESTATUS_POR_REVISAR_PAGO } from "@portal/contracts";
import { type Database, schema } from "@portal/db";
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { historialDe } from "../auditoria/repository";
import { documentQueries } from "../revision/document-queries";

const { complementosPago, facturas, proveedores, satEstadosCfdi, sociedades } = schema;

export type ComplementoRecord = typeof complementosPago.$inferSelect;
export type NuevoComplemento = typeof complementosPago.$inferInsert;

/** Payment documents (issue 14): the portal's record of each ERP payment's complement and proof. */
export function createPagosRepository(db: Database) {
  const documentos = documentQueries(db, complementosPago, ["pdf", "xml", "comprobante"]);
  return {
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
    /** Sociedades by company database, with what a payment row and the complement checks need. */
    sociedadesPorBd: async (bds: readonly string[]) =>
      bds.length === 0
        ? []
        : db
            .select({
              id: sociedades.id,
              bd: sociedades.bdSap,
              nombre: sociedades.nombre,
              rfc: sociedades.rfc,
              cp: sociedades.cp,
              regimen: sociedades.regimen,
            })
            .from(sociedades)
            .where(inArray(sociedades.bdSap, [...bds])),
    proveedoresPorCardCode: async (cardCodes: readonly string[]) =>
      cardCodes.length === 0
        ? []
        : db
            .select({
              cardCode: proveedores.cardCode,
              cardName: proveedores.cardName,
              rfc: proveedores.rfc,
              email: proveedores.email,
            })
            .from(proveedores)
            .where(inArray(proveedores.cardCode, [...cardCodes])),
    /** The portal invoices with these UUIDs (payment method, serie-folio): the complement rules and deadline. */
    facturasPorUuid: async (uuids: readonly string[]) =>
      uuids.length === 0
        ? []
        : db
            .select({
              uuid: facturas.uuid,
              folio: facturas.folio,
              metodoPago: facturas.metodoPago,
              subtotal: facturas.subtotal,
              descuento: facturas.descuento,
              retenciones: facturas.retenciones,
              total: facturas.total,
            })
            .from(facturas)
            .where(inArray(facturas.uuid, [...uuids])),
    /**
     * What a payment list shows besides the ERP: the scope's complement records (count, newest, sum of versions),
     * the portal's invoices (their payment method decides which payments owe a complement) and the names of
     * sociedades and suppliers.
     */
    fingerprint: async (cardCode: string | null): Promise<string> => {
      const result = (await db.execute(sql`
        select concat_ws(':',
          (select concat_ws('-', count(*), max(id), sum(version)) from ${complementosPago}
            ${cardCode === null ? sql`` : sql`where card_code = ${cardCode}`}),
          (select concat_ws('-', count(*), max(id), sum(version)) from ${facturas}
            ${cardCode === null ? sql`` : sql`where card_code = ${cardCode}`}),
          (select max(updated_at) from ${sociedades}), (select max(updated_at) from ${proveedores}),
          (select concat_ws('-', count(*), sum(version)) from ${satEstadosCfdi} where tipo = 'pago')) as h`)) as unknown as {
        rows: { h: string }[];
      };
      return result.rows[0]?.h ?? "";
    },
    /** Payment method of the portal's invoices (of one supplier, or all) by UUID: which payments owe a complement. */
    metodosDePago: async (cardCode: string | null) =>
      new Map(
        (
          await db
            .select({ uuid: facturas.uuid, metodoPago: facturas.metodoPago })
            .from(facturas)
            .where(cardCode === null ? undefined : eq(facturas.cardCode, cardCode))
        ).map((f) => [f.uuid.toUpperCase(), f.metodoPago]),
      ),
    /** One complement record's history (audit entries) with who made each change, oldest first (issue 23). */
    historial: (id: number) => historialDe(db, "pago", id),
    /** The payment file `archivoId` belongs to, with its name (employees: any; a supplier only its own). */
    archivoNombre: documentos.archivoNombre,
  };
}
export type PagosRepository = ReturnType<typeof createPagosRepository>;
