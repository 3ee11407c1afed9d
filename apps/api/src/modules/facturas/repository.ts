import { ARCHIVO_URL_PREFIX, ESTATUS_POR_REVISAR_FACTURA, MSG } from "@portal/contracts";
import { type Database, type EntradaRef, mismaEntrada, schema } from "@portal/db";
import { and, count, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { historialDe } from "../auditoria/repository";
import { documentQueries } from "../revision/document-queries";

const {
  erpTrabajos,
  facturaEntradas,
  facturas,
  lista69b,
  lista69bImportaciones,
  sociedades,
  proveedores,
  proveedorSociedades,
  satEstadosCfdi,
} = schema;

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

/**
 * Issue 36 (decision 038): the employees' warning MSG.sustituyeFacturaBloqueada split around the invoice it names,
 * so PostgreSQL builds the sentence into the rows' JSON text.
 */
const MARCA = "\u0001";
const [AVISO_ANTES, AVISO_DESPUES] = MSG.sustituyeFacturaBloqueada(MARCA).split(MARCA) as [string, string];

export type FacturaRecord = typeof facturas.$inferSelect;
export type NuevaFactura = typeof facturas.$inferInsert;

/** Invoices (issue 12): the rows of /MisFacturas, the two rules the database enforces, the file owners. */
export function createFacturasRepository(db: Database) {
  const documentos = documentQueries(db, facturas, ["pdf", "xml", "recepcion"]);
  const deProveedor = (cardCode: string | null): SQL | undefined =>
    cardCode === null ? undefined : eq(facturas.cardCode, cardCode);
  /**
   * The getFacturas rows (spec §3 Invoice list row) of the invoices `filter` selects, as one JSON array text built
   * by PostgreSQL: an employee's list holds every invoice (tens of thousands), and parsing that many rows into
   * objects in Node only to serialize them again cost seconds (bench/bench-facturas.ts). Row numbers follow the
   * order: newest first, then by id. CANCELED, PaidToDate and FechaPago are the ERP's A/P invoice's as last
   * read (syncErp); EstadoERP where the A/P invoice job stands; ErrorERP (the job's last error), EnviadoERP and the
   * SAT and payment block columns only in employees' rows (`paraEmpleado`): a supplier's rows do not carry them.
   */
  /** Issue 23 (decision 025): an invoice waiting for a decision, the one rule of the tile and the list. */
  const porRevisar = sql`f.estatus in (${sql.join(
    ESTATUS_POR_REVISAR_FACTURA.map((e) => sql`${e}`),
    sql`, `,
  )})`;
  async function rowsJson(filter: SQL, paraEmpleado: boolean, con69b = false, primero?: SQL): Promise<string> {
    // The review list (issue 15) says which issuers are on the SAT's 69-B list in force: situation, light and the
    // office and publications of the stage it is in (the list's own words); null when the issuer is not listed.
    // The review list also carries the supplier's "retener pagos por complementos atrasados" flag (issue 27).
    const lista69bJson = con69b
      ? sql`, 'Lista69B', case when x.l69_rfc is null then null else json_build_object(
            'Semaforo', case x.l69_situacion when 'Definitivo' then 'rojo' when 'Presunto' then 'ambar' else 'verde' end,
            'Situacion', x.l69_situacion, 'Nombre', x.l69_nombre,
            'Oficio', coalesce(x.l69_etapa->>'oficioSat', x.l69_etapa->>'oficioDof', ''),
            'PublicacionSAT', coalesce(x.l69_etapa->>'publicacionSat', ''),
            'PublicacionDOF', coalesce(x.l69_etapa->>'publicacionDof', ''),
            'ListaAl', to_char(x.l69_at at time zone 'UTC', 'YYYY-MM-DD')) end,
          'RetenerPagos', x.retener_pagos`
      : sql``;
    const lista69bJoin = con69b
      ? sql`left join ${lista69b} l on l.rfc = upper(f.rfc_emisor)
          left join ${lista69bImportaciones} li on li.id = l.importacion_id`
      : sql``;
    const lista69bColumnas = con69b
      ? sql`, l.rfc as l69_rfc, l.situacion as l69_situacion, l.nombre as l69_nombre, li.at as l69_at,
          l.publicaciones -> (case l.situacion when 'Presunto' then 'presuncion' when 'Desvirtuado' then 'desvirtuado'
            when 'Definitivo' then 'definitivo' else 'sentenciaFavorable' end) as l69_etapa,
          p.retener_pagos`
      : sql``;
    // Issue 36 (decision 038): a CFDI naming with TipoRelacion 04 a blocked invoice (any, by its UUID) other than the
    // one it takes over says so to employees, naming it as MSG does (facturaNombrada: folio, or UUID without one).
    const avisoSustitucion = paraEmpleado
      ? sql`, case when cardinality(f.uuids_sustituidos) > 0 then (
            select string_agg(${AVISO_ANTES}::text
                || case when upper(trim(b.folio)) in ('', 'S/F') then b.uuid else trim(b.folio) end
                || ${AVISO_DESPUES}::text, ' ' order by b.id)
            from ${facturas} b
            where b.uuid = any(f.uuids_sustituidos) and b.id <> f.id and b.bloqueo_pago = 'bloqueado'
              and b.id is distinct from f.sustituye_a_id) end as aviso_sustitucion`
      : sql``;
    const result = (await db.execute(sql`
        select coalesce(json_agg(json_build_object(
          'Fila', x.fila, 'IdFactura', x.id, 'NomSociedad', x.nom_sociedad, 'CardName', x.card_name,
          'FolioFactura', x.folio, 'RFC', x.rfc_emisor, 'RFCReceptor', x.rfc_receptor, 'CPEmisor', x.cp_emisor,
          'CPReceptor', x.cp_receptor, 'UUID', x.uuid, 'Entrada', x.entrada_doc_num,
          'EntradasMercancia', x.entradas, 'EntradasDocEntry', x.entradas_doc_entry,
          'FechaFactura', to_char(x.fecha_factura, 'YYYY-MM-DD'), 'Total', round(x.total, 2)::text,
          'FormaPago', x.forma_pago, 'TentativaPago', to_char(x.fecha_factura + x.dias_credito, 'YYYY-MM-DD'),
          'UsoPrincipal', x.uso_cfdi, 'MetodoPago', case when x.metodo_pago = 'PPD' then 'PPD' else 'PUE' end,
          'PDF', ${ARCHIVO_URL_PREFIX} || x.pdf_archivo_id, 'XML', ${ARCHIVO_URL_PREFIX} || x.xml_archivo_id,
          'Recepcion', ${ARCHIVO_URL_PREFIX} || x.recepcion_archivo_id, 'EstatusFactura', x.estatus,
          'CANCELED', case when x.erp_cancelada then 'Y' else 'N' end, 'PaidToDate', x.erp_pagado::text,
          'FechaPago', to_char(x.erp_fecha_pago, 'YYYY-MM-DD'),
          'FechaProbablePago', to_char(x.fecha_probable_pago, 'YYYY-MM-DD'), 'Comentarios', x.comentarios, 'BD', x.bd,
          'DocCur', x.moneda, 'Regimen', x.regimen_receptor, 'E_mail', x.email, 'Version', x.version,
          'FolioSAP', x.erp_doc_num, 'SustituidaPor', coalesce(x.sustituida_por, ''),
          'SustituyeA', coalesce(x.sustituye_a, ''),
          'EstadoERP', case when x.estatus <> 'A' then ''
            when x.erp_doc_num is not null or x.trabajo_estado = 'hecho' then 'creada'
            when x.trabajo_estado is null then '' else x.trabajo_estado end
          ${
            // Issue 36: the ERP job's error and queue time are the employees' (the supplier's rows omit them).
            paraEmpleado
              ? sql`, 'ErrorERP', coalesce(x.trabajo_error, ''),
                  'EnviadoERP', case when x.estatus = 'A' and x.erp_doc_num is null and x.trabajo_estado = 'pendiente'
                    then to_char(x.trabajo_creado at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
                  'EstadoSAT', coalesce(x.sat_estado, ''), 'PendienteSAT', coalesce(x.sat_pendiente, false),
                  'EfosSAT', coalesce(x.sat_efos, ''), 'BloqueoPago', x.bloqueo_pago,
                  'SustitutoUUID', coalesce(x.sustituto_uuid, ''), 'EstadoBloqueoERP', coalesce(x.bloqueo_estado, ''),
                  'ErrorBloqueoERP', coalesce(x.bloqueo_error, ''),
                  'AvisoSustitucion', coalesce(x.aviso_sustitucion, '')`
              : sql``
          }
          ${lista69bJson}
        ) order by x.fila), '[]')::text as filas
        from (
          select f.*, s.nombre as nom_sociedad, p.card_name, p.email, t.estado as trabajo_estado,
                 t.ultimo_error as trabajo_error, t.created_at as trabajo_creado, e.estado as sat_estado, e.pendiente as sat_pendiente,
                 e.validacion_efos as sat_efos, su.uuid as sustituto_uuid,
                 sp.folio || ' (UUID ' || sp.uuid || ')' as sustituida_por,
                 sa.folio || ' (UUID ' || sa.uuid || ')' as sustituye_a, tb.estado as bloqueo_estado,
                 tb.ultimo_error as bloqueo_error,
                 (select coalesce(json_agg(fe.entrada_doc_num order by fe.entrada_doc_num, fe.entrada_doc_entry), json_build_array(f.entrada_doc_num))
                    from ${facturaEntradas} fe where fe.factura_id = f.id) as entradas,
                 (select coalesce(json_agg(fe.entrada_doc_entry order by fe.entrada_doc_num, fe.entrada_doc_entry),
                      json_build_array(f.entrada_doc_entry))
                    from ${facturaEntradas} fe where fe.factura_id = f.id) as entradas_doc_entry,
                 row_number() over (order by ${primero ? sql`(${primero}) desc, ` : sql``}f.created_at desc, f.id desc) as fila
                 ${avisoSustitucion}
                 ${lista69bColumnas}
          from ${facturas} f
          join ${sociedades} s on s.id = f.sociedad_id
          join ${proveedores} p on p.card_code = f.card_code
          left join ${erpTrabajos} t on t.factura_id = f.id
            and t.tipo = case when f.sustituye_a_id is null then 'crear_factura' else 'sustituir_cfdi' end
          left join ${satEstadosCfdi} e on e.tipo = 'factura' and e.documento_id = f.id
          left join ${facturas} su on su.id = f.sustituta_id
          left join ${facturas} sp on sp.id = f.sustituida_por_id
          left join ${facturas} sa on sa.id = f.sustituye_a_id
          left join ${erpTrabajos} tb on tb.factura_id = f.id and tb.tipo = case f.bloqueo_pago
            when 'bloqueado' then 'bloquear_pago' when 'liberado' then 'desbloquear_pago' end
          ${lista69bJoin}
          where ${filter}
        ) x`)) as unknown as { rows: { filas: string }[] };
    return result.rows[0]?.filas ?? "[]";
  }
  return {
    /** getFacturas: a supplier's invoices (cardCode), or everyone's (null). */
    listJson: (cardCode: string | null): Promise<string> =>
      rowsJson(cardCode === null ? sql`true` : sql`f.card_code = ${cardCode}`, cardCode === null),
    /**
     * The review list (issue 13): invoices Pendiente or Rechazada, and those accepted since `aceptadasDesde`
     * (shown locked, so a reviewer sees what was just decided); never accepted ones the ERP cancelled (Cancelado).
     */
    pendientesJson: (aceptadasDesde: Date): Promise<string> =>
      rowsJson(
        sql`(${porRevisar} or f.estatus = 'R' or (f.estatus = 'A' and f.updated_at >= ${aceptadasDesde} and not f.erp_cancelada))`,
        true,
        true,
        // Issue 23: the rows to decide first (numbered 1…n), then the decided ones, newest first in each.
        porRevisar,
      ),
    /** Invoices awaiting a decision (the 'Facturas pendientes' tile): the list's 'Por revisar' rows, same rule. */
    countPendientes: async () =>
      (
        await db
          .select({ n: count() })
          .from(facturas)
          .where(inArray(facturas.estatus, [...ESTATUS_POR_REVISAR_FACTURA]))
      )[0]?.n ?? 0,
    findByIds: documentos.findByIds,
    /** A reviewer's decision, only if the invoice is still at the version the reviewer saw; false otherwise. */
    decide: (id: number, version: number, values: { estatus: string; comentarios: string; updatedAt: Date }) =>
      documentos.updateAtVersion(id, version, values),
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
    porPagarHasta: async (cardCode: string, hasta: string) => {
      const result = (await db.execute(sql`
        select f.fecha_probable_pago::text as fecha, f.moneda as "docCur",
          round(f.total - f.erp_pagado, 2)::text as saldo
        from ${facturas} f
        where f.card_code = ${cardCode} and f.estatus = 'A' and not f.erp_cancelada and f.sustituida_por_id is null
          and f.fecha_probable_pago is not null and f.fecha_probable_pago <= ${hasta}::date
          and f.total > f.erp_pagado
        order by f.fecha_probable_pago, f.id`)) as unknown as {
        rows: { fecha: string; docCur: string; saldo: string }[];
      };
      return result.rows;
    },
    /** One invoice's history (audit entries) with who made each change, oldest first. */
    historial: (id: number) => historialDe(db, "factura", id),

    /**
     * What the list of a scope depends on: its invoices (count, newest id, sum of versions — every change to an
     * invoice bumps its version) and the names it shows (sociedades and suppliers, by their last update). Equal
     * fingerprints mean an identical getFacturas answer.
     */
    fingerprint: async (cardCode: string | null): Promise<string> => {
      const result = (await db.execute(sql`
        select concat_ws(':', count(*), max(f.id), sum(f.version),
          (select max(updated_at) from ${sociedades}), (select max(updated_at) from ${proveedores}),
          (select concat_ws('-', count(*), sum(intentos), sum(case estado when 'hecho' then 1 when 'fallido' then 2
            else 0 end)) from ${erpTrabajos}),
          (select concat_ws('-', count(*), sum(version)) from ${satEstadosCfdi} where tipo = 'factura')) as h
        from ${facturas} f
        ${cardCode === null ? sql`` : sql`where f.card_code = ${cardCode}`}`)) as unknown as {
        rows: { h: string }[];
      };
      return result.rows[0]?.h ?? "";
    },
    count: async (cardCode: string | null) =>
      (await db.select({ n: count() }).from(facturas).where(deProveedor(cardCode)))[0]?.n ?? 0,
    findById: async (id: number) => (await db.select().from(facturas).where(eq(facturas.id, id)))[0],
    uuidTaken: documentos.uuidTaken,
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
        where mia.factura_id = ${facturaId}
        order by 1`)) as unknown as { rows: { doc_num: number }[] };
      return result.rows.map((r) => Number(r.doc_num));
    },
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
    insert: async (values: NuevaFactura) =>
      (await db.insert(facturas).values(values).returning({ id: facturas.id }))[0]!.id,
    /**
     * A supplier's correction, only if the invoice is still at the version the supplier's call read (issue 22): a
     * reviewer's decision in between moves the version (trigger, migration 0006) and this writes nothing. False
     * then.
     */
    correct: (id: number, version: number, values: Partial<NuevaFactura>) =>
      documentos.updateAtVersion(id, version, values),
    /** The sociedades a supplier is registered with, with what the invoice form needs. */
    sociedadesDe: (cardCode: string) =>
      db
        .select({
          id: sociedades.id,
          nombre: sociedades.nombre,
          rfc: sociedades.rfc,
          regimen: sociedades.regimen,
          cp: sociedades.cp,
          bdSap: sociedades.bdSap,
          estatus: sociedades.estatus,
          retencionResico: sociedades.retencionResico,
          retencionArrendamiento: sociedades.retencionArrendamiento,
          retencionHonorarios: sociedades.retencionHonorarios,
          clavesHonorarios: sociedades.clavesHonorarios,
        })
        .from(proveedorSociedades)
        .innerJoin(sociedades, eq(sociedades.id, proveedorSociedades.sociedadId))
        .where(eq(proveedorSociedades.cardCode, cardCode))
        .orderBy(sociedades.id),
    /**
     * The invoice file `archivoId` belongs to, with the name it was uploaded under (for downloads): any
     * invoice's for employees (cardCode null), only the supplier's own otherwise.
     */
    archivoNombre: documentos.archivoNombre,
  };
}
export type FacturasRepository = ReturnType<typeof createFacturasRepository>;
