import type { Database } from "@portal/db";
import { sql } from "drizzle-orm";
import { rows } from "./service-layer/entities";

/**
 * A second numbering series in the simulated ERP (decision 048, fidelity finding F8), for tests and demos: SAP's
 * `DocNum` is not unique. Numbering series with period indicators restart numbers, e.g. per year (community.sap.com
 * "Support Spotlight: How to work with Document Numbering Series under different Period Indicators"); the OPCH/OPDN
 * DocNum index is not unique (biuan.com/OPCH). For payments, SAP Note 1310893: "In the Incoming Payment and Outgoing
 * Payment functions … the 'DocEntry' is automatically set as equal to the 'DocNum'. When the 'DocNum' is repeated
 * for another Period Indicator, the system assigns a negative DocEntry".
 */

/**
 * A goods receipt of the second series: a copy of receipt `docEntry` (header and lines, open) under a new DocEntry
 * (after the highest) and the SAME DocNum, of supplier `cardCode` (the original's when not given). Returns its key.
 */
export async function addReceiptInSecondSeries(
  db: Database,
  bd: string,
  docEntry: number,
  cardCode?: string,
): Promise<{ docEntry: number; docNum: number }> {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    const [row] = await rows<{ entry: number; num: number | null }>(
      tx,
      sql`select coalesce(max(doc_entry), 0) + 1 as entry,
          (select doc_num from erp_mock.entradas where bd = ${bd} and doc_entry = ${docEntry}) as num
        from erp_mock.entradas where bd = ${bd}`,
    );
    if (!row || row.num === null) throw new Error(`No receipt ${docEntry} in ${bd}`);
    const entry = Number(row.entry);
    await tx.execute(sql`insert into erp_mock.entradas (bd, doc_entry, doc_num, card_code, card_name, doc_status,
        doc_date, doc_due_date, group_num, main_usage, pey_method, doc_cur, doc_rate, num_at_card, comments,
        disc_prcnt, disc_sum, vat_sum, wt_sum, doc_total, pedido_doc_num, cp)
      select bd, ${entry}, doc_num, coalesce(${cardCode ?? null}, card_code), card_name, 'O', doc_date, doc_due_date,
        group_num, main_usage, pey_method, doc_cur, doc_rate, num_at_card, comments, disc_prcnt, disc_sum, vat_sum,
        wt_sum, doc_total, null, cp
      from erp_mock.entradas where bd = ${bd} and doc_entry = ${docEntry}`);
    await tx.execute(sql`insert into erp_mock.entrada_lineas (bd, doc_entry, line_num, item_code, item_name,
        frgn_name, line_status, uom_code, quantity, open_qty, price_bef_di, disc_prcnt, line_total, vat_sum)
      select bd, ${entry}, line_num, item_code, item_name, frgn_name, 'O', uom_code, quantity, quantity, price_bef_di,
        disc_prcnt, line_total, vat_sum
      from erp_mock.entrada_lineas where bd = ${bd} and doc_entry = ${docEntry}`);
    return { docEntry: entry, docNum: Number(row.num) };
  });
}

/**
 * A vendor payment of the second series: a copy of payment `docEntry` (header and the invoices it applies to) with
 * the SAME DocNum and a negative DocEntry (SAP Note 1310893), of supplier `cardCode` (the original's when not given),
 * dated `docDate` (the original's when not given). Returns its key.
 */
export async function addPaymentInSecondSeries(
  db: Database,
  bd: string,
  docEntry: number,
  options: { cardCode?: string; docDate?: string; withInvoices?: boolean } = {},
): Promise<{ docEntry: number; docNum: number }> {
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Database;
    const [row] = await rows<{ num: number; lowest: number }>(
      tx,
      sql`select doc_num as num, (select coalesce(min(doc_entry), 0) from erp_mock.pagos
          where bd = ${bd} and doc_entry < 0) as lowest
        from erp_mock.pagos where bd = ${bd} and doc_entry = ${docEntry}`,
    );
    if (!row) throw new Error(`No payment ${docEntry} in ${bd}`);
    // -DocNum, or below the lowest negative one when that is taken.
    const entry = Math.min(-Number(row.num), Number(row.lowest) - 1);
    await tx.execute(sql`insert into erp_mock.pagos (bd, doc_entry, doc_num, card_code, card_name, doc_date,
        pymnt_group, doc_total, doc_cur, doc_rate, canceled)
      select bd, ${entry}, doc_num, coalesce(${options.cardCode ?? null}, card_code), card_name,
        coalesce(${options.docDate ?? null}::date, doc_date), pymnt_group, doc_total, doc_cur, doc_rate, 'N'
      from erp_mock.pagos where bd = ${bd} and doc_entry = ${docEntry}`);
    if (options.withInvoices ?? false) {
      await tx.execute(sql`insert into erp_mock.pago_facturas (bd, doc_entry, line_num, factura_doc_entry,
          sum_applied, applied_pago)
        select bd, ${entry}, line_num, factura_doc_entry, sum_applied, applied_pago
        from erp_mock.pago_facturas where bd = ${bd} and doc_entry = ${docEntry}`);
    }
    return { docEntry: entry, docNum: Number(row.num) };
  });
}
