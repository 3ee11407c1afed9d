import type { Database } from "@portal/db";
import { type SQL, sql } from "drizzle-orm";
import type { PropertyType, Row } from "./filter";

/**
 * The Service Layer entity sets the simulator serves, over the erp_mock tables (docs/erp-service-layer.md, "Wire
 * contract between the adapter and the simulator"). Each set reads its headers in ONE query (cached by the
 * simulator per company database until a cheap fingerprint changes) and its line collection only for the rows of
 * the page being answered, in one more query.
 */

export async function rows<T = Row>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const int: PropertyType = { kind: "int" };
const num: PropertyType = { kind: "number" };
const str: PropertyType = { kind: "string" };
const date: PropertyType = { kind: "date" };
const time: PropertyType = { kind: "time" };
const complex: PropertyType = { kind: "complex" };
const enumOf = (values: Record<string, string>): PropertyType => ({ kind: "enum", values });

export const DOCUMENT_STATUS = { bost_Open: "O", bost_Close: "C", bost_Paid: "P", bost_Delivered: "D" };
export const YES_NO = { tYES: "Y", tNO: "N" };
/** CancelStatusEnum, aliased to CANCELED (fidelity F6, decision 048; cancelacion.ts in the mock ERP). */
export const CANCEL_STATUS = { csYes: "Y", csNo: "N", csCancellation: "C" };

/** SAP's Document (OPOR/OPDN/OPCH/ODRF) header properties the simulator knows, in answer order. */
export const DOCUMENT_PROPERTIES: [string, PropertyType][] = [
  ["DocEntry", int],
  ["DocNum", int],
  ["DocType", enumOf({ dDocument_Items: "I", dDocument_Service: "S" })],
  ["DocDate", date],
  ["DocDueDate", date],
  ["TaxDate", date],
  ["CardCode", str],
  ["CardName", str],
  ["NumAtCard", str],
  ["DocCurrency", str],
  ["DocRate", num],
  ["DocTotal", num],
  ["DocTotalFc", num],
  ["VatSum", num],
  ["VatSumFc", num],
  ["WTAmount", num],
  ["WTAmountFC", num],
  ["DiscountPercent", num],
  ["TotalDiscount", num],
  ["TotalDiscountFC", num],
  ["PaidToDate", num],
  ["PaidToDateFC", num],
  ["Comments", str],
  ["PaymentGroupCode", int],
  ["PaymentMethod", str],
  ["DocumentStatus", enumOf(DOCUMENT_STATUS)],
  ["Cancelled", enumOf(YES_NO)],
  ["CancelStatus", enumOf(CANCEL_STATUS)],
  ["PaymentBlock", enumOf(YES_NO)],
  ["PaymentBlockEntry", int],
  ["AttachmentEntry", int],
  [
    "DocObjectCode",
    enumOf({
      oPurchaseOrders: "22",
      oPurchaseDeliveryNotes: "20",
      oPurchaseInvoices: "18",
      oPurchaseCreditNotes: "19",
      oDrafts: "112",
    }),
  ],
  ["UpdateDate", date],
  ["UpdateTime", time],
  ["AddressExtension", complex],
  ["DocumentInstallments", complex],
  ["DocumentLines", complex],
];

export const DOCUMENT_LINE_PROPERTIES: [string, PropertyType][] = [
  ["LineNum", int],
  ["ItemCode", str],
  ["ItemDescription", str],
  ["LineStatus", enumOf(DOCUMENT_STATUS)],
  ["UoMCode", str],
  ["Quantity", num],
  ["RemainingOpenQuantity", num],
  ["UnitPrice", num],
  ["DiscountPercent", num],
  ["LineTotal", num],
  ["RowTotalFC", num],
  ["TaxTotal", num],
  ["NetTaxAmountFC", num],
  ["BaseType", int],
  ["BaseEntry", int],
  ["BaseLine", int],
  // Service lines and "Without Qty Posting" of credit memos (decision 049, fidelity F5).
  ["AccountCode", str],
  ["VatGroup", str],
  ["WithoutInventoryMovement", enumOf(YES_NO)],
];

/** UDFs a Document can carry (when the field exists in UserFieldsMD and the Service Layer was restarted). */
export const DOCUMENT_UDF_TYPES: Record<string, PropertyType> = {
  U_SYS_PMUUID: str,
  U_SYS_PORTALID: int,
  U_B1SYS_MainUsage: str,
};

export type Kind = "pedido" | "entrada" | "factura";

export interface EntitySet {
  name: string;
  /** OData entity type, for error texts ("Property 'X' of 'Document' is invalid"). */
  type: string;
  key: { name: string; kind: "int" | "string" };
  /** Header properties in answer order (UDFs are added by the simulator from UserFieldsMD). */
  properties: [string, PropertyType][];
  /** The line collection loaded per page (DocumentLines, PaymentInvoices). */
  lines?: string;
  /** sl_cambios kind: documents get UpdateDate/UpdateTime stamps. */
  kind?: Kind;
  /** erp_mock table of the headers (writes, stamps). */
  table?: string;
  /** ETag on the entity (MAN p174: documents and business partners). */
  etag?: boolean;
  fingerprint(bd: string): SQL;
  /**
   * The header rows, all of them or (`since`, on sets with `versioned`) only those whose erp_mock version is
   * greater: versions come from one sequence, so they are exactly the rows changed or added after a load.
   */
  headers(bd: string, fixedStamp: string, since?: number): SQL;
  /** Rows carry `$version` from erp_mock's sequence (a cache can be patched with the rows changed since). */
  versioned?: boolean;
  /** Maps a header query row to SAP properties (plus `$`-prefixed private fields the lines need). */
  toEntity(row: Row): Row;
  lineRows?(bd: string, keys: number[]): SQL;
  toLine?(line: Row, header: Row): Row;
  /**
   * The same line collections as `lineRows` + `toLine`, as JSON text built by PostgreSQL (`doc_entry`, `lines`):
   * a page of 1,000 documents has thousands of lines, which the simulator otherwise parses, converts and
   * serialises one object at a time (most of a page's time).
   */
  lineJson?(bd: string, keys: number[]): SQL;
}

/** A cancellation document's `Cancelled` is undefined by BoYesNoEnum; tNO is the likely answer (F6 [G]). */
const cancelStatusOf = (canceled: unknown) =>
  canceled === "Y" ? "csYes" : canceled === "C" ? "csCancellation" : "csNo";

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function documentHeader(row: Row, objectCode: string): Row {
  const stamp = row.actualizado === null || row.actualizado === undefined ? null : String(row.actualizado);
  return {
    DocEntry: row.doc_entry,
    DocNum: row.doc_num,
    DocType: row.doc_type === "S" ? "dDocument_Service" : "dDocument_Items",
    DocDate: row.doc_date,
    DocDueDate: row.doc_due_date,
    // What was sent as TaxDate, else the posting date SAP fills it with (tax-date.ts).
    TaxDate: row.tax_date ?? row.doc_date,
    CardCode: row.card_code,
    CardName: row.card_name,
    NumAtCard: row.num_at_card,
    DocCurrency: row.doc_cur,
    DocRate: n(row.doc_rate),
    DocTotal: n(row.doc_total),
    VatSum: n(row.vat_sum),
    WTAmount: n(row.wt_sum),
    DiscountPercent: n(row.disc_prcnt),
    TotalDiscount: n(row.disc_sum),
    PaidToDate: n(row.paid_to_date) ?? 0,
    Comments: row.comments,
    PaymentGroupCode: row.group_num,
    PaymentMethod: row.pey_method,
    DocumentStatus: row.doc_status === "O" ? "bost_Open" : "bost_Close",
    Cancelled: row.canceled === "Y" ? "tYES" : "tNO",
    CancelStatus: cancelStatusOf(row.canceled),
    PaymentBlock: row.pay_block === "Y" ? "tYES" : "tNO",
    PaymentBlockEntry: row.pay_block_ref ?? null,
    AttachmentEntry: row.atc_entry ?? null,
    DocObjectCode: objectCode,
    UpdateDate: stamp ? stamp.slice(0, 10) : null,
    UpdateTime: stamp ? stamp.slice(11, 19) : null,
    AddressExtension: { BillToZipCode: row.cp ?? null },
    DocumentInstallments: installmentsOf(row),
    U_SYS_PMUUID: row.uuid ?? null,
    U_SYS_PORTALID: row.portal_id ?? null,
    U_B1SYS_MainUsage: row.main_usage ?? null,
    $version: String(row.version),
    $baseEntry: row.pedido_doc_entry ?? null,
  };
}

/**
 * Document_Installments (issue 27): the PCH6 rows the header query brings as JSON (`installments`), else one
 * installment due on DocDueDate for the whole total, as SAP answers a document its payment terms do not split.
 */
function installmentsOf(row: Row): Row[] {
  const rows = (typeof row.installments === "string" ? JSON.parse(row.installments) : row.installments) as
    | { installment_id: number; due_date: string; percentage: number; total: number }[]
    | null
    | undefined;
  if (rows && rows.length > 0) {
    return rows.map((c) => ({
      InstallmentId: c.installment_id,
      DueDate: c.due_date,
      Percentage: Number(c.percentage),
      Total: Number(c.total),
      PaymentOrdered: "tNO",
    }));
  }
  return [
    {
      InstallmentId: 1,
      DueDate: row.doc_due_date ?? row.doc_date,
      Percentage: 100,
      Total: n(row.doc_total),
      PaymentOrdered: "tNO",
    },
  ];
}

const changedSince = (column: string, since: number | undefined) =>
  since === undefined ? sql`` : sql`and ${sql.raw(column)} > ${since}`;

const stampJoin = (kind: Kind, alias: string) =>
  sql.raw(
    `left join erp_mock.sl_cambios c on c.tipo = '${kind}' and c.bd = ${alias}.bd and c.doc_entry = ${alias}.doc_entry`,
  );

const DOC_COLUMNS = sql.raw(`d.doc_entry, d.doc_num, d.card_code, d.card_name, d.doc_status, d.doc_date::text,
  d.doc_due_date::text, d.group_num, d.pey_method, d.main_usage, d.doc_cur, d.doc_rate::float8, d.num_at_card,
  d.comments, d.disc_prcnt::float8, d.disc_sum::float8, d.vat_sum::float8, d.wt_sum::float8, d.doc_total::float8,
  d.version::text, a.atc_entry, c.actualizado`);

const LINE_COLUMNS = sql.raw(`l.doc_entry, l.line_num, l.item_code, l.item_name, l.line_status, l.uom_code,
  l.quantity::float8, l.open_qty::float8, l.price_bef_di::float8, l.disc_prcnt::float8, l.line_total::float8,
  l.vat_sum::float8`);

/**
 * `doc_entry` in the page's keys. The range lets PostgreSQL use the (bd, doc_entry) index for the keys too (with
 * `= any` alone it reads every line of the company database and rechecks), and pages are mostly contiguous.
 */
function inKeys(column: string, keys: number[]): SQL {
  const min = Math.min(...keys);
  const max = Math.max(...keys);
  return sql`${sql.raw(column)} between ${min} and ${max} and ${sql.raw(column)} = any(${`{${keys.join(",")}}`}::int[])`;
}

/**
 * documentLine's shape as a json_build_object over `l` (erp_mock's line columns), property for property in the same
 * order; `base` gives BaseType, BaseEntry and BaseLine.
 */
function documentLineJson(base: string): SQL {
  return sql.raw(`json_build_object('LineNum', l.line_num, 'ItemCode', l.item_code, 'ItemDescription', l.item_name,
    'LineStatus', case when l.line_status = 'C' then 'bost_Close' else 'bost_Open' end, 'UoMCode', l.uom_code,
    'Quantity', l.quantity::float8, 'RemainingOpenQuantity', l.open_qty::float8, 'UnitPrice', l.price_bef_di::float8,
    'DiscountPercent', l.disc_prcnt::float8, 'LineTotal', l.line_total::float8, 'RowTotalFC', 0, 'TaxTotal', l.vat_sum::float8, 'NetTaxAmountFC', 0,
    ${base})`);
}

function documentLine(line: Row): Row {
  return {
    LineNum: line.line_num,
    ItemCode: line.item_code,
    ItemDescription: line.item_name,
    LineStatus: line.line_status === "C" ? "bost_Close" : "bost_Open",
    UoMCode: line.uom_code,
    Quantity: line.quantity,
    RemainingOpenQuantity: line.open_qty,
    UnitPrice: line.price_bef_di,
    DiscountPercent: line.disc_prcnt,
    LineTotal: line.line_total,
    TaxTotal: line.vat_sum,
    NetTaxAmountFC: 0,
    BaseType: -1,
    BaseEntry: null,
    BaseLine: null,
  };
}

/** Quantity of invoice line `l` copied into credit memos that are not cancelled (decision 049). */
const CREDITED_QUANTITY = sql.raw(`coalesce((select sum(m.quantity) from erp_mock.nota_credito_lineas m
  join erp_mock.notas_credito n on n.bd = m.bd and n.doc_entry = m.doc_entry and n.canceled = 'N'
  where m.bd = l.bd and m.base_type = 18 and m.base_entry = l.doc_entry and m.base_line = l.line_num), 0)`);

const versionFingerprint = (table: string, bd: string) =>
  sql`select count(*)::text || '|' || coalesce(max(version), 0)::text as f from ${sql.raw(`erp_mock.${table}`)} where bd = ${bd}`;

export const purchaseOrders: EntitySet = {
  name: "PurchaseOrders",
  type: "Document",
  key: { name: "DocEntry", kind: "int" },
  properties: DOCUMENT_PROPERTIES,
  lines: "DocumentLines",
  kind: "pedido",
  table: "pedidos",
  etag: true,
  fingerprint: (bd) => versionFingerprint("pedidos", bd),
  versioned: true,
  headers: (bd, _stamp, since) => sql`select ${DOC_COLUMNS}, 'N' as canceled
    from erp_mock.pedidos d left join erp_mock.sl_adjuntos a on a.archivo_id = d.pdf_archivo_id
    ${stampJoin("pedido", "d")} where d.bd = ${bd} ${changedSince("d.version", since)} order by d.doc_entry`,
  toEntity: (row) => documentHeader(row, "oPurchaseOrders"),
  lineRows: (bd, keys) => sql`select ${LINE_COLUMNS} from erp_mock.pedido_lineas l
    where l.bd = ${bd} and ${inKeys("l.doc_entry", keys)} order by l.doc_entry, l.line_num`,
  toLine: (line) => documentLine(line),
  lineJson: (bd, keys) => sql`select l.doc_entry,
      json_agg(${documentLineJson("'BaseType', -1, 'BaseEntry', null, 'BaseLine', null")} order by l.line_num)::text
        as lines
    from erp_mock.pedido_lineas l where l.bd = ${bd} and ${inKeys("l.doc_entry", keys)} group by l.doc_entry`,
};

export const purchaseDeliveryNotes: EntitySet = {
  name: "PurchaseDeliveryNotes",
  type: "Document",
  key: { name: "DocEntry", kind: "int" },
  properties: DOCUMENT_PROPERTIES,
  lines: "DocumentLines",
  kind: "entrada",
  table: "entradas",
  etag: true,
  fingerprint: (bd) => versionFingerprint("entradas", bd),
  versioned: true,
  headers: (bd, _stamp, since) => sql`select ${DOC_COLUMNS}, d.canceled, d.cp, p.doc_entry as pedido_doc_entry
    from erp_mock.entradas d left join erp_mock.sl_adjuntos a on a.archivo_id = d.pdf_archivo_id
    left join erp_mock.pedidos p on p.bd = d.bd and p.doc_num = d.pedido_doc_num
    ${stampJoin("entrada", "d")} where d.bd = ${bd} ${changedSince("d.version", since)} order by d.doc_entry`,
  toEntity: (row) => documentHeader(row, "oPurchaseDeliveryNotes"),
  lineRows: (bd, keys) => sql`select ${LINE_COLUMNS} from erp_mock.entrada_lineas l
    where l.bd = ${bd} and ${inKeys("l.doc_entry", keys)} order by l.doc_entry, l.line_num`,
  lineJson: (bd, keys) => sql`select l.doc_entry, json_agg(${documentLineJson(
    `'BaseType', case when p.doc_entry is null then -1 else 22 end, 'BaseEntry', p.doc_entry,
      'BaseLine', case when p.doc_entry is null then null else l.line_num end`,
  )} order by l.line_num)::text as lines
    from erp_mock.entrada_lineas l join erp_mock.entradas e on e.bd = l.bd and e.doc_entry = l.doc_entry
    left join erp_mock.pedidos p on p.bd = e.bd and p.doc_num = e.pedido_doc_num
    where l.bd = ${bd} and ${inKeys("l.doc_entry", keys)} group by l.doc_entry`,
  // A receipt's lines copy its order's lines one for one (the seed writes them with the same LineNum).
  toLine: (line, header) => {
    const out = documentLine(line);
    if (header.$baseEntry !== null) {
      out.BaseType = 22;
      out.BaseEntry = header.$baseEntry;
      out.BaseLine = line.line_num;
    }
    return out;
  },
};

export const purchaseInvoices: EntitySet = {
  name: "PurchaseInvoices",
  type: "Document",
  key: { name: "DocEntry", kind: "int" },
  properties: DOCUMENT_PROPERTIES,
  lines: "DocumentLines",
  kind: "factura",
  table: "facturas",
  etag: true,
  fingerprint: (bd) => versionFingerprint("facturas", bd),
  // OPCH in erp_mock keeps fewer columns than OPOR/OPDN: payment terms, payment form and CFDI use come from the
  // receipt it is based on (as SAP copies them), else from the business partner.
  versioned: true,
  headers: (
    bd,
    _stamp,
    since,
  ) => sql`select d.doc_entry, d.doc_num, d.card_code, d.card_name, d.doc_status, d.doc_date::text,
      d.tax_date::text, coalesce(d.doc_due_date, d.doc_date)::text as doc_due_date,
      coalesce(e.group_num, s.group_num, 0) as group_num,
      coalesce(e.pey_method, '99') as pey_method, coalesce(e.main_usage, 'G03') as main_usage, d.doc_cur,
      d.doc_rate::float8, d.num_at_card, d.comments, 0::float8 as disc_prcnt, 0::float8 as disc_sum,
      d.vat_sum::float8, d.wt_sum::float8, d.doc_total::float8, d.paid_to_date::float8, d.canceled, d.uuid,
      d.portal_id, d.pay_block, d.pay_block_ref, d.version::text, null::int as atc_entry, c.actualizado,
      (select json_agg(json_build_object('installment_id', q.installment_id, 'due_date', q.due_date::text,
        'percentage', q.percentage::float8, 'total', q.total::float8) order by q.installment_id)
        from erp_mock.factura_cuotas q where q.bd = d.bd and q.doc_entry = d.doc_entry)::text as installments
    from erp_mock.facturas d
    left join erp_mock.entradas e on e.bd = d.bd and e.doc_num = d.entrada_doc_num
    left join erp_mock.socios s on s.bd = d.bd and s.card_code = d.card_code
    ${stampJoin("factura", "d")} where d.bd = ${bd} ${changedSince("d.version", since)} order by d.doc_entry`,
  toEntity: (row) => documentHeader(row, "oPurchaseInvoices"),
  lineRows: (bd, keys) => sql`select l.doc_entry, l.line_num, l.item_code, l.item_name, 'C' as line_status,
      l.uom_code, l.quantity::float8, (l.quantity - ${CREDITED_QUANTITY})::float8 as open_qty, l.price_bef_di::float8,
      l.disc_prcnt::float8, l.line_total::float8, l.vat_sum::float8, l.base_type, l.base_entry, l.base_line
    from erp_mock.factura_lineas l
    where l.bd = ${bd} and ${inKeys("l.doc_entry", keys)} order by l.doc_entry, l.line_num`,
  toLine: (line, header) => ({
    ...documentLine(line),
    // A line fully copied into credit memos closes (decision 049, F5).
    LineStatus: header.DocumentStatus === "bost_Open" && Number(line.open_qty) > 0 ? "bost_Open" : "bost_Close",
    RemainingOpenQuantity: header.DocumentStatus === "bost_Open" ? Math.max(Number(line.open_qty), 0) : 0,
    BaseType: line.base_type,
    BaseEntry: line.base_entry,
    BaseLine: line.base_line,
  }),
};

/**
 * ORPC (issue 27, decision 034): the A/P credit memos, each line based on an A/P invoice (BaseType 18). Read by
 * the portal only to find the memo of a portal credit note (U_SYS_PORTALID) before creating one; no UpdateDate
 * stamps (no change tracking is asked of them).
 */
export const purchaseCreditNotes: EntitySet = {
  name: "PurchaseCreditNotes",
  type: "Document",
  key: { name: "DocEntry", kind: "int" },
  properties: DOCUMENT_PROPERTIES,
  lines: "DocumentLines",
  table: "notas_credito",
  etag: true,
  fingerprint: (bd) => versionFingerprint("notas_credito", bd),
  versioned: true,
  headers: (bd, _stamp, since) => sql`select d.doc_entry, d.doc_num, d.card_code, d.card_name,
      case when d.canceled = 'Y' then 'C' else 'O' end as doc_status, d.doc_date::text, d.tax_date::text,
      d.doc_date::text as doc_due_date, 0 as group_num, '99' as pey_method, null::text as main_usage, d.doc_cur,
      d.doc_rate::float8, d.num_at_card, d.comments, 0::float8 as disc_prcnt, 0::float8 as disc_sum,
      d.vat_sum::float8, 0::float8 as wt_sum, d.doc_total::float8, d.doc_total::float8 as paid_to_date,
      d.canceled, d.uuid, d.portal_id, d.version::text, null::int as atc_entry, null::text as actualizado, d.doc_type
    from erp_mock.notas_credito d where d.bd = ${bd} ${changedSince("d.version", since)} order by d.doc_entry`,
  toEntity: (row) => documentHeader(row, "oPurchaseCreditNotes"),
  lineRows: (bd, keys) => sql`select l.doc_entry, l.line_num, '' as item_code, l.item_name, 'C' as line_status,
      '' as uom_code, coalesce(l.quantity, 1)::float8 as quantity, 0::float8 as open_qty,
      (l.line_total / coalesce(nullif(l.quantity, 0), 1))::float8 as price_bef_di, 0::float8 as disc_prcnt,
      l.line_total::float8, l.vat_sum::float8, coalesce(l.base_type, -1) as base_type, l.base_entry, l.base_line
    from erp_mock.nota_credito_lineas l
    where l.bd = ${bd} and ${inKeys("l.doc_entry", keys)} order by l.doc_entry, l.line_num`,
  toLine: (line) => ({
    ...documentLine(line),
    BaseType: line.base_type,
    BaseEntry: line.base_entry,
    BaseLine: line.base_line,
  }),
};

export const vendorPayments: EntitySet = {
  name: "VendorPayments",
  type: "Payment",
  key: { name: "DocEntry", kind: "int" },
  properties: [
    ["DocEntry", int],
    ["DocNum", int],
    ["DocType", enumOf({ rCustomer: "C", rSupplier: "S", rAccount: "A" })],
    ["DocDate", date],
    ["CardCode", str],
    ["CardName", str],
    ["DocCurrency", str],
    ["DocRate", num],
    ["CashSum", num],
    ["CashSumFC", num],
    ["TransferSum", num],
    ["Cancelled", enumOf(YES_NO)],
    ["U_B1SYS_FormaPago", str],
    ["PaymentInvoices", complex],
  ],
  lines: "PaymentInvoices",
  table: "pagos",
  fingerprint: (bd) => versionFingerprint("pagos", bd),
  versioned: true,
  headers: (
    bd,
    _stamp,
    since,
  ) => sql`select doc_entry, doc_num, doc_date::text, card_code, card_name, doc_cur, doc_rate::float8,
      pymnt_group, doc_total::float8, canceled, version::text
    from erp_mock.pagos where bd = ${bd} ${changedSince("version", since)} order by doc_entry`,
  toEntity: (row) => ({
    DocEntry: row.doc_entry,
    DocNum: row.doc_num,
    DocType: "rSupplier",
    DocDate: row.doc_date,
    CardCode: row.card_code,
    CardName: row.card_name,
    DocCurrency: row.doc_cur,
    DocRate: row.doc_rate,
    // OVPM has no DocTotal in the Service Layer: the total is in the sum of the form it was paid with.
    CashSum: row.pymnt_group === "01" ? row.doc_total : 0,
    TransferSum: row.pymnt_group === "01" ? 0 : row.doc_total,
    Cancelled: row.canceled === "Y" ? "tYES" : "tNO",
    U_B1SYS_FormaPago: row.pymnt_group,
    $version: row.version,
  }),
  lineRows: (bd, keys) => sql`select doc_entry, line_num, factura_doc_entry, sum_applied::float8,
      applied_pago::float8, (select f.doc_cur from erp_mock.facturas f
        where f.bd = l.bd and f.doc_entry = l.factura_doc_entry) as factura_cur from erp_mock.pago_facturas l
    where bd = ${bd} and ${inKeys("doc_entry", keys)} order by doc_entry, line_num`,
  toLine: (line) => ({
    LineNum: line.line_num,
    DocEntry: line.factura_doc_entry,
    SumApplied: line.sum_applied,
    AppliedFC: line.applied_pago ?? 0,
    InvoiceType: "it_PurchaseInvoice",
    $invoiceCur: line.factura_cur, // currency-columns.ts (issue 37, F1)
  }),
};

/**
 * A BusinessPartner's BPBankAccounts line (SAP OCRB; Service Layer entity type BPBankAccount, fields as SAP's metadata
 * names them: BPCode, Country, BankCode, AccountNo, IBAN, BICSwiftCode, ABARoutingNumber, AccountName, Branch,
 * ControlKey, InternalKey). Issue 41 (decision 069).
 */
export const BP_BANK_ACCOUNT_PROPERTIES: [string, PropertyType][] = [
  ["BPCode", str],
  ["Country", str],
  ["BankCode", str],
  ["AccountNo", str],
  ["IBAN", str],
  ["BICSwiftCode", str],
  ["ABARoutingNumber", str],
  ["AccountName", str],
  ["Branch", str],
  ["ControlKey", str],
  ["InternalKey", int],
];

export const businessPartners: EntitySet = {
  name: "BusinessPartners",
  type: "BusinessPartner",
  key: { name: "CardCode", kind: "string" },
  properties: [
    ["CardCode", str],
    ["CardName", str],
    ["CardType", enumOf({ cCustomer: "C", cSupplier: "S", cLid: "L" })],
    ["FederalTaxID", str],
    ["PayTermsGrpCode", int],
    ["ZipCode", str],
    // OCRD.E_Mail (issue 41 item 3): what a partner created from an invitation carries.
    ["EmailAddress", str],
    ["UpdateDate", date],
    ["UpdateTime", time],
  ],
  etag: true,
  // OCRD in erp_mock has no version: a hash of the columns tells a change apart.
  fingerprint: (bd) => sql`select count(*)::text || '|' || coalesce(sum(hashtext(card_code || card_name ||
      lic_trad_num || group_num::text || zip_code)::bigint), 0)::text as f from erp_mock.socios where bd = ${bd}`,
  headers: (bd, fixedStamp) => sql`select card_code, card_name, lic_trad_num, group_num, zip_code, email,
      ${fixedStamp}::text as actualizado, md5(card_name || lic_trad_num || group_num::text || zip_code) as version
    from erp_mock.socios where bd = ${bd} order by card_code`,
  toEntity: (row) => ({
    CardCode: row.card_code,
    CardName: row.card_name,
    CardType: "cSupplier",
    FederalTaxID: row.lic_trad_num,
    PayTermsGrpCode: row.group_num,
    ZipCode: row.zip_code,
    EmailAddress: row.email,
    UpdateDate: String(row.actualizado).slice(0, 10),
    UpdateTime: String(row.actualizado).slice(11, 19),
    $version: row.version,
  }),
};

/** Payment terms: erp_mock keeps credit days as the group number (0 = cash, PUE). */
export const paymentTermsTypes: EntitySet = {
  name: "PaymentTermsTypes",
  type: "PaymentTermsType",
  key: { name: "GroupNumber", kind: "int" },
  properties: [
    ["GroupNumber", int],
    ["PaymentTermsGroupName", str],
    ["NumberOfAdditionalDays", int],
  ],
  fingerprint: (bd) => sql`select coalesce(string_agg(distinct group_num::text, ','), '') || '|' ||
      (select count(*)::text || '|' || coalesce(max(version), 0)::text from erp_mock.pedidos where bd = ${bd}) as f
    from erp_mock.socios where bd = ${bd}`,
  headers: (bd) => sql`select group_num from erp_mock.socios where bd = ${bd}
    union select group_num from erp_mock.pedidos where bd = ${bd} order by 1`,
  toEntity: (row) => ({
    GroupNumber: row.group_num,
    PaymentTermsGroupName: Number(row.group_num) === 0 ? "Contado" : `Crédito ${row.group_num} días`,
    NumberOfAdditionalDays: row.group_num,
  }),
};

export const items: EntitySet = {
  name: "Items",
  type: "Item",
  key: { name: "ItemCode", kind: "string" },
  properties: [
    ["ItemCode", str],
    ["ItemName", str],
    ["ForeignName", str],
    ["InventoryUOM", str],
    // Issue 42 part 2 (decision 076): Items.InventoryItem, BoYesNoEnum tYES/tNO (OITM.InvntItem; service-layer.md).
    ["InventoryItem", str],
  ],
  fingerprint: (bd) => versionFingerprint("pedidos", bd),
  // erp_mock has no OITM: the items are those the company database's orders buy.
  headers: (bd) => sql`select distinct on (item_code) item_code, item_name, frgn_name, uom_code, invnt_item
    from erp_mock.pedido_lineas where bd = ${bd} order by item_code, doc_entry`,
  toEntity: (row) => ({
    ItemCode: row.item_code,
    ItemName: row.item_name,
    ForeignName: row.frgn_name,
    InventoryUOM: row.uom_code,
    InventoryItem: row.invnt_item === "N" ? "tNO" : "tYES",
  }),
};

export const ENTITY_SETS: EntitySet[] = [
  purchaseOrders,
  purchaseDeliveryNotes,
  purchaseInvoices,
  purchaseCreditNotes,
  vendorPayments,
  businessPartners,
  paymentTermsTypes,
  items,
];

/**
 * Refreshes the UpdateDate/UpdateTime stamps of one kind in one company database, in ONE statement: documents
 * without a stamp get one (their DocDate at 00:00:00 the first time the kind is stamped — the seeded history —
 * and the clock's time afterwards), and every document whose erp_mock version moved since its stamp gets a new one:
 * the clock's time, or one second after the latest stamp when the clock is behind (stamps never go back).
 */
export function refreshStamps(kind: Kind, table: string, bd: string, clock: string): SQL {
  // The new stamp and whether the kind was ever stamped are computed once (a materialized CTE): as a plain
  // subquery the planner re-ran them for every document.
  return sql`with s as materialized (
      select to_char(greatest(${clock}::timestamp, max(actualizado)::timestamp + interval '1 second'),
          'YYYY-MM-DD HH24:MI:SS') as stamp,
        not exists (select 1 from erp_mock.sl_cambios x where x.tipo = ${kind} and x.bd = ${bd}) as first
      from erp_mock.sl_cambios where bd = ${bd}
    )
    insert into erp_mock.sl_cambios (tipo, bd, doc_entry, version_vista, actualizado)
    select ${kind}, d.bd, d.doc_entry, d.version,
      case when c.doc_entry is null and s.first then d.doc_date::text || ' 00:00:00' else s.stamp end
    from ${sql.raw(`erp_mock.${table}`)} d
    left join erp_mock.sl_cambios c on c.tipo = ${kind} and c.bd = d.bd and c.doc_entry = d.doc_entry
    cross join s
    where d.bd = ${bd} and (c.doc_entry is null or c.version_vista <> d.version)
    on conflict (tipo, bd, doc_entry)
      do update set version_vista = excluded.version_vista, actualizado = excluded.actualizado`;
}

/** Gives every PDF the company database's documents reference an Attachments2 AbsoluteEntry. */
export function ensureAttachments(table: "pedidos" | "entradas", bd: string): SQL {
  return sql`insert into erp_mock.sl_adjuntos (archivo_id)
    select distinct pdf_archivo_id from ${sql.raw(`erp_mock.${table}`)}
    where bd = ${bd} and pdf_archivo_id is not null
    on conflict (archivo_id) do nothing`;
}
