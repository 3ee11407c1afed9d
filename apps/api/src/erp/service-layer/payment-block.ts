// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import type { ServiceLayerClient } from "./client";
import { writeOrRefuse } from "./purchase-document";

/** The payment block of an A/P invoice, and its takeover by a replacement CFDI (issue 27, decision 036). */
export function createPaymentBlock(deps: { client: ServiceLayerClient; paymentBlockEntry?: number }) {
  const { client } = deps;

  /**
   * `PATCH PurchaseInvoices(DocEntry) {"PaymentBlock":"tYES"|"tNO"}` (issue 27, decision 036), with the company's
   * PaymentBlockEntry when it sets one. A PATCH is idempotent, so a retry after a lost answer sets the same value
   * again. SAP's refusal (a cancelled or closed document, an unknown block reason) is the ERP's refusal; 404 says the
   * document is gone.
   */
  async function setPaymentBlock(bd: string, docEntry: number, blocked: boolean): Promise<void> {
    const body: Record<string, unknown> = { PaymentBlock: blocked ? "tYES" : "tNO" };
    if (blocked && deps.paymentBlockEntry !== undefined) body.PaymentBlockEntry = deps.paymentBlockEntry;
    await writeOrRefuse(
      client,
      bd,
      docEntry,
      "PATCH",
      `PurchaseInvoices(${docEntry})`,
      body,
      (detail) =>
        `El ERP no cambió el bloqueo de pago de la factura de proveedor ${docEntry} de la base de datos ${bd}: ${detail}`,
    );
  }

  /**
   * `PATCH PurchaseInvoices(DocEntry)` with the replacement CFDI's U_SYS_PORTALID, U_SYS_PMUUID and NumAtCard, and
   * `"PaymentBlock":"tNO"` when the block is to be lifted (issue 27, decision 036: the replacement takes over the A/P
   * invoice). A PATCH is idempotent, so a retry after a lost answer writes the same values again. SAP's refusal (a
   * cancelled document, the portal id on another A/P invoice) is the ERP's refusal; 404 says the document is gone.
   */
  async function repointFactura(
    bd: string,
    docEntry: number,
    to: { portalId: number; numAtCard: string; uuid: string; liftPaymentBlock: boolean },
  ): Promise<void> {
    const body: Record<string, unknown> = {
      NumAtCard: to.numAtCard,
      U_SYS_PMUUID: to.uuid,
      U_SYS_PORTALID: to.portalId,
    };
    if (to.liftPaymentBlock) body.PaymentBlock = "tNO";
    await writeOrRefuse(
      client,
      bd,
      docEntry,
      "PATCH",
      `PurchaseInvoices(${docEntry})`,
      body,
      (detail) =>
        `El ERP no pasó la factura de proveedor ${docEntry} de la base de datos ${bd} al CFDI ${to.uuid}: ${detail}`,
    );
  }

  return { setPaymentBlock, repointFactura };
}
