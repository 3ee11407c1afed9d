import type { Database } from "@portal/db";
import {
  erpFacturaLineas,
  erpFacturas,
  erpNotaCreditoLineas,
  erpNotasCredito,
  erpPagoFacturas,
  erpPagos,
} from "@portal/db/schema";
import { and, eq, max, ne, sql } from "drizzle-orm";
import { ErpRechazo, SERIE_FACTURAS } from "./rechazo";

/**
 * SAP Business One's cancellation documents (decision 048, fidelity finding F6). A/P invoices belong to the
 * category "Cancellation that generates cancellation documents": the field CANCELED is "Y (Yes): canceled
 * document … N … C (Cancellation): Indicates a cancellation document"
 * (help.sap.com/saphelp_sbo900/helpdata/EN/ca/080f4f7ad8498b9a39eae01f95764c/content.htm), and "A cancellation
 * document is created. The data of the canceled document is copied to the cancellation document … Both canceled and
 * cancellation documents are closed irreversibly … base documents are reopened"
 * (pioneerb1.com/cancelling-documents-sap-business-one/). The Service Layer answers the three states as
 * `CancelStatus` csNo / csYes / csCancellation (CancelStatusEnum, aliased to CANCELED).
 */

/**
 * Credit memos that are not cancelled and copy A/P invoice `docEntry` (BaseType 18): SAP's follow-up documents.
 * "Cancellation is only possible if No follow-up document exists" (sap-b1-blog.com/en/glossary/invoices-cancel-sap-business-one; F6).
 */
export async function followUpDocuments(tx: Database, bd: string, docEntry: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ docNum: erpNotasCredito.docNum })
    .from(erpNotaCreditoLineas)
    .innerJoin(
      erpNotasCredito,
      and(eq(erpNotasCredito.bd, erpNotaCreditoLineas.bd), eq(erpNotasCredito.docEntry, erpNotaCreditoLineas.docEntry)),
    )
    .where(
      and(
        eq(erpNotaCreditoLineas.bd, bd),
        eq(erpNotaCreditoLineas.baseEntry, docEntry),
        ne(erpNotasCredito.canceled, "Y"),
      ),
    );
  return rows.map((r) => r.docNum);
}

/**
 * Adds the cancellation document of A/P invoice `original` (already locked by the caller's transaction): a new
 * DocEntry and DocNum, the original's data and user fields (U_SYS_PORTALID included), CANCELED 'C', closed; its lines
 * copy the original's (BaseType 18). Its DocDate is the original's: the date SAP's plain `Cancel` gives the
 * cancellation is still to verify (F6 [G]). Returns the new DocEntry.
 */
export async function insertCancellationDocument(
  tx: Database,
  original: typeof erpFacturas.$inferSelect,
): Promise<{ docEntry: number; docNum: number }> {
  const { bd } = original;
  const [last] = await tx
    .select({ n: max(erpFacturas.docEntry) })
    .from(erpFacturas)
    .where(eq(erpFacturas.bd, bd));
  const docEntry = (last?.n ?? 0) + 1;
  const docNum = docEntry + SERIE_FACTURAS;
  const { version: _version, ...data } = original;
  await tx.insert(erpFacturas).values({
    ...data,
    docEntry,
    docNum,
    docStatus: "C",
    canceled: "C",
    paidToDate: "0",
    payBlock: "N",
    payBlockRef: null,
  });
  await tx.execute(sql`insert into erp_mock.factura_lineas (bd, doc_entry, line_num, item_code, item_name, uom_code,
      quantity, price_bef_di, disc_prcnt, line_total, vat_sum, base_type, base_entry, base_line)
    select bd, ${docEntry}, line_num, item_code, item_name, uom_code, quantity, price_bef_di, disc_prcnt, line_total,
      vat_sum, 18, doc_entry, line_num
    from ${erpFacturaLineas} where bd = ${bd} and doc_entry = ${original.docEntry}`);
  return { docEntry, docNum };
}

/**
 * What SAP refuses to cancel (F6): a cancellation document; a document paid or partly paid by a payment that is not
 * cancelled ("You cannot cancel fully or partially paid documents; cancel payments first",
 * blogs.sap.com/2021/10/19/support-spotlight-avoid-common-pitfalls-in-a-r-invoice-cancellations/); one a live credit
 * memo copies (followUpDocuments). Throws ErpRechazo with the rule (`motivo`) and a Spanish message.
 */
export async function refuseCancel(tx: Database, factura: typeof erpFacturas.$inferSelect): Promise<void> {
  const { bd, docNum } = factura;
  if (factura.canceled === "C") {
    throw new ErpRechazo(
      `El documento ${docNum} es el documento de cancelación de una factura de proveedor: no se puede cancelar.`,
      "cancelacion",
    );
  }
  const pagos = await tx
    .select({ docNum: erpPagos.docNum })
    .from(erpPagoFacturas)
    .innerJoin(erpPagos, and(eq(erpPagos.bd, erpPagoFacturas.bd), eq(erpPagos.docEntry, erpPagoFacturas.docEntry)))
    .where(
      and(
        eq(erpPagoFacturas.bd, bd),
        eq(erpPagoFacturas.facturaDocEntry, factura.docEntry),
        eq(erpPagos.canceled, "N"),
      ),
    );
  if (pagos.length > 0) {
    throw new ErpRechazo(
      `La factura de proveedor ${docNum} tiene pagos (${pagos.map((p) => p.docNum).join(", ")}): cancele primero el pago.`,
      "pagada",
    );
  }
  const notas = await followUpDocuments(tx, bd, factura.docEntry);
  if (notas.length > 0) {
    throw new ErpRechazo(
      `La factura de proveedor ${docNum} tiene notas de crédito (${notas.join(", ")}): cancélelas primero.`,
      "seguimiento",
    );
  }
}
