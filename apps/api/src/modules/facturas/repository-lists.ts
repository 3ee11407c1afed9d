import { ARCHIVO_URL_PREFIX, ESTATUS_POR_REVISAR_FACTURA, MSG } from "@portal/contracts";
import { type Database, schema } from "@portal/db";
import { count, eq, inArray, type SQL, sql } from "drizzle-orm";

const {
  erpTrabajos,
  facturaEntradas,
  facturaLineas,
  facturas,
  lista69b,
  lista69bImportaciones,
  notasCredito,
  notasCreditoFacturas,
  sociedades,
  proveedores,
  satEstadosCfdi,
} = schema;

/**
 * Issue 36 (decision 038): the employees' warning MSG.sustituyeFacturaBloqueada split around the invoice it names,
 * so PostgreSQL builds the sentence into the rows' JSON text.
 */
const MARCA = "\u0001";
const [AVISO_ANTES, AVISO_DESPUES] = MSG.sustituyeFacturaBloqueada(MARCA).split(MARCA) as [string, string];

/** Issue 23 (decision 025): an invoice waiting for a decision, the one rule of the tile and the list. */
const porRevisar = sql`f.estatus in (${sql.join(
  ESTATUS_POR_REVISAR_FACTURA.map((e) => sql`${e}`),
  sql`, `,
)})`;

/**
 * The getFacturas rows (spec §3 Invoice list row) of the invoices `filter` selects, as one JSON array text built
 * by PostgreSQL: an employee's list holds every invoice (tens of thousands), and parsing that many rows into
 * objects in Node only to serialize them again cost seconds (bench/bench-facturas.ts). Row numbers follow the
 * order: newest first, then by id. CANCELED, PaidToDate and FechaPago are the ERP's A/P invoice's as last
 * read (syncErp); EstadoERP where the A/P invoice job stands; ErrorERP (the job's last error), EnviadoERP and the
 * SAT and payment block columns only in employees' rows (`paraEmpleado`): a supplier's rows do not carry them.
 */
async function rowsJson(
  db: Database,
  filter: SQL,
  paraEmpleado: boolean,
  con69b = false,
  primero?: SQL,
): Promise<string> {
  const { lista69bJson, lista69bJoin, lista69bColumnas } = lista69bSql(con69b);
  const avisoSustitucion = avisoSustitucionSql(paraEmpleado);
  const result = (await db.execute(sql`
    -- json_build_object takes at most 100 arguments: issue 42's LineasFacturadas is joined to the row as text.
    select '[' || coalesce(string_agg(left(json_build_object(
      'Fila', x.fila, 'IdFactura', x.id, 'NomSociedad', x.nom_sociedad, 'CardName', x.card_name,
      'FolioFactura', x.folio, 'RFC', x.rfc_emisor, 'RFCReceptor', x.rfc_receptor, 'CPEmisor', x.cp_emisor,
      'CPReceptor', x.cp_receptor, 'UUID', x.uuid, 'Entrada', x.entrada_doc_num,
      'EntradasMercancia', x.entradas, 'EntradasDocEntry', x.entradas_doc_entry,
      'FechaFactura', to_char(x.fecha_factura, 'YYYY-MM-DD'), 'Total', round(x.total, 2)::text,
      'FormaPago', x.forma_pago, 'TentativaPago', to_char(x.fecha_factura + x.dias_credito, 'YYYY-MM-DD'),
      'UsoPrincipal', x.uso_cfdi, 'MetodoPago', case when x.metodo_pago = 'PPD' then 'PPD' else 'PUE' end,
      'PDF', ${ARCHIVO_URL_PREFIX} || x.pdf_archivo_id, 'XML', coalesce(${ARCHIVO_URL_PREFIX} || x.xml_archivo_id, ''),
      'Recepcion', ${ARCHIVO_URL_PREFIX} || x.recepcion_archivo_id, 'EstatusFactura', x.estatus,
      'CANCELED', case when x.erp_cancelada then 'Y' else 'N' end, 'PaidToDate', x.erp_pagado::text,
      'FechaPago', to_char(x.erp_fecha_pago, 'YYYY-MM-DD'),
      'Abonos', json_build_object('Pagos', greatest(x.erp_pagado - x.notas_aplicadas, 0)::text,
        'Notas', x.notas_aceptadas::text),
      'FechaProbablePago', to_char(x.fecha_probable_pago, 'YYYY-MM-DD'), 'Comentarios', x.comentarios, 'BD', x.bd,
      'DocCur', x.moneda, 'Regimen', x.regimen_receptor, 'E_mail', x.email, 'Version', x.version,
      'FolioSAP', x.erp_doc_num, 'SustituidaPor', coalesce(x.sustituida_por, ''),
      'SustituyeA', coalesce(x.sustituye_a, ''),
      'EstadoERP', case when x.estatus <> 'A' then ''
        when x.erp_doc_num is not null or x.trabajo_estado = 'hecho' then 'creada'
        when x.trabajo_estado is null then '' else x.trabajo_estado end
      ${employeeColumnsSql(paraEmpleado)}
      ${lista69bJson}
    )::text, -1) || ', ' || substr(json_build_object('LineasFacturadas', x.lineas)::text, 2), ', ' order by x.fila), '')
      || ']' as filas
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
             -- Issue 42 (decision 074): the lines a partial invoice bills; null for a whole-receipt invoice.
             -- Issue 42 part 2 (decision 076): 'Pedido' true on a purchase order's line (stripped when null).
             (select json_agg(json_strip_nulls(json_build_object('Entrada', fl.base_doc_num, 'EntradaDocEntry', fl.base_entry,
                  'LineNum', fl.base_line, 'ItemCode', fl.item_code, 'ItemName', fl.item_name,
                  'Cantidad', trim_scale(fl.cantidad)::text, 'CantidadLinea', trim_scale(fl.cantidad_linea)::text,
                  'Importe', round(fl.importe, 2)::text, 'Pedido', case when fl.base_type = 22 then true end)) order by fl.base_doc_num, fl.base_entry, fl.base_line)
                from ${facturaLineas} fl where fl.factura_id = f.id) as lineas,
             coalesce(nc.aceptadas, 0.00) as notas_aceptadas, coalesce(nc.aplicadas, 0.00) as notas_aplicadas,
             row_number() over (order by ${primero ? sql`(${primero}) desc, ` : sql``}f.created_at desc, f.id desc) as fila
             ${avisoSustitucion}
             ${lista69bColumnas}
      from ${facturas} f
      join ${sociedades} s on s.id = f.sociedad_id
      join ${proveedores} p on p.card_code = f.card_code
      left join ${erpTrabajos} t on t.factura_id = f.id
        and t.tipo = case when f.sustituye_a_id is null then 'crear_factura' else 'sustituir_cfdi' end
      left join ${satEstadosCfdi} e on e.tipo = 'factura' and e.documento_id = f.id
      -- Issue 39 (decision 058): the accepted credit notes by invoice, and those whose memo the ERP applied (in
      -- PaidToDate), aggregated once (a hash join, not a lookup per row).
      left join (
        select ncf.factura_id, round(sum(ncf.importe), 2) as aceptadas,
               round(coalesce(sum(ncf.importe) filter (where n.erp_doc_entry is not null), 0), 2) as aplicadas
        from ${notasCreditoFacturas} ncf join ${notasCredito} n on n.id = ncf.nota_credito_id
        where n.estatus = 'A' group by ncf.factura_id
      ) nc on nc.factura_id = f.id
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

/** The review list's 69-B columns, join and row fields (issue 15, issue 27); nothing for the other lists. */
function lista69bSql(con69b: boolean) {
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
  return { lista69bJson, lista69bJoin, lista69bColumnas };
}

function avisoSustitucionSql(paraEmpleado: boolean) {
  // Issue 36 (decision 038): a CFDI naming with TipoRelacion 04 a blocked invoice (any, by its UUID) other than the
  // one it takes over says so to employees, naming it as MSG does (facturaNombrada: folio, or UUID without one).
  return paraEmpleado
    ? sql`, case when cardinality(f.uuids_sustituidos) > 0 then (
          select string_agg(${AVISO_ANTES}::text
              || case when upper(trim(b.folio)) in ('', 'S/F') then b.uuid else trim(b.folio) end
              || ${AVISO_DESPUES}::text, ' ' order by b.id)
          from ${facturas} b
          where b.uuid = any(f.uuids_sustituidos) and b.id <> f.id and b.bloqueo_pago = 'bloqueado'
            and b.id is distinct from f.sustituye_a_id) end as aviso_sustitucion`
    : sql``;
}

/** Issue 36: the ERP job's error and queue time are the employees' (the supplier's rows omit them). */
function employeeColumnsSql(paraEmpleado: boolean) {
  return paraEmpleado
    ? sql`, 'ErrorERP', coalesce(x.trabajo_error, ''),
          'EnviadoERP', case when x.estatus = 'A' and x.erp_doc_num is null and x.trabajo_estado = 'pendiente'
            then to_char(x.trabajo_creado at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
          'EstadoSAT', coalesce(x.sat_estado, ''), 'PendienteSAT', coalesce(x.sat_pendiente, false),
          'EfosSAT', coalesce(x.sat_efos, ''), 'BloqueoPago', x.bloqueo_pago,
          'SustitutoUUID', coalesce(x.sustituto_uuid, ''), 'EstadoBloqueoERP', coalesce(x.bloqueo_estado, ''),
          'ErrorBloqueoERP', coalesce(x.bloqueo_error, ''),
          'AvisoSustitucion', coalesce(x.aviso_sustitucion, '')`
    : sql``;
}

/** The getFacturas and review lists, their fingerprint and their home tiles' counts (repository.ts composes them). */
export function facturaListQueries(db: Database) {
  const deProveedor = (cardCode: string | null): SQL | undefined =>
    cardCode === null ? undefined : eq(facturas.cardCode, cardCode);
  return {
    /** getFacturas: a supplier's invoices (cardCode), or everyone's (null). */
    listJson: (cardCode: string | null): Promise<string> =>
      rowsJson(db, cardCode === null ? sql`true` : sql`f.card_code = ${cardCode}`, cardCode === null),
    /**
     * The review list (issue 13): invoices Pendiente or Rechazada, and those accepted since `aceptadasDesde`
     * (shown locked, so a reviewer sees what was just decided); never accepted ones the ERP cancelled (Cancelado).
     */
    pendientesJson: (aceptadasDesde: Date): Promise<string> =>
      rowsJson(
        db,
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
  };
}
