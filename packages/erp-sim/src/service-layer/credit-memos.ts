import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";
import { SERIE_NOTAS_CREDITO } from "../notas-credito-proveedor";
import { rows } from "./entities";
import type { Row } from "./filter";
import { SapFailure } from "./http";
import { taxDateOf } from "./tax-date";

/**
 * `POST PurchaseCreditNotes` as SAP Business One does it (decision 049, fidelity finding F5). Two kinds of memo:
 *
 * - Item memo (`DocType` dDocument_Items, the default): every line copies an A/P invoice line (BaseType 18, BaseEntry,
 *   BaseLine). SDK `Document_Lines~BaseLine`: "Use the BaseLine, BaseEntry, and BaseType properties to extract data
 *   from one document to another": the copy takes the base line's tax code and, without `Quantity`, its whole open
 *   quantity. `LineTotal` is net: SDK `Document_Lines~LineTotal` "Returns the total amount (not including tax) per
 *   row"; SAP adds the line's VAT on top (`TaxTotal`, the memo's `VatSum`/`DocTotal`). The base line closes when its
 *   quantity is fully copied; copying a closed line, or from a closed (paid in full) or cancelled invoice, is refused
 *   with -5002 (F5; SAP's exact texts were not found, the simulator's are modelled on the A/P invoice copy's). The
 *   memo reconciles with its base invoice: the invoice's PaidToDate grows by the line's gross amount.
 *   `WithoutInventoryMovement` ("Without Qty Posting", SAP community blog "All credit goes to the customer": copy
 *   the invoice and set the line "Without Qty Posting" to credit without moving stock) is accepted; the simulator
 *   keeps no stock, so it changes nothing here.
 * - Service memo (`DocType` dDocument_Service): lines with `ItemDescription`, `AccountCode`, net `LineTotal` and
 *   `VatGroup`; no base (an item A/P invoice cannot be copied into a service document [G]). Such a memo is an open
 *   credit on the supplier's account: no invoice's balance changes until the accountants reconcile it (internal
 *   reconciliation, or an outgoing payment that includes it) [G, decision 049].
 */

/** OSTC: the tax groups the simulated company has (a company's own setup in SAP; these names are the simulator's). */
export const TAX_GROUPS: ReadonlyMap<string, number> = new Map([
  ["IVA16", 0.16],
  ["IVA8", 0.08],
  ["IVA0", 0],
  ["IVAEX", 0],
]);

const CLOSED_LINE = (docNum: number) => `Target document line is already closed (base document ${docNum})`;
const cents = (v: number) => Math.round(v * 100);
const money = (c: number) => (c / 100).toFixed(2);

interface PlannedLine {
  itemName: string;
  net: number;
  vat: number;
  quantity: number | null;
  accountCode: string;
  vatGroup: string;
  base: { entry: number; line: number } | null;
}

function numberOf(value: unknown, property: string): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const n = typeof value === "number" ? value : Number(value);
  if (Number.isNaN(n))
    throw new SapFailure(400, -1000, `Value '${String(value)}' of property '${property}' is invalid`);
  return n;
}

function docTypeOf(value: unknown): "I" | "S" {
  if (value === undefined || value === "dDocument_Items" || value === "I") return "I";
  if (value === "dDocument_Service" || value === "S") return "S";
  throw new SapFailure(400, -1000, `Enum value '${String(value)}' of property 'DocType' is invalid`);
}

/** Service lines: G/L account, net amount and tax group per line, no base document. */
function planServiceLines(lines: Row[]): PlannedLine[] {
  return lines.map((line, i) => {
    const baseType = numberOf(line.BaseType, "BaseType");
    if (baseType !== undefined && baseType !== -1) {
      throw new SapFailure(400, -5002, `Line ${i}: an item document cannot be copied into a service document`);
    }
    const net = numberOf(line.LineTotal, "LineTotal");
    if (net === undefined || !(net > 0)) throw new SapFailure(400, -5002, `Line ${i}: enter the amount (LineTotal)`);
    const accountCode = typeof line.AccountCode === "string" ? line.AccountCode.trim() : "";
    if (!accountCode) throw new SapFailure(400, -5002, `Line ${i}: enter a G/L account (AccountCode)`);
    const vatGroup = typeof line.VatGroup === "string" ? line.VatGroup : "";
    const rate = TAX_GROUPS.get(vatGroup);
    if (rate === undefined) throw new SapFailure(400, -5002, `Line ${i}: tax code '${vatGroup}' is not defined`);
    return {
      itemName: typeof line.ItemDescription === "string" ? line.ItemDescription : "",
      net: cents(net),
      vat: Math.round(cents(net) * rate),
      quantity: null,
      accountCode,
      vatGroup,
      base: null,
    };
  });
}

interface InvoiceLine {
  doc_entry: number;
  doc_num: number;
  card_code: string;
  card_name: string;
  doc_status: string;
  canceled: string;
  doc_total: string;
  paid_to_date: string;
  line_num: number;
  item_name: string;
  quantity: string;
  line_total: string;
  vat_sum: string;
  copied: string;
}

/** The A/P invoice lines the body copies, locked, with the quantity earlier memos copied from each. */
async function invoiceLines(tx: Database, bd: string, entries: number[]): Promise<Map<string, InvoiceLine>> {
  await tx.execute(sql`select 1 from erp_mock.facturas where bd = ${bd}
    and doc_entry = any(${`{${entries.join(",")}}`}::int[]) order by doc_entry for update`);
  const found = await rows<InvoiceLine>(
    tx,
    sql`select f.doc_entry, f.doc_num, f.card_code, f.card_name, f.doc_status, f.canceled, f.doc_total::text,
        f.paid_to_date::text, l.line_num, l.item_name, l.quantity::text, l.line_total::text, l.vat_sum::text,
        coalesce((select sum(m.quantity) from erp_mock.nota_credito_lineas m join erp_mock.notas_credito n
          on n.bd = m.bd and n.doc_entry = m.doc_entry and n.canceled = 'N'
          where m.bd = l.bd and m.base_type = 18 and m.base_entry = l.doc_entry and m.base_line = l.line_num), 0)::text
          as copied
      from erp_mock.facturas f join erp_mock.factura_lineas l on l.bd = f.bd and l.doc_entry = f.doc_entry
      where f.bd = ${bd} and f.doc_entry = any(${`{${entries.join(",")}}`}::int[])`,
  );
  return new Map(found.map((l) => [`${l.doc_entry}|${l.line_num}`, l]));
}

/** Item lines copied from A/P invoice lines (BaseType 18): quantity and tax code from the base line, net LineTotal. */
async function planCopies(tx: Database, bd: string, cardCode: string, lines: Row[]) {
  const copies = lines.map((line, i) => {
    const baseType = numberOf(line.BaseType, "BaseType");
    const entry = numberOf(line.BaseEntry, "BaseEntry");
    const baseLine = numberOf(line.BaseLine, "BaseLine");
    if (baseType !== 18 || entry === undefined || baseLine === undefined) {
      throw new SapFailure(400, -5002, `Line ${i}: only lines copied from an A/P invoice (BaseType 18) are supported`);
    }
    return {
      i,
      entry,
      baseLine,
      quantity: numberOf(line.Quantity, "Quantity"),
      net: numberOf(line.LineTotal, "LineTotal"),
    };
  });
  const byLine = await invoiceLines(tx, bd, [...new Set(copies.map((c) => c.entry))]);
  const taken = new Map<string, number>();
  const grossOf = new Map<number, number>();
  const planned: PlannedLine[] = copies.map((c) => {
    const key = `${c.entry}|${c.baseLine}`;
    const base = byLine.get(key);
    if (!base)
      throw new SapFailure(400, -5002, `Line ${c.i}: base document ${c.entry} line ${c.baseLine} does not exist`);
    if (base.card_code !== cardCode)
      throw new SapFailure(400, -5002, "Base document card and target document card do not match");
    if (base.canceled === "Y" || base.doc_status === "C") {
      throw new SapFailure(400, -5002, `Base document ${base.doc_num} is closed or cancelled`);
    }
    const open = Number(base.quantity) - Number(base.copied) - (taken.get(key) ?? 0);
    if (open <= 1e-9) throw new SapFailure(400, -5002, CLOSED_LINE(base.doc_num));
    const quantity = c.quantity ?? open;
    if (!(quantity > 0) || quantity > open + 1e-9) {
      throw new SapFailure(400, -5002, `Quantity exceeds the open quantity of the base document line (${open})`);
    }
    taken.set(key, (taken.get(key) ?? 0) + quantity);
    const lineNet = cents(Number(base.line_total));
    const net = c.net === undefined ? Math.round((lineNet * quantity) / Number(base.quantity)) : cents(c.net);
    if (!(net >= 0)) throw new SapFailure(400, -5002, `Line ${c.i}: enter the amount (LineTotal)`);
    // The copied tax code: the base line's own rate (its VAT over its net amount).
    const vat = lineNet === 0 ? 0 : Math.round((net * cents(Number(base.vat_sum))) / lineNet);
    grossOf.set(c.entry, (grossOf.get(c.entry) ?? 0) + net + vat);
    return {
      itemName: base.item_name,
      net,
      vat,
      quantity,
      accountCode: "",
      vatGroup: "",
      base: { entry: c.entry, line: c.baseLine },
    };
  });
  const invoices = [...new Map([...byLine.values()].map((l) => [l.doc_entry, l])).values()];
  for (const f of invoices) {
    const gross = grossOf.get(f.doc_entry) ?? 0;
    const balance = cents(Number(f.doc_total)) - cents(Number(f.paid_to_date));
    if (gross > balance) {
      throw new SapFailure(
        400,
        -5002,
        `The amount exceeds the open balance of base document ${f.doc_num} (${money(balance)})`,
      );
    }
  }
  return { planned, invoices, grossOf, cardName: invoices[0]?.card_name ?? "" };
}

/** Creates the memo in erp_mock (ORPC/RPC1) and answers its DocEntry; SapFailure for what SAP refuses. */
export async function createCreditMemo(
  db: Database,
  bd: string,
  body: Row,
  lines: Row[],
  today: string,
): Promise<number> {
  const cardCode = typeof body.CardCode === "string" ? body.CardCode : "";
  if (!cardCode) throw new SapFailure(400, -5002, "Enter a business partner code (CardCode)");
  if (lines.length === 0) throw new SapFailure(400, -5002, "Document has no lines; add at least one line");
  const docType = docTypeOf(body.DocType);
  const portalId = numberOf(body.U_SYS_PORTALID, "U_SYS_PORTALID") ?? null;
  const docDate = typeof body.DocDate === "string" ? body.DocDate.slice(0, 10) : today;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(docDate)) throw new SapFailure(400, -1000, "Value of property 'DocDate' is invalid");
  const taxDate = taxDateOf(body); // F3
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp_mock.notas_credito|${bd}`}))`);
    if (portalId !== null) {
      const [dup] = await rows(
        tx,
        sql`select 1 from erp_mock.notas_credito where bd = ${bd} and portal_id = ${portalId}`,
      );
      if (dup)
        throw new SapFailure(400, -10, `Duplicate value '${portalId}' in user field 'U_SYS_PORTALID' of table ORPC`);
    }
    const plan =
      docType === "I"
        ? await planCopies(tx, bd, cardCode, lines)
        : {
            planned: planServiceLines(lines),
            invoices: [],
            grossOf: new Map<number, number>(),
            cardName: await partnerName(tx, bd, cardCode),
          };
    const [last] = await rows<{ n: number | null }>(
      tx,
      sql`select max(doc_entry) as n from erp_mock.notas_credito where bd = ${bd}`,
    );
    const entry = Number(last?.n ?? 0) + 1;
    const net = plan.planned.reduce((s, l) => s + l.net, 0);
    const vat = plan.planned.reduce((s, l) => s + l.vat, 0);
    await tx.execute(sql`insert into erp_mock.notas_credito (bd, doc_entry, doc_num, card_code, card_name, num_at_card,
        uuid, doc_date, tax_date, comments, doc_total, doc_cur, doc_rate, portal_id, doc_type, vat_sum)
      values (${bd}, ${entry}, ${entry + SERIE_NOTAS_CREDITO}, ${cardCode}, ${plan.cardName}, ${String(body.NumAtCard ?? "")},
        ${String(body.U_SYS_PMUUID ?? "").toUpperCase()}, ${docDate}, ${taxDate}::date, ${String(body.Comments ?? "")},
        ${money(net + vat)},
        ${String(body.DocCurrency ?? "MXN")}, ${String(numberOf(body.DocRate, "DocRate") ?? 1)}, ${portalId}, ${docType},
        ${money(vat)})`);
    for (const [i, l] of plan.planned.entries()) {
      await tx.execute(sql`insert into erp_mock.nota_credito_lineas (bd, doc_entry, line_num, item_name, line_total,
          vat_sum, quantity, account_code, vat_group, base_type, base_entry, base_line)
        values (${bd}, ${entry}, ${i}, ${l.itemName}, ${money(l.net)}, ${money(l.vat)},
          ${l.quantity === null ? null : String(l.quantity)}::numeric, ${l.accountCode}, ${l.vatGroup},
          ${l.base ? 18 : null}::int, ${l.base?.entry ?? null}::int, ${l.base?.line ?? null}::int)`);
    }
    // A memo based on an invoice reconciles with it: PaidToDate grows by the gross amount; paid in full, it closes.
    for (const f of plan.invoices) {
      const paid = cents(Number(f.paid_to_date)) + (plan.grossOf.get(f.doc_entry) ?? 0);
      await tx.execute(sql`update erp_mock.facturas set paid_to_date = ${money(paid)}::numeric,
          doc_status = ${paid >= cents(Number(f.doc_total)) ? "C" : "O"}
        where bd = ${bd} and doc_entry = ${f.doc_entry}`);
    }
    return entry;
  });
}

async function partnerName(tx: Database, bd: string, cardCode: string): Promise<string> {
  const [p] = await rows<{ card_name: string }>(
    tx,
    sql`select card_name from erp_mock.socios where bd = ${bd} and card_code = ${cardCode}`,
  );
  if (!p) throw new SapFailure(400, -5002, `Business partner '${cardCode}' does not exist`);
  return p.card_name;
}

/**
 * The net and VAT (cents, document currency) SAP computes for a memo body without adding it — a draft of it (F4,
 * decision 046) — by the same rules as createCreditMemo; with the base invoice's currency and rate, if any.
 */
export async function memoAmounts(
  db: Database,
  bd: string,
  body: Row,
  lines: Row[],
): Promise<{ net: number; vat: number; base?: { doc_cur: string; doc_rate: string } }> {
  const cardCode = typeof body.CardCode === "string" ? body.CardCode : "";
  const planned =
    docTypeOf(body.DocType) === "I" ? (await planCopies(db, bd, cardCode, lines)).planned : planServiceLines(lines);
  const entry = lines.map((l) => numberOf(l.BaseEntry, "BaseEntry")).find((e) => e !== undefined);
  const [base] =
    entry === undefined
      ? []
      : await rows<{ doc_cur: string; doc_rate: string }>(
          db,
          sql`select doc_cur, doc_rate::text from erp_mock.facturas where bd = ${bd} and doc_entry = ${entry}`,
        );
  return {
    net: planned.reduce((s, l) => s + l.net, 0),
    vat: planned.reduce((s, l) => s + l.vat, 0),
    ...(base ? { base } : {}),
  };
}
