// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { ERP_AUTORIZACION_MSG } from "@portal/contracts";
import { ErpApprovalPendingError, ErpRechazoError } from "../types";
import { isRefusal } from "./availability";
import { type ServiceLayerClient, ServiceLayerError } from "./client";
import { q } from "./odata";

/** A row of `Drafts` as the lookup selects it. */
interface SlDraft {
  DocEntry: number;
  DocNum?: number | null;
  DocObjectCode?: string | null;
  AuthorizationStatus?: string | null;
}

/**
 * Issue 37, fidelity finding F2 (decision 046): approval procedures of SAP Business One. With one active, a
 * `POST PurchaseInvoices` or `POST PurchaseCreditNotes` creates a draft (ODRF, `Drafts`) instead of the document and
 * answers -2028 — or 204 with the draft's `Location` when the request says `Prefer: return-no-content` (SAP Service
 * Layer API Reference, Orders POST). The draft carries the portal id (U_SYS_PORTALID), `DocObjectCode` (what it will
 * become) and `AuthorizationStatus`. A/P invoices and A/P credit memos number their portal ids from separate
 * sequences, so a draft is only ever read for the object it names.
 */
export type DraftObject = "oPurchaseInvoices" | "oPurchaseCreditNotes";

export interface ApprovalDraft {
  docEntry: number;
  docNum: number | null;
  /** BoDocumentAuthorizationStatus: dasPending, dasApproved, dasRejected, dasGenerated, dasCancelled, dasWithout… */
  status: string;
}

/** Statuses after which the draft no longer stands for the document: it was added, or cancelled. */
const DONE = new Set(["dasGenerated", "dasGeneratedbyAuthorizer", "dasCancelled"]);

const WHAT: Record<DraftObject, (portalId: number) => string> = {
  oPurchaseInvoices: (id) => `la factura de proveedor de la factura ${id} del portal`,
  oPurchaseCreditNotes: (id) => `la nota de crédito de proveedor de la nota de crédito ${id} del portal`,
};

export function createApprovalDrafts(deps: { client: ServiceLayerClient }) {
  const { client } = deps;

  /**
   * The approval draft of portal id `portalId` for `object` in `bd` that still stands for the document (pending,
   * approved or rejected; the newest when there are several), or null.
   */
  async function findDraft(bd: string, portalId: number, object: DraftObject): Promise<ApprovalDraft | null> {
    const filter = q(`U_SYS_PORTALID eq ${portalId} and DocObjectCode eq '${object}'`);
    const drafts = await client
      .getAll<SlDraft>(bd, `Drafts?$select=DocEntry,DocNum,DocObjectCode,AuthorizationStatus&$filter=${filter}`, {
        maxPageSize: 0,
      })
      .catch((error: unknown) => {
        if (error instanceof ServiceLayerError && error.status === 404) return [];
        throw error;
      });
    const standing = drafts
      .filter((d) => d.DocObjectCode === object && !DONE.has(String(d.AuthorizationStatus ?? "")))
      .sort((a, b) => b.DocEntry - a.DocEntry)[0];
    if (!standing) return null;
    return {
      docEntry: standing.DocEntry,
      docNum: standing.DocNum ?? null,
      status: String(standing.AuthorizationStatus ?? "dasWithout"),
    };
  }

  /**
   * What a standing draft means for the job: rejected → the ERP's refusal (employees read 'Autorización rechazada en
   * SAP'); pending, or saved without a procedure → the job waits for SAP (an approved one is added: addApproved).
   */
  function draftOutcome(draft: ApprovalDraft, portalId: number, object: DraftObject): Error {
    const number = draft.docNum ?? draft.docEntry;
    if (draft.status === "dasRejected") {
      return new ErpRechazoError(ERP_AUTORIZACION_MSG.rechazo(WHAT[object](portalId), number));
    }
    return new ErpApprovalPendingError(ERP_AUTORIZACION_MSG.esperando(WHAT[object](portalId), number));
  }

  /**
   * An approved draft (`dasApproved`): SAP waits for its originator — the portal's SAP user — to add the document,
   * `POST DraftsService_SaveDraftToDocument {"Document":{"DocEntry":n}}` (REF127 Drafts). Once added, the lookup by
   * portal id finds the document; a lost answer is safe (the draft is then closed and the document there).
   */
  async function addApproved(bd: string, draft: ApprovalDraft, portalId: number, object: DraftObject): Promise<void> {
    try {
      await client.write(bd, "POST", "DraftsService_SaveDraftToDocument", { Document: { DocEntry: draft.docEntry } });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      throw new ErpRechazoError(
        `SAP no creó ${WHAT[object](portalId)} desde su borrador aprobado ${draft.docNum ?? draft.docEntry}: ${error.detail ?? error.message}`,
      );
    }
  }

  return { findDraft, draftOutcome, addApproved };
}

export type ApprovalDrafts = ReturnType<typeof createApprovalDrafts>;

/** The entity set and key a 201/204 `Location` names (`…/b1s/v2/Drafts(12)` → Drafts, 12), or null. */
export function locationKey(location: string | null | undefined): { set: string; key: number } | null {
  const match = /\/?([A-Za-z0-9_]+)\((\d+)\)\s*$/.exec(location ?? "");
  if (!match) return null;
  return { set: match[1] as string, key: Number(match[2]) };
}

/** SAP's answer to a POST that an approval procedure turned into a draft, without `Prefer: return-no-content`. */
export function isApprovalAnswer(error: unknown): boolean {
  return error instanceof ServiceLayerError && error.status === 400 && Number(error.sapCode) === -2028;
}
