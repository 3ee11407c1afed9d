import type { ErpAdapter, ErpEntrada, ErpPedido } from "../types";
import { createAttachments } from "./attachments";
import { createAvailability, isRefusal } from "./availability";
import { createBankAccounts } from "./bank-accounts";
import { createCatalogCache } from "./catalog-cache";
import type { ServiceLayerClient } from "./client";
import { createCompanyCurrencies } from "./currency";
import { withDeadline } from "./deadline";
import { createDocuments } from "./documents";
import { createDrafts } from "./drafts";
import { createMirrorQueries } from "./mirror-queries";
import { createMirrorSync } from "./mirror-sync";
import { createSlNotasCredito } from "./notas-credito";
import { createPartners } from "./partners";
import { createPaymentBlock } from "./payment-block";
import { createPayments } from "./payments";
import { createPurchaseInvoiceWrites } from "./purchase-invoice-writes";
import { createPurchaseInvoices } from "./purchase-invoices";
import type { SlBase } from "./wire";

export { ERP_STALE_HEADER, serviceLayerDeadline } from "./deadline";

/**
 * The `service-layer` ErpAdapter: SAP Business One's Service Layer through `ServiceLayerClient`, with the wire
 * contract of docs/erp-service-layer.md and the design of decision 028.
 *
 * - A MIRROR of keys and stamps in PostgreSQL (erp_sl_documentos / erp_sl_sincronizacion) answers list order,
 *   scopes, counts, versions and fingerprints with SQL; before answering it is brought up to date with ONE paged
 *   incremental read per (kind, company database), claimed by one process at a time (see syncNow) and within a
 *   process by a shared promise, and skipped when it was read less than `FRESH_MS` ago (by the injected clock), so
 *   one portal call asking versions + count + list costs one Service Layer request per company database.
 * - Whole documents are read by key (DocEntry ranges or `eq` terms in chunks) with their lines.
 * - Money arrives as doubles and leaves as decimal text rounded half away from zero (./money).
 * - PDFs (Attachments2) get an id in erp_sl_adjuntos when their document is first read, and are copied into
 *   archivos only on their first download (copyPdf, after the portal authorized the user).
 * - Failures other than SAP's business refusals propagate as the client's ServiceLayerError (Spanish message).
 */

export interface ServiceLayerErpAdapterDeps {
  db: SlBase["db"];
  client: ServiceLayerClient;
  clock: () => Date;
  warn?: (error: unknown, message: string) => void;
  /**
   * Longest a read may keep its caller waiting (SAP_SL_TIMEOUT_MS in the app): see withDeadline. Absent: as long
   * as its requests take.
   */
  deadlineMs?: number;
  /**
   * The payment block reason (OPYB AbsEntry, PaymentBlockEntry) set with a payment block, when the company uses
   * them (SAP_SL_PAYMENT_BLOCK_ENTRY; issue 27). Absent: PaymentBlock alone.
   */
  paymentBlockEntry?: number;
}

/**
 * The adapter, composed of its parts (decision 044), each a `createX(deps)` in this folder:
 * - availability.ts: which company databases answer (onAvailable, outages, reads marked stale); deadline.ts: the
 *   per-request budget (withDeadline);
 * - mirror-sync.ts: the mirror's incremental and cold reads; mirror-queries.ts: what the mirror answers with SQL;
 * - catalog-cache.ts (item names, payment terms), attachments.ts (PDFs and their owners);
 * - documents.ts (orders and receipts), payments.ts (vendor payments), partners.ts (suppliers);
 * - purchase-invoices.ts (the portal's A/P invoices read), drafts.ts (one by portal id, or its draft),
 *   purchase-invoice-writes.ts (create, cancel), payment-block.ts (block, takeover), notas-credito.ts (A/P credit
 *   memos); purchase-document.ts holds what invoices and credit memos share (the header, the refusal of a write);
 * - wire.ts: the Service Layer's shapes and field lists; limits.ts: sizes and times.
 */
export function createServiceLayerErpAdapter(deps: ServiceLayerErpAdapterDeps): ErpAdapter {
  const { db, clock } = deps;
  const availability = createAvailability(deps.client);
  const { client, availableListeners } = availability;
  const warn = deps.warn ?? (() => {});
  // Issue 37 (F1, F9): each company database's local currency and currency codes, for every part that reads money.
  const currencies = createCompanyCurrencies({ db, client, clock });
  const base = { db, client, clock, warn, currencies };

  const catalog = createCatalogCache(base);
  const attachments = createAttachments(base);
  const mirror = createMirrorSync({ ...base, availability, catalog, attachments, documents: () => documents });
  const queries = createMirrorQueries({ ...base, syncAll: mirror.syncAll });
  const documents = createDocuments({ ...base, availability, catalog, attachments, mirror, queries });
  const payments = createPayments({ ...base, availability, queries, unchanged: documents.unchanged });
  const partners = createPartners({ ...base, catalog, queries });
  const facturas = createPurchaseInvoices({ ...base, mirror, queries, payments });
  const drafts = createDrafts({ client });
  const facturaWrites = createPurchaseInvoiceWrites({ client, warn, drafts, currencies, db });
  const paymentBlock = createPaymentBlock({ client, paymentBlockEntry: deps.paymentBlockEntry });
  // Issue 27: A/P credit memos of accepted credit notes (PurchaseCreditNotes).
  const notasCredito = createSlNotasCredito({ client, isRefusal, warn, currencies });
  // Issue 41 (decision 069): the partners' bank accounts (BPBankAccounts).
  const bankAccounts = createBankAccounts({ client });

  const { listDocuments, readDocuments } = documents;
  const { mirrorVersions, mirrorCount, mirrorFingerprint } = queries;

  /** After the adapter's own writes, the next reads of these kinds ask the Service Layer again. */
  async function afterWrite<T>(bd: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      await mirror
        .invalidate(bd, ["factura", "entrada", "pago"])
        .catch((e: unknown) => warn(e, "No se pudo marcar el espejo del ERP para releerlo."));
    }
  }

  const adapter: ErpAdapter = {
    name: "service-layer",

    watchDocuments(kind, listener) {
      const set = mirror.watchers[kind] as Set<typeof listener>;
      set.add(listener);
      return () => set.delete(listener);
    },
    onAvailable(listener) {
      availableListeners.add(listener);
      return () => availableListeners.delete(listener);
    },
    listPedidos: (scope) => listDocuments("pedido", scope) as Promise<ErpPedido[]>,
    listPedidoVersions: (scope) => mirrorVersions("pedido", scope),
    readPedidos: (keys) => readDocuments("pedido", keys) as Promise<ErpPedido[]>,
    countPedidos: (scope) => mirrorCount("pedido", scope),

    listEntradas: (scope) => listDocuments("entrada", scope) as Promise<ErpEntrada[]>,
    listEntradaVersions: (scope) => mirrorVersions("entrada", scope),
    readEntradas: (keys) => readDocuments("entrada", keys) as Promise<ErpEntrada[]>,
    countEntradas: (scope) => mirrorCount("entrada", scope),
    findEntrada: (bd, docNum, cardCode) => documents.findDocumentByNum("entrada", bd, docNum, cardCode),

    listPagos: payments.listPagos,
    pagosFingerprint: (scope) => mirrorFingerprint("pago", scope),
    countPagos: (scope) => mirrorCount("pago", scope),
    findPago: payments.findPago,
    readPagos: payments.readPagos,
    listAplicaciones: payments.listAplicaciones,

    listProveedores: partners.listProveedores,
    ensureSupplierBusinessPartner: partners.ensureSupplierBusinessPartner,

    findPdfOwners: attachments.findPdfOwners,
    copyPdf: attachments.copyPdf,

    createFacturaProveedor: (input) => afterWrite(input.bd, () => facturaWrites.createFactura(input)),
    createNotaCreditoProveedor: (input) => afterWrite(input.bd, () => notasCredito.create(input)),
    findNotaCreditoProveedor: (bd, portalId) => notasCredito.find(bd, portalId),
    cancelFacturaProveedor: (bd, docEntry) => afterWrite(bd, () => facturaWrites.cancelFactura(bd, docEntry)),
    setPaymentBlock: (bd, docEntry, blocked) =>
      afterWrite(bd, () => paymentBlock.setPaymentBlock(bd, docEntry, blocked)),
    repointFacturaProveedor: (bd, docEntry, to) => afterWrite(bd, () => paymentBlock.repointFactura(bd, docEntry, to)),
    findFacturaProveedor: facturas.findFacturaProveedor,
    listFacturasProveedor: facturas.listFacturasProveedor,
    facturasProveedorFingerprint: (scope) => mirrorFingerprint("factura", scope),
    listBankAccounts: bankAccounts.listBankAccounts,
    upsertBankAccount: bankAccounts.upsertBankAccount,
  };
  return deps.deadlineMs ? withDeadline(adapter, deps.deadlineMs) : adapter;
}
