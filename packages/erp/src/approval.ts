/**
 * Issue 37 (fidelity finding F2, decision 046): the document the portal asked for waits in SAP Business One as a
 * draft for an approval procedure (`Drafts`, `AuthorizationStatus` dasPending): not a failure and not a refusal.
 * The ERP outbox keeps the job waiting without spending attempts and asks again later; employees read the message
 * (it starts with ERP_AUTORIZACION_MSG.pendiente of @portal/contracts). A rejected draft is an ErpRechazoError.
 */
export class ErpApprovalPendingError extends Error {
  override readonly name = "ErpApprovalPendingError";
}
