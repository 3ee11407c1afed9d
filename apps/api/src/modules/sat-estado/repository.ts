import { type Database, schema } from "@portal/db";
import { and, asc, eq, inArray, lte, ne, type SQL, sql } from "drizzle-orm";
import type { EstadoSimulado } from "../../sat/simulador";

const { complementosPago, empleados, facturas, satEstadosCfdi, satSimuladorEstados } = schema;

export type TipoCfdi = "factura" | "pago";
export type EstadoCfdiRecord = typeof satEstadosCfdi.$inferSelect;
export type NuevoEstadoCfdi = typeof satEstadosCfdi.$inferInsert;

/** A record due for a re-check, with what the schedule needs of its document. */
export interface EstadoPorRevisar extends EstadoCfdiRecord {
  /** P, A, R (V for complements). */
  docEstatus: string;
  /** When the document was last changed; for an accepted one, when it was accepted (nothing edits it after). */
  docActualizado: Date;
  folio: string;
  cardCode: string;
  /** Invoices: paid in full or cancelled in the ERP (the weekly re-checks stop). */
  liquidado: boolean;
}

/** The SAT status of every CFDI (issue 15 §1) and the simulator's table. */
export function createSatEstadoRepository(db: Database) {
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
    /** Writes the status of a document's CFDI (a new upload, or a corrected one with another XML). */
    save: async (values: NuevoEstadoCfdi) => {
      const { tipo, documentoId, createdAt, ...cambios } = values;
      await db
        .insert(satEstadosCfdi)
        .values(values)
        .onConflictDoUpdate({
          target: [satEstadosCfdi.tipo, satEstadosCfdi.documentoId],
          set: { ...cambios, avisadoAt: null, version: sql`${satEstadosCfdi.version} + 1` },
        });
    },
    /** Records a re-check; `visible` bumps the version (what the lists show changed). */
    modify: async (id: number, values: Partial<NuevoEstadoCfdi>, visible: boolean) => {
      await db
        .update(satEstadosCfdi)
        .set({ ...values, ...(visible ? { version: sql`${satEstadosCfdi.version} + 1` } : {}) })
        .where(eq(satEstadosCfdi.id, id));
    },
    find: async (tipo: TipoCfdi, documentoId: number) =>
      (
        await db
          .select()
          .from(satEstadosCfdi)
          .where(and(eq(satEstadosCfdi.tipo, tipo), eq(satEstadosCfdi.documentoId, documentoId)))
      )[0],
    /** The statuses of these documents (the payment list joins them in Node). */
    deDocumentos: (tipo: TipoCfdi, ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(satEstadosCfdi)
            .where(and(eq(satEstadosCfdi.tipo, tipo), inArray(satEstadosCfdi.documentoId, [...ids]))),
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
    /** What the invoice list's fingerprint adds: every visible change of a status. */
    fingerprint: async () => {
      const result = (await db.execute(
        sql`select concat_ws('-', count(*), sum(version)) as h from ${satEstadosCfdi}`,
      )) as unknown as { rows: { h: string }[] };
      return result.rows[0]?.h ?? "";
    },
    /** Active employees who review pending documents (ViDocPen Y) and have an address. */
    revisores: () =>
      db
        .select({ nombre: empleados.nombre, email: empleados.email })
        .from(empleados)
        .where(and(eq(empleados.viDocPen, "Y"), eq(empleados.estatus, "A"), ne(empleados.email, "")))
        .orderBy(asc(empleados.id)),
    /** Sets the invoice or complement Rechazada by the SAT rule (only while it is still Pendiente). */
    rejectDocumento: async (tipo: TipoCfdi, id: number, comentario: string, now: Date) => {
      const tabla = tipo === "factura" ? facturas : complementosPago;
      const hecho = await db
        .update(tabla)
        .set({ estatus: "R", comentarios: comentario, updatedAt: now })
        .where(and(eq(tabla.id, id), eq(tabla.estatus, "P")))
        .returning({ id: tabla.id });
      return hecho.length === 1;
    },

    // ── The simulator's table (demo, tests) ─────────────────────────────────────────
    estadoSimulado: async (uuid: string): Promise<EstadoSimulado | undefined> =>
      (await db.select().from(satSimuladorEstados).where(eq(satSimuladorEstados.uuid, uuid)))[0],
    simulate: async (uuid: string, values: Partial<typeof satSimuladorEstados.$inferInsert>) => {
      await db
        .insert(satSimuladorEstados)
        .values({ uuid: uuid.toUpperCase(), ...values })
        .onConflictDoUpdate({ target: satSimuladorEstados.uuid, set: values });
    },
  };
}
export type SatEstadoRepository = ReturnType<typeof createSatEstadoRepository>;
