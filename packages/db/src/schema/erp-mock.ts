import { isNotNull, sql } from "drizzle-orm";
import { bigint, char, date, index, integer, numeric, pgSchema, primaryKey, text, uuid } from "drizzle-orm/pg-core";

/**
 * The `mock` ERP adapter's data: SAP Business One-shaped tables (OCRD, OPOR/POR1, OPDN/PDN1, OPCH, OVPM/VPM2)
 * in their own PostgreSQL schema, one set of rows per company database (`bd`, the spec's BD). A real
 * Service Layer client replaces this schema, not the portal's tables. Amounts are numeric (decimal strings).
 */
export const erp = pgSchema("erp_mock");

/**
 * Change stamps of purchasing documents. Every insert takes a new value, and triggers (migration
 * 0003_erp_mock_versiones) give a document a new one whenever its header or any of its lines changes: the
 * portal caches each document's serialized row under (company database, DocEntry, version). SAP Business
 * One's equivalent is UpdateDate/UpdateTS with LogInstanc; this mock makes it exact.
 */
export const erpDocumentoVersion = erp.sequence("documento_version");

/** OCRD: business partners (suppliers) per company database. */
export const erpSocios = erp.table(
  "socios",
  {
    bd: text("bd").notNull(),
    cardCode: text("card_code").notNull(),
    cardName: text("card_name").notNull(),
    licTradNum: text("lic_trad_num").notNull(),
    groupNum: integer("group_num").notNull().default(0),
    zipCode: text("zip_code").notNull().default(""),
    /** E_Mail (issue 41 item 3): written by a business partner the portal creates from an invitation. */
    email: text("email").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.bd, t.cardCode] })],
);

const documentoColumns = {
  bd: text("bd").notNull(),
  docEntry: integer("doc_entry").notNull(),
  docNum: integer("doc_num").notNull(),
  cardCode: text("card_code").notNull(),
  cardName: text("card_name").notNull(),
  /** O open, C closed. */
  docStatus: char("doc_status", { length: 1 }).notNull(),
  docDate: date("doc_date", { mode: "string" }).notNull(),
  docDueDate: date("doc_due_date", { mode: "string" }).notNull(),
  /** Payment terms in credit days: 0 means PUE, more than 0 PPD. */
  groupNum: integer("group_num").notNull(),
  /** U_B1SYS_MainUsage: CFDI use (c_UsoCFDI). */
  mainUsage: text("main_usage").notNull(),
  /** PeyMethod: payment form (c_FormaPago). */
  peyMethod: text("pey_method").notNull(),
  docCur: text("doc_cur").notNull(),
  docRate: numeric("doc_rate", { precision: 19, scale: 6 }).notNull().default("1"),
  numAtCard: text("num_at_card").notNull().default(""),
  comments: text("comments").notNull().default(""),
  discPrcnt: numeric("disc_prcnt", { precision: 9, scale: 4 }).notNull().default("0"),
  discSum: numeric("disc_sum", { precision: 19, scale: 2 }).notNull().default("0"),
  vatSum: numeric("vat_sum", { precision: 19, scale: 2 }).notNull().default("0"),
  /** WTSum: withholding taxes. */
  wtSum: numeric("wt_sum", { precision: 19, scale: 2 }).notNull().default("0"),
  docTotal: numeric("doc_total", { precision: 19, scale: 2 }).notNull(),
  /** U_SYS_PMDPDF: the document's PDF, stored in the portal's archivos. */
  pdfArchivoId: uuid("pdf_archivo_id"),
  /** Change stamp (see erpDocumentoVersion): new on insert and on every change to the header or its lines. */
  version: bigint("version", { mode: "number" }).notNull().default(sql`nextval('erp_mock.documento_version')`),
};

const lineaColumns = {
  bd: text("bd").notNull(),
  docEntry: integer("doc_entry").notNull(),
  lineNum: integer("line_num").notNull(),
  itemCode: text("item_code").notNull(),
  itemName: text("item_name").notNull(),
  frgnName: text("frgn_name").notNull().default(""),
  lineStatus: char("line_status", { length: 1 }).notNull(),
  uomCode: text("uom_code").notNull(),
  quantity: numeric("quantity", { precision: 19, scale: 6 }).notNull(),
  openQty: numeric("open_qty", { precision: 19, scale: 6 }).notNull(),
  priceBefDi: numeric("price_bef_di", { precision: 19, scale: 6 }).notNull(),
  discPrcnt: numeric("disc_prcnt", { precision: 9, scale: 4 }).notNull().default("0"),
  lineTotal: numeric("line_total", { precision: 19, scale: 2 }).notNull(),
  vatSum: numeric("vat_sum", { precision: 19, scale: 2 }).notNull().default("0"),
};

/** OPOR: purchase orders. */
export const erpPedidos = erp.table("pedidos", documentoColumns, (t) => [
  primaryKey({ columns: [t.bd, t.docEntry] }),
  index("erp_pedidos_card_idx").on(t.cardCode, t.bd, t.docEntry),
  // File downloads look a PDF up by its id (the archivos policy).
  index("erp_pedidos_pdf_idx").on(t.pdfArchivoId).where(isNotNull(t.pdfArchivoId)),
]);
/** POR1: purchase order lines. */
export const erpPedidoLineas = erp.table(
  "pedido_lineas",
  {
    ...lineaColumns,
    /**
     * Issue 42 part 2 (decision 076): the item's OITM.InvntItem (Items.InventoryItem; 'N' a service or other
     * non-inventory item, whose order line may be billed without a goods receipt). The mock has no item master, so
     * each order line carries it.
     */
    invntItem: char("invnt_item", { length: 1 }).notNull().default("Y"),
  },
  (t) => [primaryKey({ columns: [t.bd, t.docEntry, t.lineNum] })],
);

/** OPDN: goods receipts, with the order they come from (`pedidoDocNum`) and the supplier's postal code. */
export const erpEntradas = erp.table(
  "entradas",
  {
    ...documentoColumns,
    pedidoDocNum: integer("pedido_doc_num"),
    /** CP: postal code the supplier issues from (checked against the invoice's LugarExpedicion). */
    cp: text("cp").notNull().default(""),
    /** CANCELED (migration 0025, fidelity F6): N, Y cancelled, C a cancellation document. */
    canceled: char("canceled", { length: 1 }).notNull().default("N"),
  },
  (t) => [
    primaryKey({ columns: [t.bd, t.docEntry] }),
    index("erp_entradas_card_idx").on(t.cardCode, t.bd, t.docEntry),
    index("erp_entradas_pdf_idx").on(t.pdfArchivoId).where(isNotNull(t.pdfArchivoId)),
  ],
);
/** PDN1: goods receipt lines. */
export const erpEntradaLineas = erp.table("entrada_lineas", lineaColumns, (t) => [
  primaryKey({ columns: [t.bd, t.docEntry, t.lineNum] }),
]);

/**
 * OPCH: A/P invoices in the ERP. The seed's history has some (paid by the seeded payments); the portal creates
 * the rest when a reviewer accepts an invoice (issue 13): based on the goods receipt (`entradaDocNum`), the
 * supplier's folio in NumAtCard, the CFDI UUID in a user field and the portal invoice id in another
 * (`portalId`, U_SYS_PORTALID: not unique, as in SAP; a cancellation document carries it too). PaidToDate
 * grows with vendor payments; CANCELED Y once cancelled, C on the cancellation document SAP adds then (decision 048).
 */
export const erpFacturas = erp.table(
  "facturas",
  {
    bd: text("bd").notNull(),
    docEntry: integer("doc_entry").notNull(),
    docNum: integer("doc_num").notNull(),
    cardCode: text("card_code").notNull(),
    cardName: text("card_name").notNull().default(""),
    /** O open, C closed (paid in full or cancelled). */
    docStatus: char("doc_status", { length: 1 }).notNull().default("O"),
    numAtCard: text("num_at_card").notNull().default(""),
    /** U_SYS_PMUUID: the CFDI stamp UUID. */
    uuid: text("uuid").notNull().default(""),
    docDate: date("doc_date", { mode: "string" }).notNull(),
    /**
     * TaxDate (OPCH.TaxDate, SDK Documents members "document date"): the supplier's document date, which can differ
     * from the posting date DocDate (decision 047, fidelity F3); null where nothing was sent (the answer then gives
     * DocDate, as SAP fills it with the posting date).
     */
    taxDate: date("tax_date", { mode: "string" }),
    docDueDate: date("doc_due_date", { mode: "string" }),
    comments: text("comments").notNull().default(""),
    vatSum: numeric("vat_sum", { precision: 19, scale: 2 }).notNull().default("0"),
    wtSum: numeric("wt_sum", { precision: 19, scale: 2 }).notNull().default("0"),
    docTotal: numeric("doc_total", { precision: 19, scale: 2 }).notNull(),
    paidToDate: numeric("paid_to_date", { precision: 19, scale: 2 }).notNull().default("0"),
    docCur: text("doc_cur").notNull(),
    docRate: numeric("doc_rate", { precision: 19, scale: 6 }).notNull().default("1"),
    canceled: char("canceled", { length: 1 }).notNull().default("N"),
    entradaDocNum: integer("entrada_doc_num"),
    /** U_SYS_PORTALID: the portal invoice this A/P invoice was created from; null for the seed's history. */
    portalId: integer("portal_id"),
    /** PayBlock (Service Layer PaymentBlock): Y while the invoice may not be paid (issue 27, decision 036). */
    payBlock: char("pay_block", { length: 1 }).notNull().default("N"),
    /** PayBlckRef (PaymentBlockEntry): the payment block reason (OPYB AbsEntry) when the company uses them. */
    payBlockRef: integer("pay_block_ref"),
    /**
     * Change stamp (migration 0007 triggers): new on insert, on every update and whenever a payment applied to
     * it changes. The portal re-reads payment status only when the scope's stamps moved.
     */
    version: bigint("version", { mode: "number" }).notNull().default(sql`nextval('erp_mock.documento_version')`),
  },
  (t) => [
    primaryKey({ columns: [t.bd, t.docEntry] }),
    index("erp_facturas_card_idx").on(t.cardCode, t.bd),
    // Not unique (migration 0025, decision 048): SAP has no uniqueness on a user field (fidelity F7), and a
    // cancellation document carries the cancelled invoice's U_SYS_PORTALID (F6).
    index("erp_facturas_portal_idx").on(t.bd, t.portalId).where(isNotNull(t.portalId)),
    index("erp_facturas_portal_card_idx").on(t.cardCode, t.bd).where(isNotNull(t.portalId)),
  ],
);
/** PCH1: A/P invoice lines, each copied from a goods receipt line (BaseType 20, BaseEntry, BaseLine). */
export const erpFacturaLineas = erp.table(
  "factura_lineas",
  {
    bd: text("bd").notNull(),
    docEntry: integer("doc_entry").notNull(),
    lineNum: integer("line_num").notNull(),
    itemCode: text("item_code").notNull(),
    itemName: text("item_name").notNull(),
    uomCode: text("uom_code").notNull().default(""),
    quantity: numeric("quantity", { precision: 19, scale: 6 }).notNull(),
    priceBefDi: numeric("price_bef_di", { precision: 19, scale: 6 }).notNull(),
    discPrcnt: numeric("disc_prcnt", { precision: 9, scale: 4 }).notNull().default("0"),
    lineTotal: numeric("line_total", { precision: 19, scale: 2 }).notNull(),
    vatSum: numeric("vat_sum", { precision: 19, scale: 2 }).notNull().default("0"),
    /** 20 = goods receipt (OPDN). */
    baseType: integer("base_type").notNull().default(20),
    baseEntry: integer("base_entry").notNull(),
    baseLine: integer("base_line").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bd, t.docEntry, t.lineNum] })],
);

/**
 * PCH6: an A/P invoice's installments (Document_Installments) when its payment terms split it; an invoice without
 * rows here has one installment, due on DocDueDate, as SAP answers. Issue 27 (decision 032).
 */
export const erpFacturaCuotas = erp.table(
  "factura_cuotas",
  {
    bd: text("bd").notNull(),
    docEntry: integer("doc_entry").notNull(),
    /** InstallmentId, from 1. */
    installmentId: integer("installment_id").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    percentage: numeric("percentage", { precision: 9, scale: 4 }).notNull(),
    total: numeric("total", { precision: 19, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bd, t.docEntry, t.installmentId] })],
);

/** OVPM: outgoing (vendor) payments. */
export const erpPagos = erp.table(
  "pagos",
  {
    bd: text("bd").notNull(),
    docEntry: integer("doc_entry").notNull(),
    docNum: integer("doc_num").notNull(),
    cardCode: text("card_code").notNull(),
    cardName: text("card_name").notNull(),
    docDate: date("doc_date", { mode: "string" }).notNull(),
    /** PymntGroup: payment form (c_FormaPago). */
    pymntGroup: text("pymnt_group").notNull(),
    docTotal: numeric("doc_total", { precision: 19, scale: 2 }).notNull(),
    docCur: text("doc_cur").notNull(),
    /** Exchange rate of the payment's currency to MXN ("1" for MXN). */
    docRate: numeric("doc_rate", { precision: 19, scale: 6 }).notNull().default("1"),
    canceled: char("canceled", { length: 1 }).notNull().default("N"),
    /** Change stamp (migration 0007 trigger): new on insert and on every update (a cancellation). */
    version: bigint("version", { mode: "number" }).notNull().default(sql`nextval('erp_mock.documento_version')`),
  },
  (t) => [primaryKey({ columns: [t.bd, t.docEntry] }), index("erp_pagos_card_idx").on(t.cardCode, t.bd)],
);
/** VPM2: the invoices a payment settles. */
export const erpPagoFacturas = erp.table(
  "pago_facturas",
  {
    bd: text("bd").notNull(),
    docEntry: integer("doc_entry").notNull(),
    lineNum: integer("line_num").notNull(),
    facturaDocEntry: integer("factura_doc_entry").notNull(),
    /** Amount applied to the invoice, in the invoice's currency. */
    sumApplied: numeric("sum_applied", { precision: 19, scale: 2 }).notNull(),
    /** The same amount in the payment's currency (null: the currencies are the same). */
    appliedPago: numeric("applied_pago", { precision: 19, scale: 2 }),
  },
  (t) => [
    primaryKey({ columns: [t.bd, t.docEntry, t.lineNum] }),
    // The payments of an invoice (its last payment date, what the complement must say).
    index("erp_pago_facturas_factura_idx").on(t.bd, t.facturaDocEntry),
  ],
);

/**
 * The Service Layer simulator's own bookkeeping (`erp-mock/service-layer/header-cache.ts`), over the rows above:
 * SAP's UpdateDate/UpdateTime of each document. Whenever a document's `version` (kept by the triggers) differs from
 * `versionVista`, the simulator gives it a new stamp from its clock (later than every earlier stamp), so a change
 * made by any path (the simulator's own writes, the accountants' `npm run erp`, the seed) bumps UpdateDate/Time.
 * `tipo`: 'pedido', 'entrada', 'factura', 'socio'.
 */
export const erpSlCambios = erp.table(
  "sl_cambios",
  {
    tipo: text("tipo").notNull(),
    bd: text("bd").notNull(),
    docEntry: integer("doc_entry").notNull(),
    versionVista: bigint("version_vista", { mode: "number" }).notNull(),
    /** 'YYYY-MM-DD HH:MM:SS' (SAP keeps UpdateDate and UpdateTS, seconds). */
    actualizado: text("actualizado").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tipo, t.bd, t.docEntry] })],
);

/** The simulator's Attachments2: one AbsoluteEntry per PDF (archivos id) the documents reference. */
export const erpSlAdjuntos2 = erp.table("sl_adjuntos", {
  atcEntry: integer("atc_entry").primaryKey().generatedAlwaysAsIdentity(),
  archivoId: uuid("archivo_id").notNull().unique(),
});
