import { type Database, schema } from "@portal/db";
import { and, asc, eq, lte, type SQL, sql } from "drizzle-orm";
import type { EstadoPorRevisar, TipoCfdi } from "./records";

const { complementosPago, facturas, satEstadosCfdi } = schema;

/** The SAT statuses the re-check jobs ask again for (issue 15 §1), with what the schedule needs of the document. */
export function satEstadoDueQueries(db: Database) {
  const e = satEstadosCfdi;
  const f = facturas;
  const c = complementosPago;
  async function conDocumento(where: SQL, limite: number): Promise<EstadoPorRevisar[]> {
    const filas = await db
      .select({
        estado: e,
        docEstatus: sql<string>`coalesce(${f.estatus}, ${c.estatus}, '')`,
        docActualizado: sql<Date | string>`coalesce(${f.updatedAt}, ${c.updatedAt})`,
        folio: sql<string>`coalesce(${f.folio}, ${c.folio}, '')`,
        cardCode: sql<string>`coalesce(${f.cardCode}, ${c.cardCode}, '')`,
        liquidado: sql<boolean>`coalesce(${f.erpCancelada} or ${f.erpPagado} >= round(${f.total}, 2), false)`,
      })
      .from(e)
      .leftJoin(f, and(eq(e.tipo, "factura"), eq(f.id, e.documentoId)))
      .leftJoin(c, and(eq(e.tipo, "pago"), eq(c.id, e.documentoId)))
      .where(where)
      .orderBy(sql`${e.siguienteConsulta} nulls first`, asc(e.id))
      .limit(limite);
    return filas.map((r) => ({
      ...r.estado,
      docEstatus: r.docEstatus,
      docActualizado: new Date(r.docActualizado ?? 0),
      folio: r.folio,
      cardCode: r.cardCode,
      liquidado: r.liquidado === true,
    }));
  }

  return {
    /**
     * Accepted invoices and complements with no status at all (accepted before the SAT checks existed, or
     * seeded): what the re-check job adopts, with the stored XML it reads the printed expression from.
     */
    acceptedWithoutEstado: async (limite: number) => {
      const result = (await db.execute(sql`
        select * from (
          select 'factura' as tipo, f.id as documento_id, f.xml_archivo_id::text as xml_archivo_id,
                 f.fecha_timbrado from ${facturas} f
          where f.estatus = 'A' and not f.erp_cancelada and not exists (
            select 1 from ${satEstadosCfdi} s where s.tipo = 'factura' and s.documento_id = f.id)
          union all
          select 'pago', c.id, c.xml_archivo_id::text, c.fecha_timbrado from ${complementosPago} c
          where c.estatus = 'A' and c.uuid is not null and c.xml_archivo_id is not null and not exists (
            select 1 from ${satEstadosCfdi} s where s.tipo = 'pago' and s.documento_id = c.id)
        ) x order by tipo, documento_id limit ${limite}`)) as unknown as {
        rows: { tipo: TipoCfdi; documento_id: number; xml_archivo_id: string; fecha_timbrado: string }[];
      };
      return result.rows;
    },
    /** Pending ones whose next query is due. */
    pendientesVencidos: (now: Date, limite: number) =>
      conDocumento(and(eq(e.pendiente, true), lte(e.siguienteConsulta, now))!, limite),
    /**
     * Accepted documents due for their scheduled re-check: not pending, not already found cancelled, not an
     * invoice already paid or cancelled in the ERP.
     */
    acceptedDue: (now: Date, limite: number) =>
      conDocumento(
        sql`not ${e.pendiente} and ${e.estado} <> 'Cancelado'
          and (${e.siguienteConsulta} is null or ${e.siguienteConsulta} <= ${now})
          and ((${e.tipo} = 'factura' and ${f.estatus} = 'A' and not ${f.erpCancelada}
                and ${f.erpPagado} < round(${f.total}, 2))
            or (${e.tipo} = 'pago' and ${c.estatus} = 'A'))`,
        limite,
      ),
  };
}
