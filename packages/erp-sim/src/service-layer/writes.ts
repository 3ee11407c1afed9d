import type { ApprovalTarget } from "./approvals";
import type { EntitySet } from "./entities";
import type { Row } from "./filter";
import { type Ctx, SapFailure } from "./http";
import { createBusinessPartner } from "./writes/business-partners";
import { cancelInvoice, cancelPayment } from "./writes/cancel";
import { createCreditNote, insertCreditNote } from "./writes/credit-note";
import { createDraft, patchDraft, postAsDraft, saveDraftToDocument } from "./writes/drafts";
import { createInvoice, insertInvoice } from "./writes/insert-invoice";
import { patchBusinessPartner } from "./writes/patch-business-partner";
import { patchDocument } from "./writes/patch-document";
import { NOT_SUPPORTED, noContent, type WriteContext } from "./writes/shared";
import { createUserField } from "./writes/user-fields";

export type { UserFieldInput, WriteContext } from "./writes/shared";

/**
 * The simulator's writes, as SAP does them (docs/erp-service-layer.md, "Writes"): A/P invoices copied from goods
 * receipt lines (BaseType 20) into erp_mock.facturas/factura_lineas, closing what they copy; Cancel through the
 * mock ERP's own rule (cancelFacturaProveedorByKey); PATCH merging header fields and lines by LineNum;
 * DELETE refused (-5006); ETag / If-Match (412 -2039); Drafts and UserFieldsMD in memory.
 *
 * One file per operation under writes/ (issue 38): insert-invoice.ts (POST PurchaseInvoices), credit-note.ts
 * (POST PurchaseCreditNotes), cancel.ts (the Cancel actions), patch-document.ts (PATCH of a document), drafts.ts
 * (Drafts and SaveDraftToDocument), user-fields.ts (POST UserFieldsMD), shared.ts (the context, the body's checks,
 * the 201 answer); this routes a request to them over one context.
 */
export function createWrites(c: WriteContext) {
  /** A document added from an approved draft (approvals.ts, SaveDraftToDocument). */
  async function insertDocument(setName: ApprovalTarget, bd: string, body: Row): Promise<number> {
    const set = c.sets.get(setName) as EntitySet;
    return setName === "PurchaseInvoices" ? insertInvoice(c, set, bd, body) : insertCreditNote(c, set, bd, body);
  }

  async function handle(
    ctx: Ctx,
    requestMethod: string,
    set: EntitySet,
    bd: string,
    keyText: string | undefined,
    sub: string | undefined,
  ): Promise<void> {
    // SAP accepts POST with X-HTTP-Method-Override (MAN p187).
    const override = ctx.req.headers["x-http-method-override"];
    const method = requestMethod === "POST" && typeof override === "string" ? override.toUpperCase() : requestMethod;
    if (method === "POST" && set.name === "Drafts" && sub === "SaveDraftToDocument") {
      // Issue 37 (F2): DraftsService_SaveDraftToDocument (router.ts routes the service here).
      return saveDraftToDocument(c, ctx, bd, insertDocument);
    }
    if (method === "DELETE" && set.name === "Drafts" && keyText !== undefined && sub === undefined) {
      c.approvals.remove(bd, Number(keyText));
      return noContent(ctx);
    }
    if (method === "DELETE") throw new SapFailure(400, -5006, NOT_SUPPORTED);
    if (method === "POST" && keyText === undefined && sub === undefined && c.approvals.requiresApproval(set.name)) {
      return postAsDraft(c, ctx, set, bd);
    }
    if (method === "POST" && keyText === undefined && sub === undefined) {
      if (set.name === "PurchaseInvoices") return createInvoice(c, ctx, set, bd);
      if (set.name === "PurchaseCreditNotes") return createCreditNote(c, ctx, set, bd);
      if (set.name === "Drafts") return createDraft(c, ctx, set, bd);
      if (set.name === "UserFieldsMD") return createUserField(c, ctx, set);
      // Issue 41 item 3 (decision 070): a supplier business partner (writes/business-partners.ts).
      if (set.name === "BusinessPartners") return createBusinessPartner(c, ctx, set, bd);
      throw new SapFailure(400, -5006, NOT_SUPPORTED);
    }
    if (method === "POST" && keyText !== undefined && sub === "Cancel" && set.name === "PurchaseInvoices") {
      return cancelInvoice(c, ctx, set, bd, keyText);
    }
    if (method === "POST" && keyText !== undefined && sub === "Cancel" && set.name === "VendorPayments") {
      return cancelPayment(c, ctx, set, bd, keyText);
    }
    if ((method === "PATCH" || method === "MERGE") && keyText !== undefined && sub === undefined) {
      if (set.name === "Drafts") return patchDraft(c, ctx, set, bd, keyText);
      if (set.kind) return patchDocument(c, ctx, set, bd, keyText);
      // Issue 41 (decision 069): a partner's BPBankAccounts.
      if (set.name === "BusinessPartners") return patchBusinessPartner(c, ctx, set, bd, keyText);
    }
    if (keyText !== undefined) c.findByKey(set, await c.headersOf(set, bd), keyText); // -2028 first
    throw new SapFailure(400, -5006, NOT_SUPPORTED);
  }

  return { insertDocument, handle };
}
