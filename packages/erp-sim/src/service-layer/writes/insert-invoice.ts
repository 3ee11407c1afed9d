import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";
import { SERIE_FACTURAS } from "../../facturas-proveedor";
import { type BaseType, baseTables, baseTypeOf, MIXED_BASE_TYPES } from "../base-tables";
import { postedCurrency } from "../currency-writes";
import { type EntitySet, rows } from "../entities";
import { checkDocumentLengths } from "../field-lengths";
import type { Row } from "../filter";
import { type Ctx, SapFailure } from "../http";
import { taxDateOf } from "../tax-date";
import { copiedReceiptDiscount, documentTotals } from "../totals";
import { checkProperties, created, jsonBody, linesOf, numberOf, type WriteContext } from "./shared";

/** What an A/P invoice's POST needs of the writes' context. */
export type InvoiceDeps = Pick<
  WriteContext,
  | "db"
  | "clock"
  | "faults"
  | "propertiesOf"
  | "checkPostingDate"
  | "currencies"
  | "approvals"
  | "findByKey"
  | "headersOf"
  | "entityAnswer"
>;

/** A line of the body: the goods receipt line it copies and the quantity asked (all the open one when omitted). */
interface Copy {
  /** 20 a goods receipt line; 22 (issue 42 part 2, decision 076) a purchase order line. */
  baseType: BaseType;
  baseEntry: number;
  baseLine: number;
  quantity: number | undefined;
}

interface Receipt {
  doc_entry: number;
  doc_num: number;
  card_code: string;
  card_name: string;
  doc_status: string;
  group_num: number;
  doc_cur: string;
  doc_rate: string;
}

interface ReceiptLine {
  doc_entry: number;
  line_num: number;
  item_code: string;
  item_name: string;
  uom_code: string;
  line_status: string;
  quantity: string;
  open_qty: string;
  price_bef_di: string;
  disc_prcnt: string;
  line_total: string;
  vat_sum: string;
}

/** A copied line as the invoice takes it: its quantity and its share of the base line's amounts, in cents. */
interface PlannedLine {
  copy: Copy;
  line: ReceiptLine;
  quantity: number;
  lineTotal: number;
  vatSum: number;
}

/** What the body says of the invoice's header, checked before the transaction. */
interface InvoiceHeader {
  cardCode: string;
  portalId: number | null;
  docDate: string;
  taxDate: string | null;
}

const centavos = (v: number) => Math.round(v * 100);
const dinero = (c: number) => (c / 100).toFixed(2);
const NOT_FOUND_BASE = (entry: number) => `No matching records found (ODBC -2028): base document ${entry}`;

export async function createInvoice(c: InvoiceDeps, ctx: Ctx, set: EntitySet, bd: string): Promise<void> {
  const docEntry = await insertInvoice(c, set, bd, await jsonBody(ctx));
  if (c.faults.commitThenDrop > 0) {
    // Committed, but the answer never reaches the client (a dropped connection after SAP's commit).
    c.faults.commitThenDrop--;
    ctx.req.socket.destroy();
    return;
  }
  await created(c, ctx, set, bd, String(docEntry));
}

/** The A/P invoice of `body` written to erp_mock (a POST, or a draft added after its approval); its DocEntry. */
export async function insertInvoice(c: InvoiceDeps, set: EntitySet, bd: string, body: Row): Promise<number> {
  checkProperties(body, c.propertiesOf(set), set.type);
  const lines = linesOf(body);
  const cardCode = typeof body.CardCode === "string" ? body.CardCode : "";
  if (!cardCode) throw new SapFailure(400, -5002, "Enter a business partner code (CardCode)");
  if (lines.length === 0) throw new SapFailure(400, -5002, "Document has no lines; add at least one line");
  const copies = copiesOf(lines);
  const portalId = numberOf(body.U_SYS_PORTALID, "U_SYS_PORTALID") ?? null;
  const docDate = typeof body.DocDate === "string" ? body.DocDate.slice(0, 10) : c.clock().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(docDate)) throw new SapFailure(400, -1000, "Value of property 'DocDate' is invalid");
  const taxDate = taxDateOf(body); // F3
  checkDocumentLengths(body); // F14
  c.checkPostingDate(bd, docDate); // F3
  const header: InvoiceHeader = { cardCode, portalId, docDate, taxDate };

  const docEntry = await c.db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    // One creator at a time per company database (the same lock as the mock ERP's insertFacturaProveedor).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp_mock.facturas|${bd}`}))`);
    // No uniqueness check on U_SYS_PORTALID: a user field has none in SAP (UserFieldMD; fidelity F7, decision 048).
    const entries = [...new Set(copies.map((x) => x.baseEntry))];
    const baseType = copies[0]?.baseType ?? 20;
    const { receiptOf, lineOf } = await lockedReceipts(tx, bd, entries, baseType);
    const first = receiptOf.get(copies[0]?.baseEntry ?? -1);
    const planned = planLines(copies, receiptOf, lineOf, cardCode);
    const [last] = await rows<{ n: number | null }>(
      tx,
      sql`select max(doc_entry) as n from erp_mock.facturas where bd = ${bd}`,
    );
    const entry = Number(last?.n ?? 0) + 1;
    await insertHeader(c, tx, bd, entry, body, header, first, planned);
    await insertLines(tx, bd, entry, planned, entries, baseType);
    return entry;
  });
  return docEntry;
}

/**
 * The body's lines as copies of goods receipt lines (BaseType 20) or, issue 42 part 2 (decision 076), of purchase
 * order lines (BaseType 22, SDK BoObjectTypes oPurchaseOrders; service-layer.md §BaseType).
 */
function copiesOf(lines: Row[]): Copy[] {
  const copies = lines.map((line, i) => {
    const baseType = numberOf(line.BaseType, "BaseType");
    const baseEntry = numberOf(line.BaseEntry, "BaseEntry");
    const baseLine = numberOf(line.BaseLine, "BaseLine");
    if ((baseType !== 20 && baseType !== 22) || baseEntry === undefined || baseLine === undefined) {
      // The portal creates A/P invoices from goods receipts and purchase orders only; free lines are not simulated.
      throw new SapFailure(
        400,
        -5002,
        `Line ${i}: only lines copied from a goods receipt (BaseType 20) or a purchase order (BaseType 22) are supported`,
      );
    }
    return { baseType: baseType as BaseType, baseEntry, baseLine, quantity: numberOf(line.Quantity, "Quantity") };
  });
  if (baseTypeOf(copies.map((c) => c.baseType)) === "mixed") throw new SapFailure(400, -5002, MIXED_BASE_TYPES);
  return copies;
}

/** The base receipts (locked for update) and their lines, by DocEntry and by `DocEntry|LineNum`. */
async function lockedReceipts(tx: Database, bd: string, entries: number[], baseType: BaseType) {
  const t = baseTables(baseType);
  const receipts = await rows<Receipt>(
    tx,
    sql`select doc_entry, doc_num, card_code, card_name, doc_status, group_num, doc_cur, doc_rate::text
      from ${t.doc} where bd = ${bd} and doc_entry = any(${`{${entries.join(",")}}`}::int[])
      order by doc_entry for update`,
  );
  const receiptOf = new Map(receipts.map((r) => [r.doc_entry, r]));
  const receiptLines = await rows<ReceiptLine>(
    tx,
    sql`select doc_entry, line_num, item_code, item_name, uom_code, line_status, quantity::text, open_qty::text,
        price_bef_di::text, disc_prcnt::text, line_total::text, vat_sum::text
      from ${t.lines} where bd = ${bd} and doc_entry = any(${`{${entries.join(",")}}`}::int[])`,
  );
  const lineOf = new Map(receiptLines.map((l) => [`${l.doc_entry}|${l.line_num}`, l]));
  return { receiptOf, lineOf };
}

/** Each copy checked against its base line (the partner's, open, enough quantity, copied once) and priced. */
function planLines(
  copies: Copy[],
  receiptOf: Map<number, Receipt>,
  lineOf: Map<string, ReceiptLine>,
  cardCode: string,
): PlannedLine[] {
  const planned = copies.map((copy) => {
    const receipt = receiptOf.get(copy.baseEntry);
    if (!receipt) throw new SapFailure(404, -2028, NOT_FOUND_BASE(copy.baseEntry));
    if (receipt.card_code !== cardCode) {
      throw new SapFailure(400, -5002, `Base document card and target document card do not match`);
    }
    const line = lineOf.get(`${copy.baseEntry}|${copy.baseLine}`);
    if (!line) throw new SapFailure(400, -5002, `Base document line ${copy.baseLine} does not exist`);
    const open = Number(line.open_qty);
    if (receipt.doc_status === "C" || line.line_status === "C" || open <= 0) {
      throw new SapFailure(400, -5002, `Target document line is already closed (base document ${receipt.doc_num})`);
    }
    const quantity = copy.quantity ?? open;
    if (!(quantity > 0) || quantity > open + 1e-9) {
      throw new SapFailure(400, -5002, `Quantity exceeds the open quantity of the base document line (${open})`);
    }
    const share = quantity / Number(line.quantity);
    return {
      copy,
      line,
      quantity,
      lineTotal: Math.round(centavos(Number(line.line_total)) * share),
      vatSum: Math.round(centavos(Number(line.vat_sum)) * share),
    };
  });
  const seen = new Set<string>();
  for (const p of planned) {
    const k = `${p.copy.baseEntry}|${p.copy.baseLine}`;
    if (seen.has(k)) throw new SapFailure(400, -5002, `Base document line ${p.copy.baseLine} is copied twice`);
    seen.add(k);
  }
  return planned;
}

/** OPCH's row: SAP's totals (F4) in the posted currency (F1, F9), the due date from the receipt's terms if none. */
async function insertHeader(
  c: Pick<WriteContext, "currencies" | "approvals">,
  tx: Database,
  bd: string,
  entry: number,
  body: Row,
  header: InvoiceHeader,
  first: Receipt | undefined,
  planned: PlannedLine[],
): Promise<void> {
  const { cardCode, portalId, docDate, taxDate } = header;
  const vat = planned.reduce((s, p) => s + p.vatSum, 0);
  const net = planned.reduce((s, p) => s + p.lineTotal, 0);
  numberOf(body.DocRate, "DocRate");
  // Company currency code → ISO, the rate of DocDate, DocTotal (local) → document currency (F1, F9).
  const posted = postedCurrency(c.currencies, bd, body, first, docDate);
  // F4: SAP's totals from the copied lines and the partner's withholding; WTAmount in a body is read-only.
  const copiedNet = new Map<number, number>();
  for (const p of planned) copiedNet.set(p.copy.baseEntry, (copiedNet.get(p.copy.baseEntry) ?? 0) + p.lineTotal);
  const totals = documentTotals({
    net,
    vat,
    // SAP copies the receipts' header discount with their lines (pro rata).
    baseDiscount: await copiedReceiptDiscount(tx, bd, copiedNet, planned[0]?.copy.baseType ?? 20),
    withholding: c.approvals.withholdingOf(bd, cardCode),
    currency: posted.iso,
    sentTotal: posted.total,
  });
  await tx.execute(sql`insert into erp_mock.facturas (bd, doc_entry, doc_num, card_code, card_name, doc_status,
      num_at_card, uuid, doc_date, tax_date, doc_due_date, comments, vat_sum, wt_sum, doc_total, paid_to_date,
      doc_cur, doc_rate, canceled, entrada_doc_num, portal_id)
    values (${bd}, ${entry}, ${entry + SERIE_FACTURAS}, ${cardCode}, ${first?.card_name ?? ""}, 'O',
      ${String(body.NumAtCard ?? "")}, ${String(body.U_SYS_PMUUID ?? "")}, ${docDate}, ${taxDate}::date,
      ${typeof body.DocDueDate === "string" ? body.DocDueDate.slice(0, 10) : null}::date,
      ${String(body.Comments ?? "")}, ${dinero(totals.vatSum)}, ${dinero(totals.wtAmount)},
      ${dinero(totals.docTotal)}, 0,
      ${posted.iso}, ${posted.rate},
      'N', ${first?.doc_num ?? null}, ${portalId})`);
  if (typeof body.DocDueDate !== "string") {
    await tx.execute(sql`update erp_mock.facturas set doc_due_date = doc_date + ${first?.group_num ?? 0}::int
      where bd = ${bd} and doc_entry = ${entry}`);
  }
}

/** The invoice's lines, what they copy taken off the receipts' open quantities, and the receipts fully copied closed. */
async function insertLines(
  tx: Database,
  bd: string,
  entry: number,
  planned: PlannedLine[],
  entries: number[],
  baseType: BaseType,
): Promise<void> {
  const t = baseTables(baseType);
  for (const [i, p] of planned.entries()) {
    await tx.execute(sql`insert into erp_mock.factura_lineas (bd, doc_entry, line_num, item_code, item_name,
        uom_code, quantity, price_bef_di, disc_prcnt, line_total, vat_sum, base_type, base_entry, base_line)
      values (${bd}, ${entry}, ${i}, ${p.line.item_code}, ${p.line.item_name}, ${p.line.uom_code},
        ${String(p.quantity)}, ${p.line.price_bef_di}, ${p.line.disc_prcnt}, ${dinero(p.lineTotal)},
        ${dinero(p.vatSum)}, ${baseType}, ${p.copy.baseEntry}, ${p.copy.baseLine})`);
    await tx.execute(sql`update ${t.lines}
      set open_qty = open_qty - ${String(p.quantity)}::numeric,
        line_status = case when open_qty - ${String(p.quantity)}::numeric <= 0 then 'C' else line_status end
      where bd = ${bd} and doc_entry = ${p.copy.baseEntry} and line_num = ${p.copy.baseLine}`);
  }
  // A receipt (or order) whose lines are all copied closes (SAP closes the base document with its last open line).
  await tx.execute(sql`update ${t.doc} e set doc_status = 'C'
    where e.bd = ${bd} and e.doc_entry = any(${`{${entries.join(",")}}`}::int[]) and not exists (
      select 1 from ${t.lines} l where l.bd = e.bd and l.doc_entry = e.doc_entry and l.line_status = 'O')`);
}
