// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { type ErpAdapter, ErpApprovalPendingError, ErpRechazoError, entradaRefsDeFacturaProveedor } from "../types";
import { isRefusal } from "./availability";
import { receiptToCopy } from "./by-number";
import { ServiceLayerError } from "./client";
import { type CompanyCurrencies, inCompanyCurrency } from "./currency";
import { postPurchaseDocument } from "./document-post";
import type { Drafts } from "./drafts";
import { quantity } from "./money";
import { q } from "./odata";
import { copiesOrders, orderLines } from "./order-lines";
import { type CopiedLine, namedLines, refuseForeignLines } from "./partial-lines";
import { createPortalIdLock } from "./portal-id-lock";
import { postingDateFor, postingDateRefusal } from "./posting-date";
import { missingFactura, purchaseDocumentBody } from "./purchase-document";
import { createTotalPreview } from "./total-preview";
import { type SlBase, type SlDocument, status, yesNo } from "./wire";

type FacturaInput = Parameters<ErpAdapter["createFacturaProveedor"]>[0];

/**
 * The lines the A/P invoice copies: every open line of each receipt the CFDI bills (checked to be the supplier's and
 * open), and the receipts' numbers.
 */
async function receiptLines(client: SlBase["client"], input: FacturaInput) {
  const { bd } = input;
  // Issue 27: every receipt the CFDI bills, in the order asked; each one's open lines are copied. Issue 37
  // (decision 051): asked by DocEntry (BaseEntry) when the request gives it, else by number.
  const refs = entradaRefsDeFacturaProveedor(input);
  const docNums = refs.map((r) => r.docNum);
  const receiptDocs = await client.getAll<SlDocument>(
    bd,
    `PurchaseDeliveryNotes?$select=DocEntry,DocNum,CardCode,DocumentStatus,CancelStatus,DocumentLines&$filter=${q(
      refs.map((r) => (r.docEntry !== null ? `DocEntry eq ${r.docEntry}` : `DocNum eq ${r.docNum}`)).join(" or "),
    )}`,
    { maxPageSize: 0 },
  );
  const lines: CopiedLine[] = [];
  const partial = input.lineas && input.lineas.length > 0 ? input.lineas : null;
  for (const { docNum, docEntry } of refs) {
    // DocNum repeats across numbering series (decision 048, F8): the receipt by DocEntry, else the supplier's one.
    const receipt =
      docEntry !== null
        ? receiptDocs.find((r) => r.DocEntry === docEntry)
        : receiptToCopy(receiptDocs, docNum, input.cardCode, bd);
    if (!receipt) {
      throw new ErpRechazoError(`La entrada ${docNum} no existe en la base de datos ${bd} del ERP.`);
    }
    if (receipt.CardCode !== input.cardCode) {
      throw new ErpRechazoError(
        `La entrada ${docNum} de la base de datos ${bd} es de otro proveedor (${receipt.CardCode}).`,
      );
    }
    const open = (receipt.DocumentLines ?? []).filter(
      (l) => status(l.LineStatus) === "O" && quantity(l.RemainingOpenQuantity) !== "0",
    );
    // SAP refuses copying from a closed document (-5002): say so in the words the portal uses for it, before asking.
    if (status(receipt.DocumentStatus) === "C" || open.length === 0) {
      throw new ErpRechazoError(`La entrada de mercancía ${docNum} ya está cerrada en el ERP (facturada o cancelada).`);
    }
    // Issue 42 (decision 074): a partial request copies the lines it names with their quantities.
    lines.push(
      ...(partial
        ? namedLines(20, receipt, open, partial)
        : open
            .sort((a, b) => a.LineNum - b.LineNum)
            .map((l) => ({ BaseType: 20 as const, BaseEntry: receipt.DocEntry, BaseLine: l.LineNum }))),
    );
  }
  refuseForeignLines(partial ?? undefined, lines);
  return { lines, docNums };
}

async function cancelFactura(client: SlBase["client"], bd: string, docEntry: number): Promise<void> {
  const missing = () => missingFactura(bd, docEntry);
  try {
    await client.write(bd, "POST", `PurchaseInvoices(${docEntry})/Cancel`);
  } catch (error) {
    if (error instanceof ServiceLayerError && error.status === 404) throw missing();
    if (!isRefusal(error)) throw error;
    // SAP refuses cancelling an already cancelled document: that is the idempotent "done".
    let doc: SlDocument;
    try {
      doc = await client.get<SlDocument>(bd, `PurchaseInvoices(${docEntry})?$select=DocEntry,Cancelled`);
    } catch (read) {
      if (read instanceof ServiceLayerError && read.status === 404) throw missing();
      throw read;
    }
    if (yesNo(doc.Cancelled) === "Y") return;
    throw new ErpRechazoError(
      `El ERP no canceló la factura de proveedor ${docEntry} de la base de datos ${bd}: ${error.detail ?? error.message}`,
    );
  }
}

/** A/P invoices created from receipts (copied open lines), idempotent by portal id, and their cancellation. */
export function createPurchaseInvoiceWrites(
  deps: Pick<SlBase, "client" | "warn" | "db"> & { drafts: Drafts; currencies: CompanyCurrencies },
) {
  const { client, warn } = deps;
  const { findByPortalId, existingOrRefusal, approvalDrafts } = deps.drafts;
  const serialised = createPortalIdLock(deps);
  // Issue 37 (F4): SAP's total, asked before posting (total-preview.ts).
  const totalPreview = createTotalPreview({ client, warn, currencies: deps.currencies });

  /** One creation per portal id at a time, across the portal's processes (portal-id-lock.ts; decision 048, F7). */
  function createFactura(input: FacturaInput) {
    return serialised("factura", input.bd, input.portalId, () => createUnlocked(input));
  }

  async function createUnlocked(input: FacturaInput) {
    const { bd, portalId } = input;
    const existing = await findByPortalId(bd, portalId);
    if (existing) return existingOrRefusal(existing, portalId);

    // Issue 42 part 2 (decision 076): services billed against their purchase orders copy the order lines.
    const pedidos = copiesOrders(input);
    const { lines, docNums } = pedidos ? await orderLines(client, input) : await receiptLines(client, input);
    const postingDate = await postingDateFor(client, bd, input.docDate, input.postingDateRule); // F3
    const body = inCompanyCurrency(purchaseDocumentBody(input, lines, postingDate), await deps.currencies.of(bd));
    const receipts = pedidos
      ? `${docNums.length > 1 ? "los pedidos" : "el pedido"} ${docNums.join(", ")}`
      : `${docNums.length > 1 ? "las entradas" : "la entrada"} ${docNums.join(", ")}`;
    try {
      // Issue 37 (F4): no DocTotal is sent; SAP's own total must be the CFDI's, else the reviewer reads why.
      await totalPreview.checkTotal(bd, "oPurchaseInvoices", body, input, `la factura de proveedor de ${receipts}`);
      // Issue 37 (F2): Prefer: return-no-content; an approval procedure answers with the draft (document-post.ts).
      const posted = await postPurchaseDocument(client, bd, "PurchaseInvoices", body);
      if (posted?.kind === "document") return { docEntry: posted.docEntry, docNum: posted.docNum };
      const found = await findByPortalId(bd, portalId);
      if (found) return await existingOrRefusal(found, portalId);
      if (posted?.kind === "draft") {
        const draft = { docEntry: posted.docEntry ?? 0, docNum: null, status: "dasPending" };
        throw approvalDrafts.draftOutcome(draft, portalId, "oPurchaseInvoices");
      }
      throw new ServiceLayerError(
        "El ERP no devolvió la factura de proveedor creada. El ERP no responde; intente en unos minutos.",
        204,
        undefined,
        undefined,
      );
    } catch (error) {
      if (error instanceof ErpRechazoError || error instanceof ErpApprovalPendingError) throw error;
      if (isRefusal(error)) {
        throw (
          postingDateRefusal(error, bd, postingDate) ??
          new ErpRechazoError(`El ERP rechazó la factura de proveedor de ${receipts}: ${error.detail ?? error.message}`)
        );
      }
      // A timeout, a dropped connection, a 5xx or an HTML page: SAP may have committed it. Look before giving up.
      let found: Awaited<ReturnType<typeof findByPortalId>> = null;
      try {
        found = await findByPortalId(bd, portalId);
      } catch (lookup) {
        warn(lookup, `No se pudo comprobar si el ERP creó la factura de proveedor del portal ${portalId}.`);
      }
      if (found) return existingOrRefusal(found, portalId);
      throw error;
    }
  }

  return {
    createFactura,
    cancelFactura: (bd: string, docEntry: number) => cancelFactura(client, bd, docEntry),
  };
}
