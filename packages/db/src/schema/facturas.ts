import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { archivos } from "./archivos";
import { proveedores, sociedades } from "./catalogos";

/**
 * Invoices (CFDI of type I) a supplier registers against one of its goods receipts (spec §2 /MisFacturas, §3
 * Invoice list row and postFactura payload). The XML is the source of truth: every fiscal field here was read
 * from it on the server. Files live in `archivos` (stored once). Issue 12.
 *
 * Two rules the database itself enforces, so two simultaneous uploads cannot break them:
 * - a CFDI UUID is registered once in the whole portal (whoever uploads it);
 * - a goods receipt has at most one invoice Pendiente or Aceptada (a Rechazada one may be replaced): since issue
 *   27 an invoice may bill several receipts, so the rule lives in `factura_entradas`.
 */
export const facturas = pgTable(
  "facturas",
  {
    id: serial("id").primaryKey(),
    cardCode: text("card_code")
      .notNull()
      .references(() => proveedores.cardCode),
    sociedadId: integer("sociedad_id")
      .notNull()
      .references(() => sociedades.id),
    /**
     * The sociedad's company database (sociedades.bd_sap) and the receipt's DocNum in it: the first (lowest) of
     * the invoice's receipts when it bills several (issue 27; all of them are in `factura_entradas`).
     */
    bd: text("bd").notNull(),
    entradaDocNum: integer("entrada_doc_num").notNull(),
    /**
     * Issue 37 (decision 051): that receipt's DocEntry, what identifies it (DocNum repeats across numbering series;
     * the number stays for display, the spec's "Entrada"). Null only for an invoice registered before migration
     * 0026 whose receipt the migration could not tell from the ERP data the database held.
     */
    entradaDocEntry: integer("entrada_doc_entry"),
    /**
     * Issue 42 part 1 (decision 073): 'cfdi' a Mexican CFDI of type I (XML, UUID); 'extranjera' a foreign supplier's
     * invoice, a PDF and the data the supplier typed (its number in `folio`, no XML, `uuid` '').
     */
    tipo: text("tipo").notNull().default("cfdi"),
    /**
     * Issue 42 part 2 (decision 076): the invoice bills lines of purchase orders (services, BaseType 22) instead of
     * goods receipts; `entrada_doc_num`/`entrada_doc_entry` then hold its first order's DocNum and DocEntry, it has
     * no `factura_entradas` rows, and its lines are in `factura_lineas` with base_type 22.
     */
    pedido: boolean("pedido").notNull().default(false),
    /** Stamp UUID, upper case; '' for an invoice without CFDI (tipo 'extranjera'). */
    uuid: text("uuid").notNull(),
    folio: text("folio").notNull(),
    rfcEmisor: text("rfc_emisor").notNull(),
    nombreEmisor: text("nombre_emisor").notNull(),
    rfcReceptor: text("rfc_receptor").notNull(),
    nombreReceptor: text("nombre_receptor").notNull(),
    cpEmisor: text("cp_emisor").notNull(),
    cpReceptor: text("cp_receptor").notNull(),
    regimenReceptor: text("regimen_receptor").notNull(),
    /** Comprobante@Fecha as written (YYYY-MM-DDTHH:MM:SS, local time of issue). */
    fechaCfdi: text("fecha_cfdi").notNull(),
    fechaFactura: date("fecha_factura", { mode: "string" }).notNull(),
    fechaTimbrado: text("fecha_timbrado").notNull(),
    /** The receipt's credit days when the invoice was registered: the tentative payment date is fecha + these. */
    diasCredito: integer("dias_credito").notNull().default(0),
    subtotal: numeric("subtotal", { precision: 21, scale: 6 }).notNull(),
    descuento: numeric("descuento", { precision: 21, scale: 6 }).notNull().default("0"),
    retenciones: numeric("retenciones", { precision: 21, scale: 6 }).notNull().default("0"),
    total: numeric("total", { precision: 21, scale: 6 }).notNull(),
    moneda: text("moneda").notNull(),
    tipoCambio: numeric("tipo_cambio", { precision: 21, scale: 6 }).notNull().default("1"),
    formaPago: text("forma_pago").notNull(),
    metodoPago: text("metodo_pago").notNull(),
    usoCfdi: text("uso_cfdi").notNull(),
    pdfArchivoId: uuid("pdf_archivo_id")
      .notNull()
      .references(() => archivos.id),
    pdfNombre: text("pdf_nombre").notNull(),
    /** Null only for an invoice without CFDI (tipo 'extranjera'). */
    xmlArchivoId: uuid("xml_archivo_id").references(() => archivos.id),
    xmlNombre: text("xml_nombre").notNull(),
    recepcionArchivoId: uuid("recepcion_archivo_id")
      .notNull()
      .references(() => archivos.id),
    recepcionNombre: text("recepcion_nombre").notNull(),
    /** P Pendiente, A Aceptada, R Rechazada (spec §4); reviewers change it (issue 13). */
    estatus: char("estatus", { length: 1 }).notNull().default("P"),
    comentarios: text("comentarios").notNull().default(""),
    /** Grows with every change: a reviewer's decision carries the version it saw (issue 13). */
    version: integer("version").notNull().default(1),
    /**
     * The ERP's A/P invoice once the worker created it (issue 13): its DocEntry and DocNum, and what the ERP
     * says about payment and cancellation, refreshed from the ERP whenever the lists are read.
     */
    erpDocEntry: integer("erp_doc_entry"),
    erpDocNum: integer("erp_doc_num"),
    erpPagado: numeric("erp_pagado", { precision: 19, scale: 2 }).notNull().default("0"),
    erpFechaPago: date("erp_fecha_pago", { mode: "string" }),
    erpCancelada: boolean("erp_cancelada").notNull().default(false),
    /**
     * Issue 27 (decision 036): the payment block the portal asks of the ERP. '' none; 'bloqueado' the accepted CFDI
     * was found Cancelado at the SAT (its A/P invoice's PaymentBlock is set through the outbox); 'liberado' the block
     * was lifted: by the accepted replacement that takes its place (decision 036's takeover, `sustituta_id`) or by an
     * employee of accounts payable with a reason (issue 36, decision 038; `sustituta_id` null, the reason audited).
     */
    bloqueoPago: text("bloqueo_pago").notNull().default(""),
    /**
     * The accepted replacement that took this invoice's place and lifted the block (or made it unnecessary), else
     * null. Only the takeover counts (decision 038): a CFDI merely naming this one with TipoRelacion 04 is not it.
     */
    sustitutaId: integer("sustituta_id"),
    /** UUIDs this CFDI replaces (CfdiRelacionados with TipoRelacion 04, upper case), read from the XML. */
    uuidsSustituidos: text("uuids_sustituidos").array().notNull().default(sql`'{}'::text[]`),
    /**
     * Issue 27 (decision 036, "La sustituta toma la factura de proveedor"): the accepted invoice of the same
     * supplier, sociedad, receipts, total and currency whose CFDI this one replaces (TipoRelacion 04); accepted, it
     * takes over that invoice's A/P invoice instead of creating one. Its receipts do not count as held (factura_entradas.activa) until it is accepted.
     */
    sustituyeAId: integer("sustituye_a_id"),
    /** The accepted replacement that took over this invoice's A/P invoice: its receipts no longer count as held. */
    sustituidaPorId: integer("sustituida_por_id"),
    /**
     * Issue 27 (decision 032): the A/P invoice's due date as the ERP has it (its earliest unpaid installment's
     * where there are several), and the date the supplier can expect the payment: that day (or, before the ERP
     * has the A/P invoice, the invoice date plus its credit days) moved to the sociedad's next payment day. Null
     * once paid in full or cancelled, and while the invoice is not accepted.
     */
    erpFechaVencimiento: date("erp_fecha_vencimiento", { mode: "string" }),
    fechaProbablePago: date("fecha_probable_pago", { mode: "string" }),
    /**
     * Issue 42 part 3 (decision 074): true when the invoice bills part of its receipt (chosen lines and quantities,
     * in `factura_lineas`); false for a whole-receipt invoice (every open line at its open quantity).
     */
    parcial: boolean("parcial").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("facturas_estatus_chk", sql`${t.estatus} in ('P','A','R')`),
    check("facturas_bloqueo_pago_chk", sql`${t.bloqueoPago} in ('','bloqueado','liberado')`),
    uniqueIndex("facturas_uuid_key").on(t.uuid).where(sql`${t.uuid} <> ''`),
    check(
      "facturas_tipo_chk",
      sql`(${t.tipo} = 'cfdi' and ${t.uuid} <> '' and ${t.xmlArchivoId} is not null) or (${t.tipo} = 'extranjera' and ${t.uuid} = '' and ${t.xmlArchivoId} is null)`,
    ),
    // Decision 073: a foreign supplier's invoice number once among its pending and accepted invoices.
    uniqueIndex("facturas_numero_extranjera_key")
      .on(t.cardCode, t.folio)
      .where(sql`${t.tipo} = 'extranjera' and ${t.estatus} in ('P','A')`),
    index("facturas_proveedor_idx").on(t.cardCode, t.createdAt),
  ],
);

/**
 * The goods receipts an invoice bills (issue 27, decision 033): one row per receipt, the invoice's own
 * `entrada_doc_entry` / `entrada_doc_num` included. `activa` mirrors whether the invoice is Pendiente or Aceptada,
 * kept by triggers (migrations 0017, 0020, 0026): inserting an invoice adds the row of its receipt, a change of its
 * status sets `activa` on all its rows. The unique index is the database's rule that a receipt carries at most one
 * invoice Pendiente or Aceptada, whichever of two simultaneous uploads commits first.
 *
 * Issue 37 (decision 051): a receipt is identified by its DocEntry (DocNum repeats across numbering series, so two
 * receipts of one company database may share a number). A row migrated from before 0026 whose DocEntry could not be
 * resolved keeps it null; such rows keep the old rule by number among themselves, and the service counts them as
 * holding every receipt of that number (the conservative reading).
 */
export const facturaEntradas = pgTable(
  "factura_entradas",
  {
    facturaId: integer("factura_id")
      .notNull()
      .references(() => facturas.id, { onDelete: "cascade" }),
    bd: text("bd").notNull(),
    /** The receipt's DocNum, for display (spec "Entrada"). */
    entradaDocNum: integer("entrada_doc_num").notNull(),
    /** The receipt's DocEntry (issue 37, decision 051); null only for an unresolved row migrated by 0026. */
    entradaDocEntry: integer("entrada_doc_entry"),
    /** Set by the triggers from the invoice's status (P or A); what is written here is overwritten. */
    activa: boolean("activa").notNull().default(true),
    /** Issue 42 (decision 074): the invoice's `parcial`, copied by the triggers; what is written here is overwritten. */
    parcial: boolean("parcial").notNull().default(false),
  },
  (t) => [
    uniqueIndex("factura_entradas_factura_key").on(t.facturaId, t.entradaDocEntry),
    uniqueIndex("factura_entradas_factura_num_key")
      .on(t.facturaId, t.entradaDocNum)
      .where(sql`${t.entradaDocEntry} is null`),
    // Issue 42 (decision 074): one whole-receipt holder per receipt; partial invoices share a receipt by quantity
    // (`documentos_base_facturados`, `lineas_base_facturadas`).
    uniqueIndex("factura_entradas_activa_key").on(t.bd, t.entradaDocEntry).where(sql`${t.activa} and not ${t.parcial}`),
    uniqueIndex("factura_entradas_activa_num_key")
      .on(t.bd, t.entradaDocNum)
      .where(sql`${t.activa} and ${t.entradaDocEntry} is null`),
  ],
);
