// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { type ErpNotaCreditoProveedorNueva, ErpRechazoError } from "../types";
import { isRefusal } from "./availability";
import { type ServiceLayerClient, ServiceLayerError } from "./client";
import { clip, SAP_LENGTHS } from "./lengths";

/** What an A/P invoice and an A/P credit memo of the portal carry in their header (both ports' inputs have it). */
export type PurchaseDocumentInput = Pick<
  ErpNotaCreditoProveedorNueva,
  | "portalId"
  | "cardCode"
  | "numAtCard"
  | "uuid"
  | "docDate"
  | "docTotal"
  | "docCur"
  | "docRate"
  | "comments"
  | "postingDateRule"
>;

/**
 * The body POSTed for a purchase document (PurchaseInvoices, PurchaseCreditNotes): the CFDI's header, the portal
 * id that makes creation idempotent (U_SYS_PORTALID), and `lines` (copied from receipts or from A/P invoices).
 */
export function purchaseDocumentBody<Line>(input: PurchaseDocumentInput, lines: Line[], postingDate?: string) {
  return {
    CardCode: input.cardCode,
    NumAtCard: clip(input.numAtCard, SAP_LENGTHS.NumAtCard),
    // F3 (decision 047): DocDate is the posting date the sociedad's rule chose; TaxDate stays the CFDI's date.
    DocDate: postingDate ?? input.docDate,
    TaxDate: input.docDate,
    DocCurrency: input.docCur,
    DocRate: Number(input.docRate),
    // Issue 37 (F4): no DocTotal — SAP computes it from the lines and the supplier's withholding (KBA 3697554);
    // the portal compares it with the CFDI's before posting (total-preview.ts).
    Comments: clip(input.comments, SAP_LENGTHS.Comments),
    // Decision 073: a document without CFDI (a foreign supplier's invoice) carries no UUID user field at all.
    ...(input.uuid === "" ? {} : { U_SYS_PMUUID: input.uuid }),
    U_SYS_PORTALID: input.portalId,
    DocumentLines: lines,
  };
}

/** The A/P invoice `docEntry` is not in `bd` (SAP answered 404). */
export const missingFactura = (bd: string, docEntry: number) =>
  new ErpRechazoError(`La factura de proveedor ${docEntry} no existe en la base de datos ${bd} del ERP.`);

/**
 * A write to the A/P invoice `docEntry` of `bd`: 404 says the document is gone, SAP's refusal is the ERP's refusal
 * (ErpRechazoError with `refused(SAP's detail)`), anything else (no answer, 5xx) propagates for a retry.
 */
export async function writeOrRefuse(
  client: ServiceLayerClient,
  bd: string,
  docEntry: number,
  method: "POST" | "PATCH",
  path: string,
  body: unknown,
  refused: (detail: string) => string,
): Promise<void> {
  try {
    await client.write(bd, method, path, body);
  } catch (error) {
    if (error instanceof ServiceLayerError && error.status === 404) throw missingFactura(bd, docEntry);
    if (!isRefusal(error)) throw error;
    throw new ErpRechazoError(refused(error.detail ?? error.message));
  }
}
