import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { facturas } from "./facturas";

/*
 * Issue 42 part 3 (decision 074): an invoice may bill part of a goods receipt, and (part 2, later) lines of a
 * purchase order. These tables are generic over the base document, as SAP's A/P invoice lines are (BaseType 20 a
 * goods receipt, 22 a purchase order; BaseEntry its DocEntry; BaseLine its LineNum).
 *
 * The rule "never more than the line's quantity" is the database's: triggers (migration of issue 42) keep
 * `lineas_base_facturadas.cantidad_facturada` equal to the sum of the quantities of the Pendiente/Aceptada invoices
 * billing that line, under a check constraint, so of two simultaneous uploads for the last units the second waits
 * on the row's lock and then fails the check. `documentos_base_facturados` keeps whole-document and partial
 * invoices of one document apart (a whole-receipt invoice bills every open line, so it never shares a receipt).
 */

/** The lines a partial invoice bills, with the quantity of each (issue 42, decision 074). */
export const facturaLineas = pgTable(
  "factura_lineas",
  {
    facturaId: integer("factura_id")
      .notNull()
      .references(() => facturas.id, { onDelete: "cascade" }),
    /** The invoice's company database, copied by the trigger; what is written here is overwritten. */
    bd: text("bd").notNull(),
    /** SAP BaseType: 20 goods receipt (OPDN), 22 purchase order (OPOR). */
    baseType: integer("base_type").notNull(),
    /** The base document's DocEntry and DocNum (the number for display). */
    baseEntry: integer("base_entry").notNull(),
    baseDocNum: integer("base_doc_num").notNull(),
    /** The base line's LineNum. */
    baseLine: integer("base_line").notNull(),
    itemCode: text("item_code").notNull(),
    itemName: text("item_name").notNull(),
    /** The quantity billed. */
    cantidad: numeric("cantidad", { precision: 19, scale: 6 }).notNull(),
    /** The base line's whole quantity (SAP Quantity) when the invoice was registered. */
    cantidadLinea: numeric("cantidad_linea", { precision: 19, scale: 6 }).notNull(),
    /** The billed quantity at the line's price after its discount, before header discount and taxes. */
    importe: numeric("importe", { precision: 21, scale: 6 }).notNull(),
    /** Whether the invoice holds the quantity (Pendiente or Aceptada), kept by the triggers. */
    activa: boolean("activa").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.facturaId, t.baseType, t.baseEntry, t.baseLine] }),
    check("factura_lineas_base_type_chk", sql`${t.baseType} in (20, 22)`),
    check("factura_lineas_cantidad_chk", sql`${t.cantidad} > 0`),
    index("factura_lineas_base_idx").on(t.bd, t.baseType, t.baseEntry),
  ],
);

/** Per base line: its quantity and how much of it Pendiente/Aceptada invoices bill (triggers only write it). */
export const lineasBaseFacturadas = pgTable(
  "lineas_base_facturadas",
  {
    bd: text("bd").notNull(),
    baseType: integer("base_type").notNull(),
    baseEntry: integer("base_entry").notNull(),
    baseLine: integer("base_line").notNull(),
    cantidad: numeric("cantidad", { precision: 19, scale: 6 }).notNull(),
    cantidadFacturada: numeric("cantidad_facturada", { precision: 19, scale: 6 }).notNull().default("0"),
  },
  (t) => [
    primaryKey({ columns: [t.bd, t.baseType, t.baseEntry, t.baseLine] }),
    check(
      "lineas_base_facturadas_cantidad_chk",
      sql`${t.cantidadFacturada} >= 0 and ${t.cantidadFacturada} <= ${t.cantidad}`,
    ),
  ],
);

/**
 * Per base document: how many Pendiente/Aceptada invoices bill it whole and how many in part; never both, and at
 * most one whole (triggers on `factura_entradas` write it).
 */
export const documentosBaseFacturados = pgTable(
  "documentos_base_facturados",
  {
    bd: text("bd").notNull(),
    baseType: integer("base_type").notNull(),
    baseEntry: integer("base_entry").notNull(),
    completas: integer("completas").notNull().default(0),
    parciales: integer("parciales").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bd, t.baseType, t.baseEntry] }),
    check(
      "documentos_base_facturados_chk",
      sql`${t.completas} >= 0 and ${t.parciales} >= 0 and ${t.completas} <= 1 and (${t.completas} = 0 or ${t.parciales} = 0)`,
    ),
  ],
);
