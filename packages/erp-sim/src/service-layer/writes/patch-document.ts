import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";
import { ErpRechazo, setPaymentBlockByKey } from "../../facturas-proveedor";
import { type EntitySet, rows } from "../entities";
import { checkDocumentLengths } from "../field-lengths";
import type { Row } from "../filter";
import { type Ctx, SapFailure } from "../http";
import {
  CLOSED_DOCUMENT,
  checkIfMatch,
  checkProperties,
  jsonBody,
  linesOf,
  NOT_SUPPORTED,
  noContent,
  numberOf,
  type WriteContext,
  yesNoOf,
} from "./shared";

/** What a document's PATCH needs of the writes' context. */
export type PatchDeps = Pick<
  WriteContext,
  "db" | "faults" | "paymentBlockEntries" | "propertiesOf" | "findByKey" | "headersOf"
>;

/** The document of a PATCH: its table, its DocEntry and the body's header fields and lines. */
interface DocumentPatch {
  bd: string;
  table: string;
  docEntry: number;
  body: Row;
  lines: Row[];
  block: { blocked: boolean; entry: number | null } | null;
}

/** PATCH of a document in erp_mock: header fields and DocumentLines merged by LineNum (MAN p26). */
export async function patchDocument(c: PatchDeps, ctx: Ctx, set: EntitySet, bd: string, keyText: string) {
  const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
  checkIfMatch(ctx, row);
  const body = await jsonBody(ctx);
  checkProperties(body, c.propertiesOf(set), set.type);
  const lines = linesOf(body);
  checkDocumentLengths(body); // F14
  const table = set.table as string;
  const docEntry = Number(row.DocEntry);
  const block = paymentBlockOf(c, body, row, table);
  await c.db.transaction(async (txx) => {
    await writePatch(txx as unknown as Database, { bd, table, docEntry, body, lines, block });
  });
  if (table === "facturas" && c.faults.commitThenDropPatch > 0) {
    // Committed, but the answer never reaches the client (issue 27: the payment block's retry).
    c.faults.commitThenDropPatch--;
    ctx.req.socket.destroy();
    return;
  }
  noContent(ctx);
}

/** The PATCH written in one transaction: payment block, portal id, header columns, lines, a new version. */
async function writePatch(tx: Database, patch: DocumentPatch): Promise<void> {
  const { bd, table, docEntry, body, block } = patch;
  // Writable header fields of the simulator; SAP ignores read-only ones silently (MAN p26).
  const columns: Record<string, string> = { Comments: "comments", NumAtCard: "num_at_card" };
  if (table !== "facturas") columns.U_B1SYS_MainUsage = "main_usage";
  if (table === "facturas") columns.U_SYS_PMUUID = "uuid";
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
  await writeLines(tx, patch);
  if (table === "facturas") {
    // OPCH's lines have no trigger of their own: touching the header gives the invoice a new version.
    await tx.execute(
      sql`update erp_mock.facturas set doc_entry = doc_entry where bd = ${bd} and doc_entry = ${docEntry}`,
    );
  }
}

/** DocumentLines merged by LineNum: each must exist; its ItemDescription is the one writable column. */
async function writeLines(tx: Database, { bd, table, docEntry, lines }: DocumentPatch): Promise<void> {
  const lineTable = `${table === "pedidos" ? "pedido" : table === "entradas" ? "entrada" : "factura"}_lineas`;
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
}

/**
 * PaymentBlock / PaymentBlockEntry of a PATCH (OPCH's PayBlock / PayBlckRef; issue 27): only A/P invoices are
 * simulated; SAP refuses the change on a cancelled or closed document and a PaymentBlockEntry that names no
 * payment block reason. Without PaymentBlock, a PaymentBlockEntry alone applies to a blocked invoice.
 */
function paymentBlockOf(
  c: Pick<WriteContext, "paymentBlockEntries">,
  body: Row,
  row: Row,
  table: string,
): { blocked: boolean; entry: number | null } | null {
  const blocked = yesNoOf(body.PaymentBlock, "PaymentBlock");
  const entry = numberOf(body.PaymentBlockEntry, "PaymentBlockEntry");
  if (blocked === undefined && entry === undefined) return null;
  if (table !== "facturas") throw new SapFailure(400, -5006, NOT_SUPPORTED);
  if (row.Cancelled === "tYES" || row.DocumentStatus !== "bost_Open") throw new SapFailure(400, -5002, CLOSED_DOCUMENT);
  if (entry !== undefined && !c.paymentBlockEntries.has(entry)) {
    throw new SapFailure(400, -5002, `Invalid value '${entry}' in field 'PaymentBlockEntry': no such payment block`);
  }
  const now = blocked ?? row.PaymentBlock === "tYES";
  const current = typeof row.PaymentBlockEntry === "number" ? row.PaymentBlockEntry : null;
  return { blocked: now, entry: now ? (entry ?? current) : null };
}
