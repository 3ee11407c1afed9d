import { sql } from "drizzle-orm";
import {
  char,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { archivos } from "./archivos";
import { proveedores, sociedades } from "./catalogos";
import { facturas } from "./facturas";

/**
 * Credit notes (CFDI de Egreso) a supplier registers against its accepted invoices (issue 27, decision 034). The
 * XML is the source of truth, as for invoices; the CFDI's UUID is registered once. Reviewed like invoices
 * (P/A/R, `version` bumped by a trigger); an accepted one becomes an A/P credit memo in the ERP through the
 * outbox (erp_trabajos 'crear_nota_credito').
 */
export const notasCredito = pgTable(
  "notas_credito",
  {
    id: serial("id").primaryKey(),
    cardCode: text("card_code")
      .notNull()
      .references(() => proveedores.cardCode),
    sociedadId: integer("sociedad_id")
      .notNull()
      .references(() => sociedades.id),
    bd: text("bd").notNull(),
    uuid: text("uuid").notNull(),
    folio: text("folio").notNull(),
    /**
     * The CFDI's TipoRelacion with its invoices: its first crediting group's — 01 nota de crédito, 03 devolución,
     * 07 aplicación de anticipo (issue 39).
     */
    tipoRelacion: text("tipo_relacion").notNull(),
    /**
     * Issue 39 (decision 060): every cfdi:CfdiRelacionados group of the CFDI as read, each with its TipoRelacion and
     * UUIDs (upper case): a note with 01 and 03 groups keeps both. Migration 0029 gave the older rows one group,
     * tipo_relacion with their invoices' UUIDs.
     */
    relaciones: jsonb("relaciones").$type<{ TipoRelacion: string; UUIDs: string[] }[]>().notNull().default([]),
    rfcEmisor: text("rfc_emisor").notNull(),
    nombreEmisor: text("nombre_emisor").notNull(),
    rfcReceptor: text("rfc_receptor").notNull(),
    nombreReceptor: text("nombre_receptor").notNull(),
    fechaCfdi: text("fecha_cfdi").notNull(),
    fechaTimbrado: text("fecha_timbrado").notNull(),
    subtotal: numeric("subtotal", { precision: 21, scale: 6 }).notNull(),
    total: numeric("total", { precision: 21, scale: 6 }).notNull(),
    moneda: text("moneda").notNull(),
    tipoCambio: numeric("tipo_cambio", { precision: 21, scale: 6 }).notNull().default("1"),
    pdfArchivoId: uuid("pdf_archivo_id")
      .notNull()
      .references(() => archivos.id),
    pdfNombre: text("pdf_nombre").notNull(),
    xmlArchivoId: uuid("xml_archivo_id")
      .notNull()
      .references(() => archivos.id),
    xmlNombre: text("xml_nombre").notNull(),
    /**
     * The SAT's answer when it was registered (ConsultaCFDIService, as postFactura asks): 'Vigente', or '' when it
     * is still to be verified (No Encontrado within 72 hours of its stamp, or no answer).
     */
    estadoSat: text("estado_sat").notNull().default(""),
    estatus: char("estatus", { length: 1 }).notNull().default("P"),
    comentarios: text("comentarios").notNull().default(""),
    version: integer("version").notNull().default(1),
    /** The ERP's A/P credit memo once the worker created it. */
    erpDocEntry: integer("erp_doc_entry"),
    erpDocNum: integer("erp_doc_num"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("notas_credito_estatus_chk", sql`${t.estatus} in ('P','A','R')`),
    uniqueIndex("notas_credito_uuid_key").on(t.uuid),
    index("notas_credito_proveedor_idx").on(t.cardCode, t.createdAt),
  ],
);

/** The invoices a credit note credits, each with the amount taken off it (in the invoices' currency). */
export const notasCreditoFacturas = pgTable(
  "notas_credito_facturas",
  {
    notaCreditoId: integer("nota_credito_id")
      .notNull()
      .references(() => notasCredito.id),
    facturaId: integer("factura_id")
      .notNull()
      .references(() => facturas.id),
    importe: numeric("importe", { precision: 21, scale: 6 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notaCreditoId, t.facturaId] }),
    index("notas_credito_facturas_factura_idx").on(t.facturaId),
  ],
);
