import { cancelFacturaProveedorByKey } from "../../facturas-proveedor";
import { cancelPago } from "../../pagos-proveedor";
import { cancelRefusal } from "../cancellation";
import type { EntitySet } from "../entities";
import { type Ctx, SapFailure } from "../http";
import { checkIfMatch, noContent, type WriteContext } from "./shared";

/** What the Cancel actions need of the writes' context. */
export type CancelDeps = Pick<WriteContext, "db" | "findByKey" | "headersOf">;

/** `POST PurchaseInvoices(n)/Cancel`: the A/P invoice cancelled by the mock ERP's rule. */
export async function cancelInvoice(c: CancelDeps, ctx: Ctx, set: EntitySet, bd: string, keyText: string) {
  const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
  checkIfMatch(ctx, row);
  if (row.Cancelled === "tYES") throw new SapFailure(400, -5002, "Document is already cancelled");
  try {
    // The mock ERP's rule adds the cancellation document (cancelacion.ts; F6, decision 048).
    await cancelFacturaProveedorByKey(c.db, bd, Number(row.DocEntry));
  } catch (error) {
    throw cancelRefusal(error);
  }
  noContent(ctx);
}

/** `POST VendorPayments(n)/Cancel` (SAP's bound action): what the payment applied comes off its invoices. */
export async function cancelPayment(c: CancelDeps, ctx: Ctx, set: EntitySet, bd: string, keyText: string) {
  const row = c.findByKey(set, await c.headersOf(set, bd), keyText);
  if (row.Cancelled === "tYES") throw new SapFailure(400, -5002, "Document is already cancelled");
  await cancelPago(c.db, bd, Number(row.DocNum));
  noContent(ctx);
}
