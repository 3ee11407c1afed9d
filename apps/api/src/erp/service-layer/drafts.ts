// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { ErpRechazoError } from "../types";
import { isRefusal } from "./availability";
import { oneByPortalId } from "./cancellation";
import { type ServiceLayerClient, ServiceLayerError } from "./client";
import { q } from "./odata";
import type { SlDocument } from "./wire";

/**
 * An A/P invoice already created for a portal id, or its draft (Drafts: waiting for an approval in SAP): what makes
 * creation idempotent.
 */
export function createDrafts(deps: { client: ServiceLayerClient }) {
  const { client } = deps;

  /** The A/P invoice or draft carrying this portal id in `bd`, straight from the Service Layer. */
  async function findByPortalId(bd: string, portalId: number) {
    const filter = q(`U_SYS_PORTALID eq ${portalId}`);
    const [invoices, drafts] = await Promise.all([
      client.getAll<SlDocument>(bd, `PurchaseInvoices?$select=DocEntry,DocNum,CancelStatus&$filter=${filter}`, {
        maxPageSize: 0,
      }),
      client
        .getAll<SlDocument>(bd, `Drafts?$select=DocEntry,DocNum&$filter=${filter}`, { maxPageSize: 0 })
        .catch((error: unknown) => {
          if (error instanceof ServiceLayerError && error.status === 404) return [];
          throw error;
        }),
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
    const draft = drafts[0];
    if (draft) return { kind: "borrador" as const, docEntry: draft.DocEntry, docNum: draft.DocNum };
    return null;
  }

  function existingOrRefusal(found: NonNullable<Awaited<ReturnType<typeof findByPortalId>>>, portalId: number) {
    if (found.kind === "borrador") {
      throw new ErpRechazoError(
        `La factura de proveedor de la factura ${portalId} del portal está en el ERP como borrador número ${found.docNum ?? found.docEntry}, en espera de autorización; autorícela en el ERP.`,
      );
    }
    return { docEntry: found.docEntry, docNum: found.docNum };
  }

  return { findByPortalId, existingOrRefusal };
}

export type Drafts = ReturnType<typeof createDrafts>;
