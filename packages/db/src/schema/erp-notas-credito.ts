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
    comments: text("comments").notNull().default(""),
    docTotal: numeric("doc_total", { precision: 19, scale: 2 }).notNull(),
    docCur: text("doc_cur").notNull(),
    docRate: numeric("doc_rate", { precision: 19, scale: 6 }).notNull().default("1"),
    canceled: char("canceled", { length: 1 }).notNull().default("N"),
    /** U_SYS_PORTALID: the portal credit note it was created from (what makes creation idempotent). */
    portalId: integer("portal_id"),
    version: bigint("version", { mode: "number" }).notNull().default(sql`nextval('erp_mock.documento_version')`),
  },
  (t) => [
    primaryKey({ columns: [t.bd, t.docEntry] }),
    uniqueIndex("erp_notas_credito_portal_key").on(t.bd, t.portalId).where(isNotNull(t.portalId)),
  ],
);

/** RPC1: one line per A/P invoice credited (BaseType 18, BaseEntry its DocEntry); LineTotal is the amount taken off it. */
export const erpNotaCreditoLineas = erp.table(
  "nota_credito_lineas",
  {
    bd: text("bd").notNull(),
    docEntry: integer("doc_entry").notNull(),
    lineNum: integer("line_num").notNull(),
    itemName: text("item_name").notNull().default(""),
    lineTotal: numeric("line_total", { precision: 19, scale: 2 }).notNull(),
    /** 18 = A/P invoice (OPCH). */
    baseType: integer("base_type").notNull().default(18),
    baseEntry: integer("base_entry").notNull(),
    baseLine: integer("base_line").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bd, t.docEntry, t.lineNum] })],
);
