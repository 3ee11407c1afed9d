import { type Database, schema } from "@portal/db";
import { and, eq, ne, type SQL, sql } from "drizzle-orm";

const { facturas, notasCredito, notasCreditoFacturas, sociedades } = schema;

/**
 * An accepted, unpaid invoice of Home's 'Pagos próximos' (issue 39): its expected payment date, currency, total, what
 * the ERP counts paid (and the day of its latest payment) and the accepted credit notes the ERP has not applied.
 */
export interface FilaPorPagar {
  fecha: string;
  docCur: string;
  total: string;
  pagado: string;
  fechaPago: string | null;
  notas: { fecha: string; importe: string }[];
}

/** What the ERP says about an A/P invoice the portal created (the mirror columns of `facturas`). */
export interface EstadoErpFactura {
  portalId: number;
  bd: string;
  cardCode: string;
  docEntry: number;
  docNum: number;
  paidToDate: string;
  fechaPago: string | null;
  canceled: "Y" | "N";
  /** What remains to be paid falls due on this day (issue 27: the earliest unpaid installment's), null when paid. */
  fechaVencimiento: string | null;
}

/** Which accepted invoices to recompute the expected payment date of (issue 27, fecha-probable.ts). */
export interface PorPagarFilter {
  cardCode?: string | null;
  bds?: readonly string[];
  sociedadId?: number;
  ids?: readonly number[];
}

/** What the expected payment date of an accepted invoice is computed from. */
export interface FacturaPorPagar {
  id: number;
  erpCancelada: boolean;
  erpDocEntry: number | null;
  erpFechaVencimiento: string | null;
  erpPagado: string;
  total: string;
  fechaFactura: string;
  diasCredito: number;
  fechaProbablePago: string | null;
  diasPago: number[];
}

/** The mirror of the invoices' A/P invoices in the ERP (issue 13, decision 021; repository.ts composes it). */
export function facturaErpMirror(db: Database) {
  return {
    /** The A/P invoice the ERP created for this invoice (the worker, issue 13). */
    recordErp: async (id: number, docEntry: number, docNum: number) => {
      await db.update(facturas).set({ erpDocEntry: docEntry, erpDocNum: docNum }).where(eq(facturas.id, id));
    },
    /**
     * The invoice's A/P invoice was cancelled because the invoice is not accepted (decision 021): the mirror
     * columns forget it, so the invoice shows its own status, not the ERP's 'Cancelado'. An invoice accepted by
     * then keeps them.
     */
    forgetErp: async (id: number) => {
      await db
        .update(facturas)
        .set({
          erpDocEntry: null,
          erpDocNum: null,
          erpPagado: "0",
          erpFechaPago: null,
          erpCancelada: false,
          erpFechaVencimiento: null,
          fechaProbablePago: null,
        })
        .where(and(eq(facturas.id, id), ne(facturas.estatus, "A")));
    },
    /**
     * Brings the mirror columns up to what the ERP says now, writing only the invoices that changed (so an
     * unchanged ERP leaves versions, and the cached list answers, alone). An A/P invoice counts only for the
     * portal invoice of the same supplier and company database, and only while that invoice is accepted (one that
     * is not has its A/P invoice cancelled by the outbox, decision 021). Returns how many changed.
     */
    syncErp: async (estados: readonly EstadoErpFactura[]): Promise<number> => {
      if (estados.length === 0) return 0;
      const filas = JSON.stringify(
        estados.map((e) => ({
          id: e.portalId,
          bd: e.bd,
          card_code: e.cardCode,
          doc_entry: e.docEntry,
          doc_num: e.docNum,
          pagado: e.paidToDate,
          fecha_pago: e.fechaPago,
          cancelada: e.canceled === "Y",
          vencimiento: e.fechaVencimiento,
        })),
      );
      const result = (await db.execute(sql`
        update ${facturas} f set erp_doc_entry = e.doc_entry, erp_doc_num = e.doc_num, erp_pagado = e.pagado,
          erp_fecha_pago = e.fecha_pago, erp_cancelada = e.cancelada, erp_fecha_vencimiento = e.vencimiento
        from jsonb_to_recordset(${filas}::jsonb) as e(id int, bd text, card_code text, doc_entry int, doc_num int,
          pagado numeric, fecha_pago date, cancelada boolean, vencimiento date)
        where f.id = e.id and f.bd = e.bd and f.card_code = e.card_code and f.estatus = 'A'
          and (f.erp_doc_entry, f.erp_doc_num, f.erp_pagado, f.erp_fecha_pago, f.erp_cancelada, f.erp_fecha_vencimiento)
            is distinct from (e.doc_entry, e.doc_num, e.pagado, e.fecha_pago, e.cancelada, e.vencimiento)
        returning f.id`)) as unknown as { rows: unknown[] };
      return result.rows.length;
    },
  };
}

/** The expected payment dates (issue 27, decision 032; repository.ts composes them). */
export function facturaPaymentDates(db: Database) {
  return {
    /** Accepted invoices `filter` selects, with what their expected payment date depends on (issue 27). */
    porPagar: async (filter: PorPagarFilter): Promise<FacturaPorPagar[]> => {
      // Issue 27 (decision 036): a replaced invoice's A/P invoice is its replacement's now.
      const conditions: SQL[] = [sql`f.estatus = 'A'`, sql`f.sustituida_por_id is null`];
      if (filter.cardCode) conditions.push(sql`f.card_code = ${filter.cardCode}`);
      if (filter.bds?.length === 0 || filter.ids?.length === 0) return [];
      if (filter.bds)
        conditions.push(
          sql`f.bd in (${sql.join(
            filter.bds.map((b) => sql`${b}`),
            sql`, `,
          )})`,
        );
      if (filter.sociedadId !== undefined) conditions.push(sql`f.sociedad_id = ${filter.sociedadId}`);
      if (filter.ids)
        conditions.push(
          sql`f.id in (${sql.join(
            filter.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      const result = (await db.execute(sql`
        select f.id, f.erp_cancelada as "erpCancelada", f.erp_doc_entry as "erpDocEntry",
          f.erp_fecha_vencimiento::text as "erpFechaVencimiento", round(f.erp_pagado, 2)::text as "erpPagado",
          round(f.total, 2)::text as total, f.fecha_factura::text as "fechaFactura", f.dias_credito as "diasCredito",
          f.fecha_probable_pago::text as "fechaProbablePago", s.dias_pago as "diasPago"
        from ${facturas} f join ${sociedades} s on s.id = f.sociedad_id
        where ${sql.join(conditions, sql` and `)}`)) as unknown as { rows: FacturaPorPagar[] };
      return result.rows;
    },
    /** Stores expected payment dates (only where they differ; each change bumps the invoice's version). */
    setFechasProbables: async (fechas: readonly { id: number; fecha: string | null }[]): Promise<number> => {
      if (fechas.length === 0) return 0;
      const result = (await db.execute(sql`
        update ${facturas} f set fecha_probable_pago = e.fecha
        from jsonb_to_recordset(${JSON.stringify(fechas)}::jsonb) as e(id int, fecha date)
        where f.id = e.id and f.fecha_probable_pago is distinct from e.fecha
        returning f.id`)) as unknown as { rows: unknown[] };
      return result.rows.length;
    },
    /**
     * Home's panel (issue 27): a supplier's accepted invoices expected to be paid up to `hasta`, with what remains
     * of each (the total less what the ERP applied), in their currency.
     */
    porPagarHasta: async (cardCode: string, hasta: string): Promise<FilaPorPagar[]> => {
      // Issue 39: what the ERP counts paid (payments and applied memos) and the accepted credit notes whose memo
      // the ERP has not applied yet, with their CFDI dates: the balance is the invoice's ledger's (pagos-proximos.ts).
      const result = (await db.execute(sql`
        select f.fecha_probable_pago::text as fecha, f.moneda as "docCur", round(f.total, 2)::text as total,
          round(f.erp_pagado, 2)::text as pagado, f.erp_fecha_pago::text as "fechaPago",
          coalesce((select json_agg(json_build_object('fecha', n.fecha_cfdi, 'importe', round(ncf.importe, 2)::text)
              order by n.fecha_cfdi, n.id)
            from ${notasCreditoFacturas} ncf join ${notasCredito} n on n.id = ncf.nota_credito_id
            where ncf.factura_id = f.id and n.estatus = 'A' and n.erp_doc_entry is null), '[]'::json) as notas
        from ${facturas} f
        where f.card_code = ${cardCode} and f.estatus = 'A' and not f.erp_cancelada and f.sustituida_por_id is null
          and f.fecha_probable_pago is not null and f.fecha_probable_pago <= ${hasta}::date
          and f.total > f.erp_pagado
        order by f.fecha_probable_pago, f.id`)) as unknown as { rows: FilaPorPagar[] };
      return result.rows;
    },
  };
}
