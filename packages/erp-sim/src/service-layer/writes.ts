import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";
import { cancelFacturaProveedorByKey, ErpRechazo, SERIE_FACTURAS, setPaymentBlockByKey } from "../facturas-proveedor";
import { cancelPago } from "../pagos-proveedor";
import { entityContext } from "./answer-forms";
import { APPROVAL_TARGETS, type Approvals, type ApprovalTarget } from "./approvals";
import { cancelRefusal } from "./cancellation";
import { createCreditMemo } from "./credit-memos";
import type { Currencies } from "./currency";
import { isoOfBody, postedCurrency } from "./currency-writes";
import { DOCUMENT_LINE_PROPERTIES, type EntitySet, rows } from "./entities";
import { checkDocumentLengths } from "./field-lengths";
import type { PropertyType, Row } from "./filter";
import { type Ctx, etagOf, readBody, SapFailure, sendJson } from "./http";
import { taxDateOf } from "./tax-date";
import { copiedReceiptDiscount, documentTotals } from "./totals";
import { userFieldSizes } from "./user-field-sizes";

/**
 * The simulator's writes, as SAP does them (docs/erp-service-layer.md, "Writes"): A/P invoices copied from goods
 * receipt lines (BaseType 20) into erp_mock.facturas/factura_lineas, closing what they copy; Cancel through the
 * mock ERP's own rule (cancelFacturaProveedorByKey); PATCH merging header fields and lines by LineNum;
 * DELETE refused (-5006); ETag / If-Match (412 -2039); Drafts and UserFieldsMD in memory.
 */

export interface WriteContext {
  db: Database;
  clock: () => Date;
  faults: { commitThenDrop: number; commitThenDropPatch: number };
  /** OPYB: the payment block reasons a PaymentBlockEntry may name. */
  paymentBlockEntries: ReadonlySet<number>;
  sets: Map<string, EntitySet>;
  propertiesOf(set: EntitySet): Map<string, PropertyType>;
  headersOf(set: EntitySet, bd: string): Promise<{ rows: Row[]; byKey: Map<string | number, Row> }>;
  findByKey(set: EntitySet, data: { rows: Row[]; byKey: Map<string | number, Row> }, keyText: string): Row;
  entityAnswer(ctx: Ctx, set: EntitySet, bd: string, row: Row, props: string[]): Promise<Row>;
  userFields: (UserFieldInput & { FieldID: number; SubType: string })[];
  addUserField(f: UserFieldInput): UserFieldInput & { FieldID: number; SubType: string };
  addDraft(companyDb: string, draft: Row): number;
  drafts: Map<string, Row[]>;
  /** OCRN, ORTT and the local currency per company database (currency.ts, issue 37). */
  currencies: Pick<Currencies, "of" | "rateOf">;
  /** F3: refuses a posting date in no open posting period (posting-periods.ts). */
  checkPostingDate(bd: string, docDate: string): void;
  /** Issue 37 (F2, F4): approval procedures and the partners' withholding (approvals.ts). */
  approvals: Approvals;
}

/** A user-defined field as UserFieldsMD describes it (without FieldID, which the simulator assigns). */
export interface UserFieldInput {
  TableName: string;
  /** Without the U_ prefix. */
  Name: string;
  Type: "db_Alpha" | "db_Numeric" | "db_Date" | "db_Float" | "db_Memo";
  Size: number;
  /** F11: the size SAP takes (SDK UserFieldsMD~EditSize); Size follows it. */
  EditSize?: number;
  Description: string;
  SubType?: string;
}

const NOT_SUPPORTED = "The requested action is not supported for this object.";
const CLOSED_DOCUMENT = "Cannot update a closed or cancelled document";
const ETAG_MISMATCH =
  "Another user or another operation modified data; to continue, open the window again (ODBC -2039)";
const LINE_TYPES = new Map(DOCUMENT_LINE_PROPERTIES);

const centavos = (v: number) => Math.round(v * 100);
const dinero = (c: number) => (c / 100).toFixed(2);

async function jsonBody(ctx: Ctx): Promise<Row> {
  const text = await readBody(ctx.req);
  if (text.trim() === "") return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Row;
  } catch {
    // falls through to SAP's answer
  }
  throw new SapFailure(400, -1000, "Invalid JSON body.");
}

/** A BoYesNoEnum in a body: by name (tYES/tNO) or by value (1/0), as SAP accepts enums. */
function yesNoOf(value: unknown, property: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "tYES" || value === 1 || value === "1") return true;
  if (value === "tNO" || value === 0 || value === "0") return false;
  throw new SapFailure(400, -1000, `Enum value '${String(value)}' of property '${property}' is invalid`);
}

/** Numbers may come as JSON numbers or numeric strings (SAP's own examples send "100"). */
function numberOf(value: unknown, property: string): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const n = typeof value === "number" ? value : Number(value);
  if (Number.isNaN(n))
    throw new SapFailure(400, -1000, `Value '${String(value)}' of property '${property}' is invalid`);
  return n;
}

function checkProperties(body: Row, types: Map<string, PropertyType>, type: string): void {
  for (const name of Object.keys(body)) {
    if (name.startsWith("@odata.") || name.startsWith("odata.")) continue;
    if (!types.has(name)) throw new SapFailure(400, -1000, `Property '${name}' of '${type}' is invalid`);
  }
}

function linesOf(body: Row, property = "DocumentLines"): Row[] {
  const lines = body[property];
  if (lines === undefined) return [];
  if (!Array.isArray(lines)) throw new SapFailure(400, -1000, `Property '${property}' is invalid`);
  for (const line of lines as Row[]) checkProperties(line, LINE_TYPES, "DocumentLine");
  return lines as Row[];
}

function checkIfMatch(ctx: Ctx, row: Row): void {
  const ifMatch = ctx.req.headers["if-match"];
  if (ifMatch === undefined || ifMatch === "*") return;
  if (row.$version === undefined || ifMatch !== etagOf(row.$version)) {
    throw new SapFailure(412, -2039, ETAG_MISMATCH);
  }
}

function locationOf(ctx: Ctx, path: string): string {
  return `http://${ctx.req.headers.host}${ctx.root}${path}`;
}

export function createWrites(c: WriteContext) {
  const { db } = c;

  /** 201 with the entity (Location, ETag) or, with `Prefer: return-no-content`, 204 (MAN p26–27). */
  async function created(ctx: Ctx, set: EntitySet, bd: string, keyText: string): Promise<void> {
    const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
    const location = locationOf(ctx, `${set.name}(${keyText})`);
    const etag: Record<string, string> = set.etag && row.$version !== undefined ? { etag: etagOf(row.$version) } : {};
    if (/return-no-content/.test(String(ctx.req.headers.prefer ?? ""))) {
      ctx.res.writeHead(204, { location, "preference-applied": "return-no-content", ...etag });
      ctx.res.end();
      return;
    }
    const body = await c.entityAnswer(ctx, set, bd, row, [...c.propertiesOf(set).keys()]);
    sendJson(ctx, 201, body, { location, ...etag });
  }

  async function createInvoice(ctx: Ctx, set: EntitySet, bd: string): Promise<void> {
    const docEntry = await insertInvoice(set, bd, await jsonBody(ctx));
    if (c.faults.commitThenDrop > 0) {
      // Committed, but the answer never reaches the client (a dropped connection after SAP's commit).
      c.faults.commitThenDrop--;
      ctx.req.socket.destroy();
      return;
    }
    await created(ctx, set, bd, String(docEntry));
  }

  /** The A/P invoice of `body` written to erp_mock (a POST, or a draft added after its approval); its DocEntry. */
  async function insertInvoice(set: EntitySet, bd: string, body: Row): Promise<number> {
    checkProperties(body, c.propertiesOf(set), set.type);
    const lines = linesOf(body);
    const cardCode = typeof body.CardCode === "string" ? body.CardCode : "";
    if (!cardCode) throw new SapFailure(400, -5002, "Enter a business partner code (CardCode)");
    if (lines.length === 0) throw new SapFailure(400, -5002, "Document has no lines; add at least one line");
    const copies = lines.map((line, i) => {
      const baseType = numberOf(line.BaseType, "BaseType");
      const baseEntry = numberOf(line.BaseEntry, "BaseEntry");
      const baseLine = numberOf(line.BaseLine, "BaseLine");
      if (baseType !== 20 || baseEntry === undefined || baseLine === undefined) {
        // The portal only creates A/P invoices from goods receipts; free lines are not simulated.
        throw new SapFailure(
          400,
          -5002,
          `Line ${i}: only lines copied from a goods receipt (BaseType 20) are supported`,
        );
      }
      return { baseEntry, baseLine, quantity: numberOf(line.Quantity, "Quantity") };
    });
    const portalId = numberOf(body.U_SYS_PORTALID, "U_SYS_PORTALID") ?? null;
    const docDate = typeof body.DocDate === "string" ? body.DocDate.slice(0, 10) : c.clock().toISOString().slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(docDate))
      throw new SapFailure(400, -1000, "Value of property 'DocDate' is invalid");
    const taxDate = taxDateOf(body); // F3
    checkDocumentLengths(body); // F14
    c.checkPostingDate(bd, docDate); // F3

    const docEntry = await db.transaction(async (txx) => {
      const tx = txx as unknown as Database;
      // One creator at a time per company database (the same lock as the mock ERP's insertFacturaProveedor).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp_mock.facturas|${bd}`}))`);
      // No uniqueness check on U_SYS_PORTALID: a user field has none in SAP (UserFieldMD; fidelity F7, decision 048).
      const entries = [...new Set(copies.map((x) => x.baseEntry))];
      const receipts = await rows<{
        doc_entry: number;
        doc_num: number;
        card_code: string;
        card_name: string;
        doc_status: string;
        group_num: number;
        doc_cur: string;
        doc_rate: string;
      }>(
        tx,
        sql`select doc_entry, doc_num, card_code, card_name, doc_status, group_num, doc_cur, doc_rate::text
          from erp_mock.entradas where bd = ${bd} and doc_entry = any(${`{${entries.join(",")}}`}::int[])
          order by doc_entry for update`,
      );
      const receiptOf = new Map(receipts.map((r) => [r.doc_entry, r]));
      const receiptLines = await rows<{
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
      }>(
        tx,
        sql`select doc_entry, line_num, item_code, item_name, uom_code, line_status, quantity::text, open_qty::text,
            price_bef_di::text, disc_prcnt::text, line_total::text, vat_sum::text
          from erp_mock.entrada_lineas where bd = ${bd} and doc_entry = any(${`{${entries.join(",")}}`}::int[])`,
      );
      const lineOf = new Map(receiptLines.map((l) => [`${l.doc_entry}|${l.line_num}`, l]));
      const first = receiptOf.get(copies[0]?.baseEntry ?? -1);
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
      const [last] = await rows<{ n: number | null }>(
        tx,
        sql`select max(doc_entry) as n from erp_mock.facturas where bd = ${bd}`,
      );
      const entry = Number(last?.n ?? 0) + 1;
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
        baseDiscount: await copiedReceiptDiscount(tx, bd, copiedNet),
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
      for (const [i, p] of planned.entries()) {
        await tx.execute(sql`insert into erp_mock.factura_lineas (bd, doc_entry, line_num, item_code, item_name,
            uom_code, quantity, price_bef_di, disc_prcnt, line_total, vat_sum, base_type, base_entry, base_line)
          values (${bd}, ${entry}, ${i}, ${p.line.item_code}, ${p.line.item_name}, ${p.line.uom_code},
            ${String(p.quantity)}, ${p.line.price_bef_di}, ${p.line.disc_prcnt}, ${dinero(p.lineTotal)},
            ${dinero(p.vatSum)}, 20, ${p.copy.baseEntry}, ${p.copy.baseLine})`);
        await tx.execute(sql`update erp_mock.entrada_lineas
          set open_qty = open_qty - ${String(p.quantity)}::numeric,
            line_status = case when open_qty - ${String(p.quantity)}::numeric <= 0 then 'C' else line_status end
          where bd = ${bd} and doc_entry = ${p.copy.baseEntry} and line_num = ${p.copy.baseLine}`);
      }
      // A receipt whose lines are all copied closes (SAP closes the base document with its last open line).
      await tx.execute(sql`update erp_mock.entradas e set doc_status = 'C'
        where e.bd = ${bd} and e.doc_entry = any(${`{${entries.join(",")}}`}::int[]) and not exists (
          select 1 from erp_mock.entrada_lineas l where l.bd = e.bd and l.doc_entry = e.doc_entry and l.line_status = 'O')`);
      return entry;
    });
    return docEntry;
  }

  /**
   * `POST PurchaseCreditNotes` (issue 27, decision 049): item memos copying A/P invoice lines (BaseType 18) and
   * service memos, with a net LineTotal and SAP's VAT on top (credit-memos.ts, fidelity F5).
   */
  async function createCreditNote(ctx: Ctx, set: EntitySet, bd: string): Promise<void> {
    await created(ctx, set, bd, String(await insertCreditNote(set, bd, await jsonBody(ctx))));
  }

  /** The A/P credit memo of `body` written to erp_mock (a POST, or a draft added after its approval). */
  async function insertCreditNote(set: EntitySet, bd: string, body: Row): Promise<number> {
    checkProperties(body, c.propertiesOf(set), set.type);
    const docCur = isoOfBody(c.currencies, bd, body.DocCurrency);
    const today = c.clock().toISOString().slice(0, 10);
    checkDocumentLengths(body); // F14
    c.checkPostingDate(bd, typeof body.DocDate === "string" ? body.DocDate.slice(0, 10) : today); // F3
    // A foreign-currency memo's lines carry the document-currency amount in RowTotalFC (SDK Document_Lines~RowTotalFC;
    // LineTotal is the local one, F1): erp_mock keeps document-currency amounts.
    const lines = linesOf(body).map((l) => (l.RowTotalFC === undefined ? l : { ...l, LineTotal: l.RowTotalFC }));
    return createCreditMemo(db, bd, { ...body, DocCurrency: docCur }, lines, today);
  }

  async function cancelInvoice(ctx: Ctx, set: EntitySet, bd: string, keyText: string): Promise<void> {
    const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
    checkIfMatch(ctx, row);
    if (row.Cancelled === "tYES") throw new SapFailure(400, -5002, "Document is already cancelled");
    try {
      // The mock ERP's rule adds the cancellation document (cancelacion.ts; F6, decision 048).
      await cancelFacturaProveedorByKey(db, bd, Number(row.DocEntry));
    } catch (error) {
      throw cancelRefusal(error);
    }
    ctx.res.writeHead(204);
    ctx.res.end();
  }

  /** `POST VendorPayments(n)/Cancel` (SAP's bound action): what the payment applied comes off its invoices. */
  async function cancelPayment(ctx: Ctx, set: EntitySet, bd: string, keyText: string): Promise<void> {
    const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
    if (row.Cancelled === "tYES") throw new SapFailure(400, -5002, "Document is already cancelled");
    await cancelPago(db, bd, Number(row.DocNum));
    ctx.res.writeHead(204);
    ctx.res.end();
  }

  /** PATCH of a document in erp_mock: header fields and DocumentLines merged by LineNum (MAN p26). */
  async function patchDocument(ctx: Ctx, set: EntitySet, bd: string, keyText: string): Promise<void> {
    const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
    checkIfMatch(ctx, row);
    const body = await jsonBody(ctx);
    checkProperties(body, c.propertiesOf(set), set.type);
    const lines = linesOf(body);
    checkDocumentLengths(body); // F14
    const table = set.table as string;
    const docEntry = Number(row.DocEntry);
    // Writable header fields of the simulator; SAP ignores read-only ones silently (MAN p26).
    const columns: Record<string, string> = { Comments: "comments", NumAtCard: "num_at_card" };
    if (table !== "facturas") columns.U_B1SYS_MainUsage = "main_usage";
    if (table === "facturas") columns.U_SYS_PMUUID = "uuid";
    const lineTable = `${table === "pedidos" ? "pedido" : table === "entradas" ? "entrada" : "factura"}_lineas`;
    const block = paymentBlockOf(body, row, table);
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Database;
      if (block) {
        try {
          await setPaymentBlockByKey(tx, bd, docEntry, block.blocked, block.entry);
        } catch (error) {
          if (error instanceof ErpRechazo) throw new SapFailure(400, -5002, CLOSED_DOCUMENT);
          throw error;
        }
      }
      if (table === "facturas" && body.U_SYS_PORTALID !== undefined) {
        // Issue 27 (decision 036): the replacement CFDI takes over the A/P invoice, portal id included. SAP has no
        // uniqueness on a user field (fidelity F7, decision 048): another document may carry the same value.
        const portalId = numberOf(body.U_SYS_PORTALID, "U_SYS_PORTALID") ?? null;
        await tx.execute(
          sql`update erp_mock.facturas set portal_id = ${portalId} where bd = ${bd} and doc_entry = ${docEntry}`,
        );
      }
      for (const [property, column] of Object.entries(columns)) {
        if (body[property] === undefined) continue;
        await tx.execute(sql`update ${sql.raw(`erp_mock.${table}`)} set ${sql.raw(column)} = ${String(body[property] ?? "")}
          where bd = ${bd} and doc_entry = ${docEntry}`);
      }
      if (typeof body.DocDueDate === "string") {
        await tx.execute(sql`update ${sql.raw(`erp_mock.${table}`)} set doc_due_date = ${body.DocDueDate.slice(0, 10)}::date
          where bd = ${bd} and doc_entry = ${docEntry}`);
      }
      for (const line of lines) {
        const lineNum = numberOf(line.LineNum, "LineNum");
        if (lineNum === undefined) throw new SapFailure(400, -5002, "LineNum is required to update a document line");
        const [exists] = await rows(
          tx,
          sql`select 1 as x from ${sql.raw(`erp_mock.${lineTable}`)}
            where bd = ${bd} and doc_entry = ${docEntry} and line_num = ${lineNum}`,
        );
        if (!exists) throw new SapFailure(400, -5002, `Document line ${lineNum} does not exist`);
        if (typeof line.ItemDescription === "string") {
          await tx.execute(sql`update ${sql.raw(`erp_mock.${lineTable}`)} set item_name = ${line.ItemDescription}
            where bd = ${bd} and doc_entry = ${docEntry} and line_num = ${lineNum}`);
        }
      }
      if (table === "facturas") {
        // OPCH's lines have no trigger of their own: touching the header gives the invoice a new version.
        await tx.execute(
          sql`update erp_mock.facturas set doc_entry = doc_entry where bd = ${bd} and doc_entry = ${docEntry}`,
        );
      }
    });
    if (table === "facturas" && c.faults.commitThenDropPatch > 0) {
      // Committed, but the answer never reaches the client (issue 27: the payment block's retry).
      c.faults.commitThenDropPatch--;
      ctx.req.socket.destroy();
      return;
    }
    ctx.res.writeHead(204);
    ctx.res.end();
  }

  /**
   * PaymentBlock / PaymentBlockEntry of a PATCH (OPCH's PayBlock / PayBlckRef; issue 27): only A/P invoices are
   * simulated; SAP refuses the change on a cancelled or closed document and a PaymentBlockEntry that names no
   * payment block reason. Without PaymentBlock, a PaymentBlockEntry alone applies to a blocked invoice.
   */
  function paymentBlockOf(body: Row, row: Row, table: string): { blocked: boolean; entry: number | null } | null {
    const blocked = yesNoOf(body.PaymentBlock, "PaymentBlock");
    const entry = numberOf(body.PaymentBlockEntry, "PaymentBlockEntry");
    if (blocked === undefined && entry === undefined) return null;
    if (table !== "facturas") throw new SapFailure(400, -5006, NOT_SUPPORTED);
    if (row.Cancelled === "tYES" || row.DocumentStatus !== "bost_Open")
      throw new SapFailure(400, -5002, CLOSED_DOCUMENT);
    if (entry !== undefined && !c.paymentBlockEntries.has(entry)) {
      throw new SapFailure(400, -5002, `Invalid value '${entry}' in field 'PaymentBlockEntry': no such payment block`);
    }
    const now = blocked ?? row.PaymentBlock === "tYES";
    const current = typeof row.PaymentBlockEntry === "number" ? row.PaymentBlockEntry : null;
    return { blocked: now, entry: now ? (entry ?? current) : null };
  }

  async function createDraft(ctx: Ctx, set: EntitySet, bd: string): Promise<void> {
    const body = await jsonBody(ctx);
    checkProperties(body, c.propertiesOf(set), set.type);
    linesOf(body);
    // F4: a draft POSTed directly gets SAP's totals too (no approval procedure: dasWithout).
    const objectCode = typeof body.DocObjectCode === "string" ? body.DocObjectCode : APPROVAL_TARGETS.PurchaseInvoices;
    const entry = await c.approvals.storeDraft(bd, body, objectCode, "dasWithout");
    await created(ctx, set, bd, String(entry));
  }

  async function patchDraft(ctx: Ctx, set: EntitySet, bd: string, keyText: string): Promise<void> {
    const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
    checkIfMatch(ctx, row);
    const body = await jsonBody(ctx);
    checkProperties(body, c.propertiesOf(set), set.type);
    const lines = linesOf(body);
    const { DocumentLines: _ignored, DocEntry: _key, ...header } = body;
    Object.assign(row, header);
    const current = (row.DocumentLines as Row[] | undefined) ?? [];
    for (const line of lines) {
      const target = current.find((l) => l.LineNum === numberOf(line.LineNum, "LineNum"));
      if (target) Object.assign(target, line);
      else current.push({ ...line, LineNum: line.LineNum ?? current.length });
    }
    row.DocumentLines = current;
    row.$version = `${row.DocEntry}|${c.clock().toISOString()}|${Math.random()}`;
    ctx.res.writeHead(204);
    ctx.res.end();
  }

  async function createUserField(ctx: Ctx, set: EntitySet): Promise<void> {
    const body = await jsonBody(ctx);
    checkProperties(body, c.propertiesOf(set), set.type);
    const tableName = String(body.TableName ?? "");
    const name = String(body.Name ?? "").replace(/^U_/, "");
    if (!tableName || !name) throw new SapFailure(400, -5002, "Enter the table name and the field name");
    if (c.userFields.some((f) => f.TableName === tableName && f.Name === name)) {
      throw new SapFailure(400, -10, `Field name '${name}' already exists in table '${tableName}'`);
    }
    const type = (body.Type as UserFieldInput["Type"]) ?? "db_Alpha";
    const field = c.addUserField({
      TableName: tableName,
      Name: name,
      Type: type,
      ...userFieldSizes(body, type), // F11
      Description: String(body.Description ?? name),
      ...(typeof body.SubType === "string" ? { SubType: body.SubType } : {}),
    });
    const key = `TableName='${tableName}',FieldID=${field.FieldID}`;
    sendJson(
      ctx,
      201,
      {
        [ctx.dialect === "v1" ? "odata.metadata" : "@odata.context"]: entityContext(ctx, "UserFieldsMD"),
        ...field,
      },
      { location: locationOf(ctx, `UserFieldsMD(${key})`) },
    );
  }

  /** A document added from an approved draft (approvals.ts, SaveDraftToDocument). */
  async function insertDocument(setName: ApprovalTarget, bd: string, body: Row): Promise<number> {
    const set = c.sets.get(setName) as EntitySet;
    return setName === "PurchaseInvoices" ? insertInvoice(set, bd, body) : insertCreditNote(set, bd, body);
  }

  return {
    insertDocument,
    async handle(
      ctx: Ctx,
      requestMethod: string,
      set: EntitySet,
      bd: string,
      keyText: string | undefined,
      sub: string | undefined,
    ): Promise<void> {
      // SAP accepts POST with X-HTTP-Method-Override (MAN p187).
      const override = ctx.req.headers["x-http-method-override"];
      const method = requestMethod === "POST" && typeof override === "string" ? override.toUpperCase() : requestMethod;
      if (method === "POST" && set.name === "Drafts" && sub === "SaveDraftToDocument") {
        // Issue 37 (F2): DraftsService_SaveDraftToDocument (router.ts routes the service here).
        const body = await jsonBody(ctx);
        const entry = numberOf((body.Document as Row | undefined)?.DocEntry, "DocEntry");
        if (entry === undefined) throw new SapFailure(400, -5002, "Enter the draft's DocEntry (Document.DocEntry)");
        await c.approvals.saveDraftToDocument(bd, entry, insertDocument);
        ctx.res.writeHead(204);
        ctx.res.end();
        return;
      }
      if (method === "DELETE" && set.name === "Drafts" && keyText !== undefined && sub === undefined) {
        c.approvals.remove(bd, Number(keyText));
        ctx.res.writeHead(204);
        ctx.res.end();
        return;
      }
      if (method === "DELETE") throw new SapFailure(400, -5006, NOT_SUPPORTED);
      if (method === "POST" && keyText === undefined && sub === undefined && c.approvals.requiresApproval(set.name)) {
        const body = await jsonBody(ctx);
        checkProperties(body, c.propertiesOf(set), set.type);
        linesOf(body);
        return c.approvals.postAsDraft(ctx, set.name as ApprovalTarget, bd, body);
      }
      if (method === "POST" && keyText === undefined && sub === undefined) {
        if (set.name === "PurchaseInvoices") return createInvoice(ctx, set, bd);
        if (set.name === "PurchaseCreditNotes") return createCreditNote(ctx, set, bd);
        if (set.name === "Drafts") return createDraft(ctx, set, bd);
        if (set.name === "UserFieldsMD") return createUserField(ctx, set);
        throw new SapFailure(400, -5006, NOT_SUPPORTED);
      }
      if (method === "POST" && keyText !== undefined && sub === "Cancel" && set.name === "PurchaseInvoices") {
        return cancelInvoice(ctx, set, bd, keyText);
      }
      if (method === "POST" && keyText !== undefined && sub === "Cancel" && set.name === "VendorPayments") {
        return cancelPayment(ctx, set, bd, keyText);
      }
      if ((method === "PATCH" || method === "MERGE") && keyText !== undefined && sub === undefined) {
        if (set.name === "Drafts") return patchDraft(ctx, set, bd, keyText);
        if (set.kind) return patchDocument(ctx, set, bd, keyText);
      }
      if (keyText !== undefined) c.findByKey(set, await c.headersOf(set, bd), keyText); // -2028 first
      throw new SapFailure(400, -5006, NOT_SUPPORTED);
    },
  };
}

const NOT_FOUND_BASE = (entry: number) => `No matching records found (ODBC -2028): base document ${entry}`;
