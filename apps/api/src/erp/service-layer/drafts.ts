// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { ErpRechazoError } from "../types";
import { type ApprovalDrafts, createApprovalDrafts } from "./approval-drafts";
import { isRefusal } from "./availability";
import { oneByPortalId } from "./cancellation";
import type { ServiceLayerClient } from "./client";
import { q } from "./odata";
import type { SlDocument } from "./wire";

/**
 * An A/P invoice already created for a portal id, or its draft (Drafts: waiting for an approval in SAP): what makes
 * creation idempotent.
 */
export function createDrafts(deps: { client: ServiceLayerClient; approvalDrafts?: ApprovalDrafts }) {
  const { client } = deps;
  // Issue 37 (F2): the draft of an A/P invoice, by DocObjectCode and AuthorizationStatus (approval-drafts.ts).
  const approvalDrafts = deps.approvalDrafts ?? createApprovalDrafts({ client });

  /** The A/P invoice or draft carrying this portal id in `bd`, straight from the Service Layer. */
  async function findByPortalId(bd: string, portalId: number) {
    const filter = q(`U_SYS_PORTALID eq ${portalId}`);
    const [invoices, drafts] = await Promise.all([
      client.getAll<SlDocument>(bd, `PurchaseInvoices?$select=DocEntry,DocNum,CancelStatus&$filter=${filter}`, {
        maxPageSize: 0,
      }),
      approvalDrafts.findDraft(bd, portalId, "oPurchaseInvoices"),
    ]).catch((error: unknown) => {
      // Without the user field the portal cannot make creation idempotent: no retry helps until it exists.
      if (isRefusal(error) && /U_SYS_PORTALID/.test(`${error.detail ?? ""} ${error.message}`)) {
        throw new ErpRechazoError(
          `La base de datos ${bd} del ERP no tiene el campo de usuario U_SYS_PORTALID en las facturas de proveedor (OPCH): créelo y reinicie el Service Layer. Detalle del ERP: ${error.detail ?? error.message}`,
        );
      }
      throw error;
    });
    // Not the cancellation document (decision 048, F6); two A/P invoices with one portal id are refused (F7).
    const invoice = oneByPortalId(invoices, bd, portalId);
    if (invoice) return { kind: "factura" as const, docEntry: invoice.DocEntry, docNum: invoice.DocNum };
    if (drafts)
      return { kind: "borrador" as const, docEntry: drafts.docEntry, docNum: drafts.docNum, draft: drafts, bd };
    return null;
  }

  async function existingOrRefusal(
    found: NonNullable<Awaited<ReturnType<typeof findByPortalId>>>,
    portalId: number,
  ): Promise<{ docEntry: number; docNum: number }> {
    if (found.kind === "factura") return { docEntry: found.docEntry, docNum: found.docNum };
    // Issue 37 (F2): approved → the portal adds it (SaveDraftToDocument) and reads it back; pending → the job waits
    // (ErpApprovalPendingError); rejected → the ERP's refusal.
    if (found.draft.status === "dasApproved") {
      await approvalDrafts.addApproved(found.bd, found.draft, portalId, "oPurchaseInvoices");
      const added = await findByPortalId(found.bd, portalId);
      if (added?.kind === "factura") return { docEntry: added.docEntry, docNum: added.docNum };
    }
    throw approvalDrafts.draftOutcome(found.draft, portalId, "oPurchaseInvoices");
  }

  return { findByPortalId, existingOrRefusal, approvalDrafts };
}

export type Drafts = ReturnType<typeof createDrafts>;
