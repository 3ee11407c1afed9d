import {
  ErpApprovalPendingError,
  type ErpNotaCreditoProveedor,
  type ErpNotaCreditoProveedorNueva,
  ErpRechazoError,
} from "../types";
import { createApprovalDrafts } from "./approval-drafts";
import { type ServiceLayerClient, ServiceLayerError } from "./client";
import { creditedPerInvoice, creditMemoLines } from "./credit-memo-lines";
import { type CompanyCurrencies, inCompanyCurrency, inDocumentCurrency } from "./currency";
import { postPurchaseDocument } from "./document-post";
import { money } from "./money";
import { q } from "./odata";
import { postingDateFor, postingDateRefusal } from "./posting-date";
import { purchaseDocumentBody } from "./purchase-document";
import { createTotalPreview } from "./total-preview";

interface SlCreditNote {
  DocEntry: number;
  DocNum: number;
  CardCode: string;
  DocCurrency?: string | null;
  DocTotal?: number | null;
  DocTotalFc?: number | null;
  Cancelled?: string;
  U_SYS_PMUUID?: string | null;
  DocumentLines?: {
    BaseType?: number | null;
    BaseEntry?: number | null;
    LineTotal?: number | null;
    TaxTotal?: number | null;
    RowTotalFC?: number | null;
    NetTaxAmountFC?: number | null;
  }[];
}

/** The memo carrying the portal id, as the portal's (amounts in its own currency), or null. */
async function findCreditNote(
  deps: { client: ServiceLayerClient; currencies: CompanyCurrencies },
  bd: string,
  portalId: number,
): Promise<ErpNotaCreditoProveedor | null> {
  const { client } = deps;
  const [found] = await client.getAll<SlCreditNote>(
    bd,
    `PurchaseCreditNotes?$select=DocEntry,DocNum,CardCode,DocCurrency,DocTotal,DocTotalFc,Cancelled,U_SYS_PMUUID,DocumentLines&$filter=${q(
      `U_SYS_PORTALID eq ${portalId}`,
    )}`,
    { maxPageSize: 0 },
  );
  if (!found) return null;
  // Issue 37: amounts in the memo's currency (FC twins), ISO code.
  const doc = inDocumentCurrency(found, await deps.currencies.of(bd));
  const cur = doc.DocCurrency ?? "MXN";
  return {
    bd,
    docEntry: doc.DocEntry,
    docNum: doc.DocNum,
    cardCode: doc.CardCode,
    portalId,
    uuid: String(doc.U_SYS_PMUUID ?? "").toUpperCase(),
    docTotal: money(doc.DocTotal, cur),
    canceled: doc.Cancelled === "tYES" ? "Y" : "N",
    facturas: creditedPerInvoice(doc.DocumentLines ?? []).map((f) => ({
      docEntry: f.docEntry,
      importe: money(f.cents / 100, cur),
    })),
  };
}

/**
 * The memo's approval draft that still stands for it (F2): approved → the portal adds the memo from it and it is
 * returned; pending → the error the job waits with; rejected → the refusal; none → null.
 */
async function memoDraftOutcome(
  deps: {
    approvalDrafts: ReturnType<typeof createApprovalDrafts>;
    find: (bd: string, portalId: number) => Promise<ErpNotaCreditoProveedor | null>;
  },
  bd: string,
  portalId: number,
): Promise<Error | ErpNotaCreditoProveedor | null> {
  const { approvalDrafts, find } = deps;
  const draft = await approvalDrafts.findDraft(bd, portalId, "oPurchaseCreditNotes");
  if (!draft) return null;
  if (draft.status === "dasApproved") {
    await approvalDrafts.addApproved(bd, draft, portalId, "oPurchaseCreditNotes");
    const added = await find(bd, portalId);
    if (added) return added;
  }
  return approvalDrafts.draftOutcome(draft, portalId, "oPurchaseCreditNotes");
}

/**
 * A/P credit memos through the Service Layer (issue 27, decisions 034 and 049): `POST PurchaseCreditNotes` with lines
 * copied from each credited A/P invoice's open lines, net LineTotal (credit-memo-lines.ts), idempotent
 * like the A/P invoices: the memo carrying the portal id (U_SYS_PORTALID) is looked up before posting and after a
 * write whose answer was lost.
 */
export function createSlNotasCredito(deps: {
  client: ServiceLayerClient;
  isRefusal: (error: unknown) => error is ServiceLayerError;
  warn: (error: unknown, message: string) => void;
  currencies: CompanyCurrencies;
}) {
  const { client, isRefusal, warn } = deps;
  // Issue 37: approval drafts of credit memos (F2) and SAP's total asked before posting (F4).
  const approvalDrafts = createApprovalDrafts({ client });
  const totalPreview = createTotalPreview({ client, warn, currencies: deps.currencies });
  const find = (bd: string, portalId: number) => findCreditNote(deps, bd, portalId);
  const outcomeDeps = { approvalDrafts, find };
  /** See memoDraftOutcome. */
  const draftOutcome = (bd: string, portalId: number) => memoDraftOutcome(outcomeDeps, bd, portalId);

  async function create(input: ErpNotaCreditoProveedorNueva): Promise<{ docEntry: number; docNum: number }> {
    const { bd, portalId } = input;
    const existing = await find(bd, portalId);
    if (existing) return { docEntry: existing.docEntry, docNum: existing.docNum };
    // A retry never posts a second draft: the one the approvers hold answers for the memo.
    const waiting = await draftOutcome(bd, portalId);
    if (waiting instanceof Error) throw waiting;
    if (waiting) return { docEntry: waiting.docEntry, docNum: waiting.docNum };
    // Net lines copied from each invoice's open lines; SAP adds the VAT (decision 049, F5).
    const postingDate = await postingDateFor(client, bd, input.docDate, input.postingDateRule); // F3
    const cc = await deps.currencies.of(bd);
    const memo = purchaseDocumentBody(input, await creditMemoLines(client, bd, input.facturas, cc), postingDate);
    const body = inCompanyCurrency(memo, cc);
    try {
      const what = `la nota de crédito de proveedor ${input.numAtCard}`;
      await totalPreview.checkTotal(bd, "oPurchaseCreditNotes", body, input, what);
      const posted = await postPurchaseDocument(client, bd, "PurchaseCreditNotes", body);
      if (posted?.kind === "document") return { docEntry: posted.docEntry, docNum: posted.docNum };
      const found = await find(bd, portalId);
      if (found) return { docEntry: found.docEntry, docNum: found.docNum };
      if (posted?.kind === "draft") {
        const outcome = await draftOutcome(bd, portalId);
        if (outcome && !(outcome instanceof Error)) return { docEntry: outcome.docEntry, docNum: outcome.docNum };
        throw (
          outcome ??
          approvalDrafts.draftOutcome(
            { docEntry: posted.docEntry ?? 0, docNum: null, status: "dasPending" },
            portalId,
            "oPurchaseCreditNotes",
          )
        );
      }
      throw new ServiceLayerError(
        "El ERP no devolvió la nota de crédito de proveedor creada. El ERP no responde; intente en unos minutos.",
        204,
        undefined,
        undefined,
      );
    } catch (error) {
      if (error instanceof ErpRechazoError || error instanceof ErpApprovalPendingError) throw error;
      if (isRefusal(error)) {
        throw (
          postingDateRefusal(error, bd, postingDate) ??
          new ErpRechazoError(
            `El ERP rechazó la nota de crédito de proveedor ${input.numAtCard}: ${error.detail ?? error.message}`,
          )
        );
      }
      // SAP may have committed it before the answer was lost: look before giving up.
      let found: ErpNotaCreditoProveedor | null = null;
      try {
        found = await find(bd, portalId);
      } catch (lookup) {
        warn(lookup, `No se pudo comprobar si el ERP creó la nota de crédito del portal ${portalId}.`);
      }
      if (found) return { docEntry: found.docEntry, docNum: found.docNum };
      const waiting = await draftOutcome(bd, portalId).catch(() => null);
      if (waiting instanceof Error) throw waiting;
      if (waiting) return { docEntry: waiting.docEntry, docNum: waiting.docNum };
      throw error;
    }
  }

  return { find, create };
}
