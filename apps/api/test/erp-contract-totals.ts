import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";

/** The ERP's own record of a document's total and currency (erp_mock, in the document's currency). Issue 37. */
export async function erpTotalOf(
  db: Database,
  kind: "entrada" | "factura",
  bd: string,
  docEntry: number,
): Promise<{ docTotal: string; docCur: string }> {
  const table = sql.raw(kind === "entrada" ? "erp_mock.entradas" : "erp_mock.facturas");
  const result = (await db.execute(
    sql`select doc_total::text as "docTotal", doc_cur as "docCur" from ${table} where bd = ${bd} and doc_entry = ${docEntry}`,
  )) as unknown as { rows: { docTotal: string; docCur: string }[] };
  const [row] = result.rows;
  if (!row) throw new Error(`no ${kind} ${docEntry} in ${bd}`);
  return row;
}
