import { ErpRechazo } from "../facturas-proveedor";
import { SapFailure } from "./http";

/**
 * SAP's answers to `POST PurchaseInvoices(n)/Cancel` that the mock ERP's cancel rule refuses (decision 048, fidelity
 * finding F6). Texts as SAP support quotes them: "You cannot cancel fully or partially paid documents; cancel payments
 * first" (blogs.sap.com/2021/10/19/support-spotlight-avoid-common-pitfalls-in-a-r-invoice-cancellations/);
 * "Cancellation is only possible if No follow-up document exists"
 * (sap-b1-blog.com/en/glossary/invoices-cancel-sap-business-one). A cancellation document (CancelStatus
 * csCancellation) is closed irreversibly and cannot itself be cancelled (pioneerb1.com/cancelling-documents-sap-business-one/);
 * SAP's exact text for that one was not found, the simulator's is plausible.
 */
export const PAID_DOCUMENT = "You cannot cancel fully or partially paid documents; cancel payments first";
export const FOLLOW_UP_DOCUMENT = "Cancellation is only possible if No follow-up document exists";
export const CANCELLATION_DOCUMENT = "Cannot cancel a cancellation document";

/** The SAP refusal for a mock ERP refusal of a cancel; other errors pass through unchanged. */
export function cancelRefusal(error: unknown): unknown {
  if (!(error instanceof ErpRechazo)) return error;
  if (error.motivo === "seguimiento") return new SapFailure(400, -5002, FOLLOW_UP_DOCUMENT);
  if (error.motivo === "cancelacion") return new SapFailure(400, -5002, CANCELLATION_DOCUMENT);
  return new SapFailure(400, -5002, PAID_DOCUMENT);
}
