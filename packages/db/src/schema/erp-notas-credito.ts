import { isNotNull, sql } from "drizzle-orm";
import { bigint, char, date, integer, numeric, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { erp } from "./erp-mock";

/**
 * ORPC: A/P credit memos (issue 27, decision 034), each based on A/P invoices of one supplier (RPC1 lines with
 * BaseType 18). As SAP does, a credit memo based on an A/P invoice takes its amount off the invoice's open balance:
 * the invoice's PaidToDate grows by it and an invoice credited in full closes.
 */
export const erpNotasCredito = erp.table(
  "notas_credito",
  {
    bd: text("bd").notNull(),
    docEntry: integer("doc_entry").notNull(),
    docNum: integer("doc_num").notNull(),
    cardCode: text("card_code").notNull(),
    cardName: text("card_name").notNull().default(""),
    numAtCard: text("num_at_card").notNull().default(""),
    /** U_SYS_PMUUID: the credit note's CFDI stamp UUID. */
    uuid: text("uuid").notNull().default(""),
    docDate: date("doc_date", { mode: "string" }).notNull(),
    /** TaxDate (ORPC.TaxDate): the supplier's document date; null where nothing was sent (answered as DocDate). */
    taxDate: date("tax_date", { mode: "string" }),
    comments: text("comments").notNull().default(""),
    docTotal: numeric("doc_total", { precision: 19, scale: 2 }).notNull(),
    docCur: text("doc_cur").notNull(),
    docRate: numeric("doc_rate", { precision: 19, scale: 6 }).notNull().default("1"),
    canceled: char("canceled", { length: 1 }).notNull().default("N"),
    /** DocType: I items (lines copied from A/P invoice lines), S service (G/L account lines); decision 049. */
    docType: char("doc_type", { length: 1 }).notNull().default("I"),
    /** VatSum: the VAT SAP adds on top of the lines' net LineTotal (decision 049, fidelity F5). */
    vatSum: numeric("vat_sum", { precision: 19, scale: 2 }).notNull().default("0"),
    /** U_SYS_PORTALID: the portal credit note it was created from (what makes creation idempotent). */
    portalId: integer("portal_id"),
    version: bigint("version", { mode: "number" }).notNull().default(sql`nextval('erp_mock.documento_version')`),
  },
  (t) => [
    primaryKey({ columns: [t.bd, t.docEntry] }),
    uniqueIndex("erp_notas_credito_portal_key").on(t.bd, t.portalId).where(isNotNull(t.portalId)),
  ],
);

/**
 * RPC1: the memo's lines. An item line copies an A/P invoice line (BaseType 18, BaseEntry, BaseLine) and the quantity
 * it takes off that line's open quantity; a service line has no base, a G/L account and a tax group. LineTotal is net
 * of tax and VatSum the line's VAT (decision 049, fidelity F5); the mock adapter's lines have no quantity.
 */
export const erpNotaCreditoLineas = erp.table(
  "nota_credito_lineas",
  {
    bd: text("bd").notNull(),
    docEntry: integer("doc_entry").notNull(),
    lineNum: integer("line_num").notNull(),
    itemName: text("item_name").notNull().default(""),
    lineTotal: numeric("line_total", { precision: 19, scale: 2 }).notNull(),
    vatSum: numeric("vat_sum", { precision: 19, scale: 2 }).notNull().default("0"),
    /** Quantity copied from the base line (null: no quantity taken, as the mock adapter's lines). */
    quantity: numeric("quantity", { precision: 19, scale: 6 }),
    /** Service lines: AccountCode and VatGroup. */
    accountCode: text("account_code").notNull().default(""),
    vatGroup: text("vat_group").notNull().default(""),
    /** 18 = A/P invoice (OPCH); null on service lines. */
    baseType: integer("base_type").default(18),
    baseEntry: integer("base_entry"),
    baseLine: integer("base_line").default(0),
  },
  (t) => [primaryKey({ columns: [t.bd, t.docEntry, t.lineNum] })],
);
