// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { ErpRechazoError } from "../types";
import { type DraftObject, locationKey } from "./approval-drafts";
import type { ServiceLayerClient } from "./client";
import { type CompanyCurrencies, type CompanyCurrency, inDocumentCurrency } from "./currency";
import { money } from "./money";
import type { SlDocument } from "./wire";

/**
 * Issue 37, fidelity finding F4 (decision 046): SAP Business One computes a purchase document's totals itself — from
 * the copied lines, their tax codes, the supplier's withholding codes and the currency's rounding — and "the values
 * set in the payload are replaced by auto calculated values" (SAP KBA 3697554); a `DocTotal` sent that differs
 * becomes a header discount, or "(5002) 10001058 Enter a discount percentage of less than 100". So the portal sends
 * no `DocTotal`: it asks SAP what it will compute by adding the same body as a draft (`POST Drafts`, without the
 * portal id, so it is never taken for an approval draft), reads its totals, deletes it (`DELETE Drafts(n)`), and
 * posts the document only when SAP's total is the CFDI's within the rounding SAP and the SAT allow.
 */

/** A document's totals in the document's currency, as SAP computed them. */
export interface SapTotals {
  docTotal: number;
  vatSum: number;
  wtAmount: number;
  currency: string;
}

/**
 * The one place the adapter reads SAP's totals of a draft or document in the DOCUMENT currency. Fidelity finding F1:
 * the unsuffixed columns are the local currency and the `…Fc` twins hold the foreign amount (inDocumentCurrency
 * moves the twins of a foreign-currency document into the unsuffixed properties and maps the code to ISO).
 */
export function documentCurrencyTotals(doc: SlDocument, cc: CompanyCurrency, fallbackCurrency: string): SapTotals {
  const d = inDocumentCurrency({ ...doc, DocCurrency: doc.DocCurrency ?? fallbackCurrency }, cc);
  return {
    docTotal: Number(d.DocTotal ?? 0),
    vatSum: Number(d.VatSum ?? 0),
    wtAmount: Number(d.WTAmount ?? 0),
    currency: d.DocCurrency ?? fallbackCurrency,
  };
}

/**
 * How far SAP's total may be from the CFDI's and still be the same invoice: SAP rounds tax per line and the CFDI
 * per concept (each rounding at most half a cent per line on each side), so one cent per line, and never less than
 * the ±0.05 practitioners allow when comparing a draft's DocTotal with the source document (F4).
 */
export const totalTolerance = (lines: number) => Math.max(0.05, 0.01 * lines);

export function createTotalPreview(deps: {
  client: ServiceLayerClient;
  warn: (error: unknown, message: string) => void;
  currencies: CompanyCurrencies;
}) {
  const { client, warn } = deps;

  /** SAP's totals for `body` as `object`, from a draft added and deleted at once. */
  async function previewTotals(bd: string, object: DraftObject, body: Record<string, unknown>): Promise<SapTotals> {
    const { U_SYS_PORTALID: _portalId, DocTotal: _total, ...rest } = body;
    const answer = await client.write(bd, "POST", "Drafts", { ...rest, DocObjectCode: object });
    const created = answer.body as SlDocument | null;
    const entry = Number.isInteger(created?.DocEntry) ? created?.DocEntry : locationKey(answer.location)?.key;
    try {
      const doc =
        created && typeof created.DocTotal === "number"
          ? created
          : await client.get<SlDocument>(
              bd,
              `Drafts(${entry})?$select=DocEntry,DocCurrency,DocTotal,DocTotalFc,VatSum,VatSumFc,WTAmount,WTAmountFC`,
            );
      return documentCurrencyTotals(doc, await deps.currencies.of(bd), String(body.DocCurrency ?? "MXN"));
    } finally {
      if (entry !== undefined) {
        await client.write(bd, "DELETE", `Drafts(${entry})`).catch((error: unknown) => {
          warn(
            error,
            `No se pudo borrar el borrador ${entry} de ${bd} con el que el portal consultó los totales de SAP.`,
          );
        });
      }
    }
  }

  /**
   * Throws ErpRechazoError with the reason, for the reviewer, when SAP would compute a total for `body` other than
   * the CFDI's (beyond totalTolerance); else returns SAP's totals. `what` names the document in Spanish.
   */
  async function checkTotal(
    bd: string,
    object: DraftObject,
    body: Record<string, unknown> & { DocumentLines: unknown[] },
    cfdi: { docTotal: string; docCur: string; vatSum?: string; wtSum?: string },
    what: string,
  ): Promise<SapTotals> {
    const sap = await previewTotals(bd, object, body);
    const tolerance = totalTolerance(body.DocumentLines.length);
    const difference = Math.abs(sap.docTotal - Number(cfdi.docTotal));
    if (difference <= tolerance + 1e-9) return sap;
    const cur = cfdi.docCur;
    const cfdiTaxes =
      cfdi.vatSum !== undefined && cfdi.wtSum !== undefined
        ? ` (IVA ${money(cfdi.vatSum)}, retenciones ${money(cfdi.wtSum)})`
        : "";
    throw new ErpRechazoError(
      `SAP calcula para ${what} un total de ${money(sap.docTotal)} ${cur} (IVA ${money(sap.vatSum)}, retenciones ${money(sap.wtAmount)}) y el CFDI dice ${money(cfdi.docTotal)} ${cur}${cfdiTaxes}: la diferencia de ${money(difference)} supera el redondeo admitido (±${money(tolerance)}). No se creó el documento en SAP. Revise en SAP los impuestos de las entradas y las retenciones del proveedor (por ejemplo, ISR RESICO 1.25 %) o pida al proveedor un CFDI con el total correcto.`,
    );
  }

  return { previewTotals, checkTotal };
}

export type TotalPreview = ReturnType<typeof createTotalPreview>;
