import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { type Database, schema, storeArchivo } from "@portal/db";
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { DomainError } from "../../lib/errors";
import {
  type ErpAdapter,
  type ErpAplicacion,
  type ErpClaveDocumento,
  type ErpDocumentKinds,
  type ErpEntrada,
  type ErpFacturaProveedor,
  type ErpLinea,
  type ErpPago,
  type ErpPagoFactura,
  type ErpPdfOwner,
  type ErpPedido,
  type ErpProveedor,
  ErpRechazoError,
  type ErpScope,
  type ErpVersionDocumento,
  entradasDeFacturaProveedor,
} from "../types";
import { type ServiceLayerClient, ServiceLayerError, UNAVAILABLE } from "./client";
import { money, quantity, sumMoney, unitPrice } from "./money";
import { createSlNotasCredito } from "./notas-credito";
import { isoDate, isoTime, keyFilters, literal, mapLimit, q, stampFilter, stringKeyFilters } from "./odata";

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
  db: Database;
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

type Kind = "pedido" | "entrada" | "factura" | "pago";
type DocumentKind = "pedido" | "entrada";

const ENTITY: Record<Kind, string> = {
  pedido: "PurchaseOrders",
  entrada: "PurchaseDeliveryNotes",
  factura: "PurchaseInvoices",
  pago: "VendorPayments",
};

/** A mirror read less than this long ago (injected clock) is answered as is. */
const FRESH_MS = 1_500;
/**
 * While the Service Layer does not answer, a warm mirror answers by itself (its rows as last read, marked as such:
 * serviceLayerDeadline's `staleSince`) and the Service Layer is asked again after this long (injected clock).
 */
const OUTAGE_RETRY_MS = 10_000;
/** Business-partner answers kept for an outage (one per company database and supplier). */
const RECENT_PARTNER_LISTS = 2_000;
/** Documents of each kind kept for an outage (`recent`): a few KB each. */
const RECENT_DOCUMENTS = 10_000;
/** A supplier's list with at most this many documents changed since converted reads just those, by key. */
const FEW_BY_KEY = 40;
/** Page size asked for the incremental reads of keys and stamps (small rows). */
const STAMP_PAGE = 1_000;
/** Page size asked for whole documents with their lines. */
const DOCUMENT_PAGE = 1_000;
/** Documents per key filter when reading many by key (each filter is paged by DOCUMENT_PAGE). */
const RANGE_KEYS = 1_000;
/** Requests in flight per call for chunked reads. */
const PARALLEL = 4;
/** Payments have no stamp: their cancellation is re-read for the ones dated within this many days… */
const PAYMENT_RECHECK_DAYS = 90;
/** …and for every payment this often (one paged read of DocEntry and Cancelled). */
const PAYMENT_FULL_MS = 15 * 60_000;
/** erp_sl_sincronizacion kind recording when every payment's Cancelled was last read. */
const FULL_PAYMENTS = "pago-completo";
/** How long the per-process caches of item foreign names and payment terms are trusted. */
const CATALOG_TTL_MS = 10 * 60_000;
/**
 * How long (injected clock) the whole documents a COLD sync read are kept for the list that follows it (the portal
 * asks versions, then the documents): the first list reads every document once, not a stamps pass and then a
 * documents pass.
 */
const COLD_KEEP_MS = 30_000;
/** Rows per INSERT when upserting the mirror. */
const UPSERT_BATCH = 10_000;

/** A PDF starts with "%PDF-", which readers look for within the first KB. */
const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
const PDF_HEADER_WINDOW = 1_024;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// --- The Service Layer's shapes (only what the adapter reads) -----------------------------------------------------

interface SlLine {
  LineNum: number;
  ItemCode?: string | null;
  ItemDescription?: string | null;
  LineStatus?: string;
  UoMCode?: string | null;
  Quantity?: number;
  RemainingOpenQuantity?: number;
  UnitPrice?: number;
  DiscountPercent?: number;
  LineTotal?: number;
  BaseType?: number | null;
  BaseEntry?: number | null;
  BaseLine?: number | null;
}

interface SlDocument {
  DocEntry: number;
  DocNum: number;
  CardCode: string;
  CardName?: string | null;
  DocumentStatus?: string;
  Cancelled?: string;
  PaymentBlock?: string;
  DocDate: string;
  DocDueDate?: string | null;
  PaymentGroupCode?: number | null;
  PaymentMethod?: string | null;
  U_B1SYS_MainUsage?: string | null;
  DocCurrency?: string | null;
  DocRate?: number | null;
  NumAtCard?: string | null;
  Comments?: string | null;
  DiscountPercent?: number | null;
  TotalDiscount?: number | null;
  VatSum?: number | null;
  WTAmount?: number | null;
  DocTotal?: number | null;
  PaidToDate?: number | null;
  AttachmentEntry?: number | null;
  AddressExtension?: { BillToZipCode?: string | null } | null;
  U_SYS_PMUUID?: string | null;
  U_SYS_PORTALID?: number | string | null;
  UpdateDate?: string | null;
  UpdateTime?: string | null;
  DocumentLines?: SlLine[];
  DocumentInstallments?: SlInstallment[] | null;
}

/** Document_Installments (PCH6): when each part of an A/P invoice falls due (issue 27). */
interface SlInstallment {
  InstallmentId?: number | null;
  DueDate?: string | null;
  Percentage?: number | null;
  Total?: number | null;
}

interface SlPaymentInvoice {
  LineNum: number;
  DocEntry: number;
  SumApplied?: number | null;
  AppliedFC?: number | null;
  InvoiceType?: string | null;
}

interface SlPayment {
  DocEntry: number;
  DocNum: number;
  CardCode: string;
  CardName?: string | null;
  DocDate: string;
  DocCurrency?: string | null;
  DocRate?: number | null;
  CashSum?: number | null;
  TransferSum?: number | null;
  U_B1SYS_FormaPago?: string | null;
  Cancelled?: string;
  PaymentInvoices?: SlPaymentInvoice[];
  PaymentChecks?: { CheckSum?: number | null }[];
  PaymentCreditCards?: { CreditSum?: number | null }[];
}

const HEADER_FIELDS = [
  "DocEntry",
  "DocNum",
  "CardCode",
  "CardName",
  "DocumentStatus",
  "DocDate",
  "DocDueDate",
  "PaymentGroupCode",
  "PaymentMethod",
  "U_B1SYS_MainUsage",
  "DocCurrency",
  "DocRate",
  "NumAtCard",
  "Comments",
  "DiscountPercent",
  "TotalDiscount",
  "VatSum",
  "WTAmount",
  "DocTotal",
  "AttachmentEntry",
  "UpdateDate",
  "UpdateTime",
  "DocumentLines",
];
const SELECT: Record<DocumentKind, string> = {
  pedido: HEADER_FIELDS.join(","),
  entrada: [...HEADER_FIELDS, "AddressExtension"].join(","),
};
const FACTURA_FIELDS = [
  "DocEntry",
  "DocNum",
  "CardCode",
  "NumAtCard",
  "U_SYS_PMUUID",
  "U_SYS_PORTALID",
  "DocDate",
  "DocDueDate",
  "DocTotal",
  "PaidToDate",
  "DocCurrency",
  "Cancelled",
  "PaymentBlock",
  "DocumentInstallments",
  "DocumentLines",
].join(",");

/**
 * DocDueDate and Document_Installments of an A/P invoice (issue 27, decision 032), by InstallmentId; SAP always
 * answers at least one installment, and one is made of DocDueDate and DocTotal when none comes back.
 */
function dueDatesOf(d: SlDocument, cur: string): Pick<ErpFacturaProveedor, "docDueDate" | "installments"> {
  const docDueDate = isoDate(d.DocDueDate ?? d.DocDate);
  const installments = (d.DocumentInstallments ?? [])
    .filter((c) => c.DueDate)
    .map((c, i) => ({
      installmentId: c.InstallmentId ?? i + 1,
      dueDate: isoDate(c.DueDate),
      percentage: String(Number(c.Percentage ?? 0)),
      total: money(c.Total, cur),
    }))
    .sort((a, b) => a.installmentId - b.installmentId);
  return {
    docDueDate,
    installments:
      installments.length > 0
        ? installments
        : [{ installmentId: 1, dueDate: docDueDate, percentage: "100", total: money(d.DocTotal, cur) }],
  };
}

const yesNo = (value: unknown): "Y" | "N" => (value === "tYES" || value === "Y" ? "Y" : "N");
const status = (value: unknown): "O" | "C" => (value === "bost_Close" || value === "C" ? "C" : "O");
const text = (value: unknown): string => (typeof value === "string" ? value : value == null ? "" : String(value));
const versionOf = (d: { UpdateDate?: string | null; UpdateTime?: string | null }) =>
  `${isoDate(d.UpdateDate)} ${isoTime(d.UpdateTime)}`;
const portalIdOf = (value: unknown): number | null => {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isInteger(n) ? n : null;
};

/** SAP's own refusal of a request (a business rule, a bad value): the same request would fail again. */
function isRefusal(error: unknown): error is ServiceLayerError {
  return (
    error instanceof ServiceLayerError &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 408 &&
    error.status !== 429 &&
    error.sapCode !== undefined
  );
}

/**
 * The Service Layer did not answer, or answered as a server that cannot (5xx, a balancer's page, a timeout, a
 * refused login's opposite: anything but SAP's own refusal of the request or a wrong password).
 */
function isUnavailable(error: unknown): error is ServiceLayerError {
  return error instanceof ServiceLayerError && error.erpNoDisponible;
}

/** A portal document as converted from the Service Layer's, and when (injected clock ms). */
interface Converted<D> {
  doc: D;
  at: number;
}

/**
 * The client, telling `seen` per company database whether each request got an answer (any answer of SAP's, a
 * refusal included) or none (isUnavailable): what onAvailable reports is the first answer after none.
 */
function watchAvailability(
  client: ServiceLayerClient,
  seen: { failed(bd: string): void; answered(bd: string): void },
): ServiceLayerClient {
  const watch =
    <A extends unknown[], R>(call: (bd: string, ...args: A) => Promise<R>) =>
    async (bd: string, ...args: A): Promise<R> => {
      try {
        const result = await call(bd, ...args);
        seen.answered(bd);
        return result;
      } catch (error) {
        if (isUnavailable(error)) seen.failed(bd);
        else if (error instanceof ServiceLayerError && error.status !== undefined) seen.answered(bd);
        throw error;
      }
    };
  return {
    ...client,
    getAll: watch(client.getAll.bind(client)) as ServiceLayerClient["getAll"],
    get: watch(client.get.bind(client)) as ServiceLayerClient["get"],
    getText: watch(client.getText.bind(client)),
    getBytes: watch(client.getBytes.bind(client)),
    write: watch(client.write.bind(client)),
  };
}

/** Puts `value` last in `map` (insertion order = recency) and drops the oldest entries beyond `max`. */
function keepRecent<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}

/** The Service Layer answered -306: the company database does not exist there, so it holds nothing. */
const isUnknownCompany = (error: unknown) => error instanceof ServiceLayerError && Number(error.sapCode) === -306;

/** A mirror row as read from the Service Layer's keys-and-stamps query. */
interface MirrorRow {
  tipo: Kind;
  bd: string;
  docEntry: number;
  docNum: number;
  cardCode: string;
  docDate: string;
  version: string;
  atcEntry: number | null;
  portalId: number | null;
}

const byBd = <T extends { bd: string }>(keys: readonly T[]) => {
  const groups = new Map<string, T[]>();
  for (const k of keys) {
    const list = groups.get(k.bd);
    if (list) list.push(k);
    else groups.set(k.bd, [k]);
  }
  return groups;
};
const keyOf = (bd: string, docEntry: number) => `${bd}\u0000${docEntry}`;

export function createServiceLayerErpAdapter(deps: ServiceLayerErpAdapterDeps): ErpAdapter {
  const { db, clock } = deps;
  /** Listeners of onAvailable: told when a company database's Service Layer answers again after failing. */
  const availableListeners = new Set<(bd: string) => void>();
  /** Company databases whose last Service Layer request got no answer (down, 5xx, an HTML page, a timeout). */
  const unanswered = new Set<string>();
  const client = watchAvailability(deps.client, {
    failed: (bd) => unanswered.add(bd),
    answered: (bd) => {
      if (!unanswered.delete(bd)) return;
      for (const listener of availableListeners) listener(bd);
    },
  });
  const warn = deps.warn ?? (() => {});
  const t = schema.erpSlDocumentos;
  const s = schema.erpSlSincronizacion;
  const adjuntos = schema.erpSlAdjuntos;

  // ---------------------------------------------------------------------------------------------------------------
  // The mirror
  // ---------------------------------------------------------------------------------------------------------------

  /**
   * In-process state per (kind, bd): the sync under way, when one last completed (clock ms), and a generation that
   * the adapter's own writes bump. A sync that started before a write may finish after it: it does not count as
   * fresh for the new generation, and the next sync skips the shared freshness check (another process's read may
   * predate the write too) so that a write is always visible to the reads that follow it.
   */
  const syncing = new Map<string, { generation: number; run: Promise<void> }>();
  const syncedAt = new Map<string, { generation: number; at: number }>();
  const generations = new Map<string, number>();
  /** Listeners of watchDocuments: whole documents read page by page by a cold sync go to them as they arrive. */
  const watchers: { [K in DocumentKind]: Set<(docs: ErpDocumentKinds[K][]) => void> } = {
    pedido: new Set(),
    entrada: new Set(),
  };
  /** Whole documents read by a cold sync, by `${kind}|${bd}`, waiting for the list that follows (takeCold). */
  const coldDocs = new Map<string, { generation: number; at: number; docs: Map<number, SlDocument> }>();

  /** Forgets that (kind, bd) is fresh, here and for the other processes (after the adapter's own writes). */
  async function invalidate(bd: string, kinds: Kind[]) {
    for (const kind of kinds) {
      const key = `${kind}|${bd}`;
      generations.set(key, (generations.get(key) ?? 0) + 1);
      coldDocs.delete(key);
    }
    await db
      .update(s)
      .set({ leidoEn: new Date(0) })
      .where(and(eq(s.bd, bd), inArray(s.tipo, kinds)));
  }

  function sync(kind: Kind, bd: string): Promise<void> {
    const key = `${kind}|${bd}`;
    const generation = generations.get(key) ?? 0;
    const last = syncedAt.get(key);
    const now = clock().getTime();
    if (last && last.generation === generation && now >= last.at && now - last.at < FRESH_MS) {
      return Promise.resolve();
    }
    const pending = syncing.get(key);
    if (pending && pending.generation === generation) return pending.run;
    // After this process's own write, trust no earlier read: neither its own in flight nor another process's.
    const force = generations.has(key) && last?.generation !== generation;
    const run = (pending?.run.catch(() => {}) ?? Promise.resolve())
      .then(() => syncNow(kind, bd, force, generation))
      .then(() => {
        syncedAt.set(key, { generation, at: clock().getTime() });
      })
      .finally(() => {
        if (syncing.get(key)?.run === run) syncing.delete(key);
      });
    syncing.set(key, { generation, run });
    return run;
  }

  /**
   * Brings the mirrors of `kind` in `bds` up to date; those the Service Layer could not refresh (an outage) answer as
   * last read, and the request under way is marked with that time (serviceLayerDeadline's `staleSince`).
   */
  const syncAll = async (kind: Kind, bds: readonly string[]) => {
    await Promise.all(bds.map((bd) => sync(kind, bd)));
    for (const bd of bds) {
      const readAt = staleReads.get(`${kind}|${bd}`);
      if (readAt) markStale(readAt);
    }
  };

  /** Company databases whose Service Layer failed to answer, and when to ask it again (clock ms). */
  const outages = new Map<string, { retryAt: number }>();
  /** Mirrors answering as last read (`${kind}|${bd}` → that read's time) while their Service Layer is down. */
  const staleReads = new Map<string, Date>();

  /** The request under way is answered from a mirror last read at `readAt` (the oldest such read wins). */
  function markStale(readAt: Date) {
    const store = serviceLayerDeadline.getStore();
    if (store && (!store.staleSince || readAt < store.staleSince)) store.staleSince = readAt;
  }

  /**
   * One incremental read of (kind, bd) and its upsert. No database connection is held while the Service Layer is
   * asked: a transaction open across a network call pins a pooled connection, and the client may itself need one
   * (its session store logs in under an advisory lock) — with every connection pinned by reads waiting for a
   * login, nothing would move. So across processes a warm mirror is CLAIMED instead: the process whose UPDATE moves
   * `leido_en` reads, the others answer from the mirror as it is (at most one window old). A cold mirror has
   * nothing to answer from, so every process that finds it cold reads it. Writes to the mirror are serialized by an
   * advisory lock held only for the upsert, and never go back: a row keeps the newest version seen (documents'
   * stamps only grow; a payment's Cancelled only goes from N to Y) and the watermark the greatest.
   */
  async function syncNow(kind: Kind, bd: string, force: boolean, generation: number): Promise<void> {
    const now = clock();
    let claimedFrom: Date | null = null;
    let state: typeof s.$inferSelect | undefined;
    try {
      [state] = await db
        .select()
        .from(s)
        .where(and(eq(s.tipo, kind), eq(s.bd, bd)));
      // The Service Layer failed a moment ago: a warm mirror answers as it is until it is time to ask again.
      const down = outages.get(bd);
      if (state && down && now.getTime() < down.retryAt) {
        staleReads.set(`${kind}|${bd}`, state.leidoEn);
        return;
      }
      if (state && !force) {
        const age = now.getTime() - state.leidoEn.getTime();
        if (age >= 0 && age < FRESH_MS) return;
        const claimed = await db
          .update(s)
          .set({ leidoEn: now })
          .where(and(eq(s.tipo, kind), eq(s.bd, bd), eq(s.leidoEn, state.leidoEn)))
          .returning({ bd: s.bd });
        if (claimed.length === 0) return; // another process claimed this window's read
        claimedFrom = state.leidoEn;
      }
      // A cold mirror of orders or receipts is filled from the whole documents, which the list that follows uses.
      const { rows, marca, full } =
        kind === "pago"
          ? await readPaymentStamps(bd, state?.marca)
          : !state && (kind === "pedido" || kind === "entrada")
            ? await readColdDocuments(kind, bd, generation)
            : await readStamps(kind, bd, state?.marca);
      // Offset paging may repeat a row changed during the read: the last occurrence wins.
      const unique = [...new Map(rows.map((r) => [r.docEntry, r])).values()];
      // After a cold read of whole documents, the list's item names and PDF ids are asked while the mirror is
      // written (a failure is left to the list, which asks again).
      const cold = !state && (kind === "pedido" || kind === "entrada") ? coldDocs.get(`${kind}|${bd}`) : undefined;
      const prefetch = cold
        ? Promise.all([
            itemForeignNames(
              bd,
              [...cold.docs.values()].flatMap((d) => (d.DocumentLines ?? []).map((l) => text(l.ItemCode))),
            ),
            attachmentFiles(
              bd,
              [...cold.docs.values()].flatMap((d) => (d.AttachmentEntry ? [d.AttachmentEntry] : [])),
            ),
          ]).catch(() => undefined)
        : undefined;
      await db.transaction(async (tx) => {
        await lockMirror(tx as unknown as Database, kind, bd);
        await upsertMirror(tx as unknown as Database, kind, bd, unique);
        await tx
          .insert(s)
          .values({ tipo: kind, bd, marca, leidoEn: now })
          .onConflictDoUpdate({
            target: [s.tipo, s.bd],
            set: { marca: sql`greatest(${s.marca}, excluded.marca)`, leidoEn: now },
          });
        if (full && kind === "pago") {
          await tx
            .insert(s)
            .values({ tipo: FULL_PAYMENTS, bd, marca: "", leidoEn: now })
            .onConflictDoUpdate({ target: [s.tipo, s.bd], set: { leidoEn: now } });
        }
      });
      await prefetch;
      staleReads.delete(`${kind}|${bd}`);
      if (outages.delete(bd)) warn(undefined, `El Service Layer responde de nuevo (${bd}).`);
    } catch (error) {
      if (isUnknownCompany(error)) {
        warn(error, `La base de datos ${bd} no existe en el Service Layer: se lee vacía.`);
        return;
      }
      // A failed read is no read: give the claim back so that the next call (any process) asks again.
      if (claimedFrom) {
        await db
          .update(s)
          .set({ leidoEn: claimedFrom })
          .where(and(eq(s.tipo, kind), eq(s.bd, bd), eq(s.leidoEn, now)))
          .catch((e: unknown) => warn(e, "No se pudo liberar la lectura del espejo del ERP."));
      }
      // The Service Layer is down or failing: a warm mirror answers with the rows it has, marked as such; a cold
      // one has nothing to answer with (the caller gets the Spanish 503).
      if (state && isUnavailable(error)) {
        if (!outages.has(bd)) {
          warn(error, `El Service Layer no responde (${bd}): las listas muestran lo último leído hasta que vuelva.`);
        }
        outages.set(bd, { retryAt: clock().getTime() + OUTAGE_RETRY_MS });
        staleReads.set(`${kind}|${bd}`, claimedFrom ?? state.leidoEn);
        return;
      }
      throw error;
    }
  }

  /**
   * Mirror rows upserted (within a transaction that holds lockMirror). A row keeps the newest version seen.
   */
  async function upsertMirror(tx: Database, kind: Kind, bd: string, unique: readonly MirrorRow[]) {
    // One statement per UPSERT_BATCH rows with one array parameter per column: a cold company database is
    // tens of thousands of rows, which multi-row VALUES with nine parameters each took seconds to bind.
    for (let i = 0; i < unique.length; i += UPSERT_BATCH) {
      const batch = unique.slice(i, i + UPSERT_BATCH);
      const column = <T>(pick: (r: MirrorRow) => T) => sql.param(batch.map(pick));
      await tx.execute(sql`insert into ${t} (tipo, bd, doc_entry, doc_num, card_code, doc_date, version,
          atc_entry, portal_id)
        select ${kind}, ${bd}, u.doc_entry, u.doc_num, u.card_code, u.doc_date, u.version, u.atc_entry, u.portal_id
        from unnest(${column((r) => r.docEntry)}::int[], ${column((r) => r.docNum)}::int[],
          ${column((r) => r.cardCode)}::text[], ${column((r) => r.docDate)}::date[],
          ${column((r) => r.version)}::text[], ${column((r) => r.atcEntry)}::int[],
          ${column((r) => r.portalId)}::int[])
          as u(doc_entry, doc_num, card_code, doc_date, version, atc_entry, portal_id)
        on conflict (tipo, bd, doc_entry) do update set doc_num = excluded.doc_num,
          card_code = excluded.card_code, doc_date = excluded.doc_date, version = excluded.version,
          atc_entry = excluded.atc_entry, portal_id = excluded.portal_id
          -- A slower concurrent read must not put an older version back.
          where excluded.version > ${t}.version`);
    }
  }

  /**
   * Rows for the mirror of (kind, bd) from the pages of a cold read, written by one transaction at a time per
   * (kind, bd) in this process: pages that arrive while one is written wait together and go in the next statement.
   * Each page in a transaction of its own had the pages queue on the advisory lock, each pinning a pooled
   * connection meanwhile. Resolves once `rows` are in the mirror.
   */
  const mirrorWriters = new Map<string, { rows: MirrorRow[]; next: Promise<void> | null; tail: Promise<void> }>();

  function writeMirror(kind: Kind, bd: string, rows: readonly MirrorRow[]): Promise<void> {
    const key = `${kind}|${bd}`;
    let writer = mirrorWriters.get(key);
    if (!writer) {
      writer = { rows: [], next: null, tail: Promise.resolve() };
      mirrorWriters.set(key, writer);
    }
    for (const r of rows) writer.rows.push(r);
    if (writer.next) return writer.next;
    const w = writer;
    const run = w.tail
      .catch(() => {})
      .then(async () => {
        // Rows arriving from now on go to the next statement.
        w.next = null;
        const batch = w.rows;
        w.rows = [];
        // One row per document (the newest version seen), in DocEntry order: every writer of the mirror takes
        // the rows' locks in the same order.
        const newest = new Map<number, MirrorRow>();
        for (const r of batch) {
          const seen = newest.get(r.docEntry);
          if (!seen || r.version > seen.version) newest.set(r.docEntry, r);
        }
        const unique = [...newest.values()].sort((a, b) => a.docEntry - b.docEntry);
        await db.transaction(async (tx) => {
          await lockMirror(tx as unknown as Database, kind, bd);
          await upsertMirror(tx as unknown as Database, kind, bd, unique);
        });
      })
      .finally(() => {
        if (mirrorWriters.get(key) === w && w.tail === run && w.rows.length === 0) mirrorWriters.delete(key);
      });
    w.next = run;
    w.tail = run;
    return run;
  }

  /** Serializes writes to the mirror of (kind, bd) for the rest of the transaction. */
  async function lockMirror(tx: Database, kind: Kind, bd: string) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('erp_sl_sincronizacion'), hashtext(${`${kind}|${bd}`}))`,
    );
  }

  /** Documents' keys and stamps changed since `marca` (all of them when cold). */
  async function readStamps(kind: Kind, bd: string, marca: string | undefined) {
    const fields = ["DocEntry", "DocNum", "CardCode", "DocDate", "UpdateDate", "UpdateTime", "AttachmentEntry"];
    if (kind === "factura") fields.push("U_SYS_PORTALID");
    const filter = marca ? `&$filter=${q(stampFilter(marca))}` : "";
    const docs = await client.getAll<SlDocument>(
      bd,
      `${ENTITY[kind]}?$select=${fields.join(",")}${filter}&$orderby=DocEntry`,
      { maxPageSize: STAMP_PAGE },
    );
    return stampRows(kind, bd, docs, marca);
  }

  /** Mirror rows of documents read with at least their keys and stamps, and the watermark they bring. */
  function stampRows(kind: Kind, bd: string, docs: readonly SlDocument[], marca: string | undefined) {
    let newest = marca ?? "";
    const rows: MirrorRow[] = docs.map((d) => {
      const version = versionOf(d);
      if (version > newest) newest = version;
      return {
        tipo: kind,
        bd,
        docEntry: d.DocEntry,
        docNum: d.DocNum,
        cardCode: d.CardCode,
        docDate: isoDate(d.DocDate),
        version,
        atcEntry: d.AttachmentEntry ?? null,
        portalId: kind === "factura" ? portalIdOf(d.U_SYS_PORTALID) : null,
      };
    });
    return { rows, marca: newest || "1900-01-01 00:00:00", full: false };
  }

  /**
   * A COLD mirror of orders or receipts: every whole document at once (the list that follows needs them all), in
   * pages of DOCUMENT_PAGE asked PARALLEL at a time by $skip after one $count. Documents are never deleted in SAP
   * and the order is by DocEntry, so a document added meanwhile lands after the last page, which follows its next
   * links to the end. The documents are kept for the list that follows (takeCold).
   */
  async function readColdDocuments(kind: DocumentKind, bd: string, generation: number) {
    // The list's payment terms (one small request) are asked meanwhile; a failure is left to the list to report.
    const terms = paymentTerms(bd, []).catch(() => undefined);
    const count = Number(await client.getText(bd, `${ENTITY[kind]}/$count`));
    const pages = Number.isSafeInteger(count) && count > 0 ? Math.ceil(count / DOCUMENT_PAGE) : 1;
    const base = `${ENTITY[kind]}?$select=${SELECT[kind]}&$orderby=DocEntry`;
    // With listeners (the lists' row caches), each page becomes portal documents while the next pages are read, and
    // only what no listener took is kept: the work overlaps the Service Layer's, and the heap holds a page or so.
    const pagesRead = await mapLimit(
      Array.from({ length: pages }, (_, i) => i),
      PARALLEL,
      async (i) => {
        const chunk = await client.getAll<SlDocument>(
          bd,
          i < pages - 1
            ? `${base}&$top=${DOCUMENT_PAGE}&$skip=${i * DOCUMENT_PAGE}`
            : `${base}&$skip=${i * DOCUMENT_PAGE}`,
          { maxPageSize: DOCUMENT_PAGE },
        );
        // Each page's rows go to the mirror while the next pages are read. Without the watermark (written by
        // syncNow once every page is in) the mirror stays cold for everyone: a failure halfway only costs a new
        // cold read, and the rows already written are true.
        const { rows, marca } = stampRows(kind, bd, chunk, undefined);
        // Not awaited here: the next page is asked while the rows wait for the mirror (awaited below).
        const mirrored = writeMirror(kind, bd, rows);
        mirrored.catch(() => {});
        const announced = watchers[kind].size > 0 && (await announce(kind, bd, chunk));
        return { marca, kept: announced ? [] : chunk, mirrored };
      },
    );
    await Promise.all(pagesRead.map((p) => p.mirrored));
    const docs = new Map<number, SlDocument>();
    let marca = "";
    for (const page of pagesRead) {
      if (page.marca > marca) marca = page.marca;
      for (const d of page.kept) docs.set(d.DocEntry, d);
    }
    await terms;
    if (docs.size > 0) {
      const key = `${kind}|${bd}`;
      const entry = { generation, at: clock().getTime(), docs };
      coldDocs.set(key, entry);
      // Dropped unused after a while (a cold count with no list after it): only to free the memory.
      setTimeout(() => {
        if (coldDocs.get(key) === entry) coldDocs.delete(key);
      }, COLD_KEEP_MS).unref();
    }
    // The rows are in the mirror already: syncNow only writes the watermark.
    return { rows: [] as MirrorRow[], marca, full: false };
  }

  /**
   * One page of a cold read, as portal documents, to the watchDocuments listeners; false when it could not be
   * converted (an item name or a payment term the Service Layer did not give): the list reads those documents then.
   */
  async function announce(kind: DocumentKind, bd: string, page: SlDocument[]): Promise<boolean> {
    try {
      if (kind === "pedido") {
        const docs = await toDocuments("pedido", bd, page);
        for (const listener of watchers.pedido) listener(docs);
      } else {
        const docs = await toDocuments("entrada", bd, page);
        for (const listener of watchers.entrada) listener(docs);
      }
      return true;
    } catch (error) {
      warn(error, `No se pudieron preparar documentos leídos del ERP (${bd}); la lista los pedirá de nuevo.`);
      return false;
    }
  }

  /**
   * The documents a cold sync of (kind, bd) read, taken once (the list that follows is their only user), unless
   * they are older than COLD_KEEP_MS or one of the adapter's own writes came after them.
   */
  function takeCold(kind: DocumentKind, bd: string): Map<number, SlDocument> | undefined {
    const key = `${kind}|${bd}`;
    const entry = coldDocs.get(key);
    if (!entry) return undefined;
    coldDocs.delete(key);
    const age = clock().getTime() - entry.at;
    const fresh = age >= 0 && age < COLD_KEEP_MS;
    return fresh && entry.generation === (generations.get(key) ?? 0) ? entry.docs : undefined;
  }

  /**
   * Payments have no UpdateDate: new ones by DocEntry above the highest seen, plus the recent ones again for their
   * Cancelled. An older payment cancelled later is caught by a whole re-read of every payment's Cancelled once per
   * PAYMENT_FULL_MS (its time kept in erp_sl_sincronizacion as kind 'pago-completo'): SAP offers no stamp for it.
   */
  async function readPaymentStamps(bd: string, marca: string | undefined) {
    const [lastFull] = await db
      .select({ leidoEn: s.leidoEn })
      .from(s)
      .where(and(eq(s.tipo, FULL_PAYMENTS), eq(s.bd, bd)));
    const age = lastFull ? clock().getTime() - lastFull.leidoEn.getTime() : Number.POSITIVE_INFINITY;
    const full = !marca || !(age >= 0 && age < PAYMENT_FULL_MS);
    let filter = "";
    if (!full) {
      const since = new Date(clock().getTime() - PAYMENT_RECHECK_DAYS * 86_400_000).toISOString().slice(0, 10);
      filter = `&$filter=${q(`DocEntry gt ${Number(marca)} or DocDate ge ${literal(since)}`)}`;
    }
    const payments = await client.getAll<SlPayment>(
      bd,
      `VendorPayments?$select=DocEntry,DocNum,CardCode,DocDate,Cancelled${filter}&$orderby=DocEntry`,
      { maxPageSize: STAMP_PAGE },
    );
    let highest = marca ? Number(marca) : 0;
    const rows: MirrorRow[] = payments.map((p) => {
      if (p.DocEntry > highest) highest = p.DocEntry;
      return {
        tipo: "pago",
        bd,
        docEntry: p.DocEntry,
        docNum: p.DocNum,
        cardCode: p.CardCode,
        docDate: isoDate(p.DocDate),
        version: yesNo(p.Cancelled),
        atcEntry: null,
        portalId: null,
      };
    });
    // Zero-padded so that the watermark's greatest() (text) compares DocEntries as numbers.
    return { rows, marca: String(highest).padStart(10, "0"), full };
  }

  /** The scope as a WHERE clause on the mirror (kind, company databases, supplier; portal invoices only). */
  function inScope(kind: Kind, scope: ErpScope): SQL {
    const parts: SQL[] = [eq(t.tipo, kind), inArray(t.bd, [...scope.bds])];
    if (scope.cardCode !== null) parts.push(eq(t.cardCode, scope.cardCode));
    if (kind === "factura") parts.push(isNotNull(t.portalId));
    return and(...parts) as SQL;
  }

  /** Keys and versions in list order: newest first, then company database (code point order), then DocNum desc. */
  async function mirrorVersions(kind: Kind, scope: ErpScope): Promise<ErpVersionDocumento[]> {
    if (scope.bds.length === 0) return [];
    await syncAll(kind, scope.bds);
    return db
      .select({ bd: t.bd, docEntry: t.docEntry, version: t.version })
      .from(t)
      .where(inScope(kind, scope))
      .orderBy(sql`${t.docDate} desc, ${t.bd} collate "C", ${t.docNum} desc`);
  }

  async function mirrorCount(kind: Kind, scope: ErpScope): Promise<number> {
    if (scope.bds.length === 0) return 0;
    await syncAll(kind, scope.bds);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(inScope(kind, scope));
    return row?.n ?? 0;
  }

  /** Count plus a hash of every key and version: changes whenever a document of the scope appears or changes. */
  async function mirrorFingerprint(kind: Kind, scope: ErpScope): Promise<string> {
    if (scope.bds.length === 0) return "0";
    await syncAll(kind, scope.bds);
    const [row] = await db
      .select({
        fingerprint: sql<string>`concat_ws(':', count(*), coalesce(md5(string_agg(${t.bd} || '/' || ${t.docEntry} || '/' || ${t.version}, ',' order by ${t.bd}, ${t.docEntry})), '0'))`,
      })
      .from(t)
      .where(inScope(kind, scope));
    return row?.fingerprint ?? "0";
  }

  /** DocEntry → DocNum of documents of `kind` in `bd`: the mirror first, the Service Layer for what it lacks. */
  async function docNums(kind: Kind, bd: string, entries: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (entries.length === 0) return out;
    const unique = [...new Set(entries)];
    const rows = await db
      .select({ docEntry: t.docEntry, docNum: t.docNum })
      .from(t)
      .where(and(eq(t.tipo, kind), eq(t.bd, bd), inArray(t.docEntry, unique)));
    for (const r of rows) out.set(r.docEntry, r.docNum);
    const missing = unique.filter((e) => !out.has(e));
    if (missing.length > 0) {
      const found = await readChunks<SlDocument>(bd, ENTITY[kind], "DocEntry,DocNum", keyFilters("DocEntry", missing));
      for (const d of found) out.set(d.DocEntry, d.DocNum);
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Reads
  // ---------------------------------------------------------------------------------------------------------------

  /** Every row matching any of `filters` (each one paged request), in parallel up to PARALLEL. */
  async function readChunks<T>(
    bd: string,
    entity: string,
    select: string | null,
    filters: readonly string[],
    pageSize = DOCUMENT_PAGE,
  ): Promise<T[]> {
    const pages = await mapLimit(filters, PARALLEL, (filter) =>
      client.getAll<T>(bd, `${entity}?${select ? `$select=${select}&` : ""}$filter=${q(filter)}&$orderby=DocEntry`, {
        maxPageSize: pageSize,
      }),
    );
    return pages.flat();
  }

  /** Per company database, ignoring one the Service Layer does not know (it holds nothing). */
  async function perBd<T>(bds: Iterable<string>, read: (bd: string) => Promise<T[]>): Promise<T[]> {
    const results = await Promise.all(
      [...bds].map(async (bd) => {
        try {
          return await read(bd);
        } catch (error) {
          if (isUnknownCompany(error)) {
            warn(error, `La base de datos ${bd} no existe en el Service Layer: se lee vacía.`);
            return [];
          }
          throw error;
        }
      }),
    );
    return results.flat();
  }

  // Per-process caches: foreign item names and credit days change rarely and are not part of a version; they are
  // dropped every CATALOG_TTL_MS (injected clock) so an edit in SAP shows within that time.
  const foreignNames = new Map<string, { at: number; names: Map<string, string> }>();
  const creditDays = new Map<string, { at: number; days: Map<number, number> }>();
  const expired = (entry: { at: number } | undefined) => {
    const age = entry ? clock().getTime() - entry.at : Number.POSITIVE_INFINITY;
    return !(age >= 0 && age < CATALOG_TTL_MS);
  };

  /** Item codes being asked for, per company database: concurrent pages of a cold read ask each code once. */
  const namesInFlight = new Map<string, Map<string, Promise<void>>>();

  async function itemForeignNames(bd: string, codes: Iterable<string>): Promise<Map<string, string>> {
    let cache = foreignNames.get(bd);
    if (!cache || expired(cache)) {
      cache = { at: clock().getTime(), names: new Map() };
      foreignNames.set(bd, cache);
    }
    const known = cache.names;
    let inFlight = namesInFlight.get(bd);
    if (!inFlight) {
      inFlight = new Map();
      namesInFlight.set(bd, inFlight);
    }
    const flights = inFlight;
    const wanted = [...new Set(codes)].filter((c) => c !== "" && !known.has(c));
    const waits = new Set(wanted.flatMap((c) => flights.get(c) ?? []));
    const missing = wanted.filter((c) => !flights.has(c));
    if (missing.length > 0) {
      const read = mapLimit(stringKeyFilters("ItemCode", missing), PARALLEL, (filter) =>
        client.getAll<{ ItemCode: string; ForeignName?: string | null }>(
          bd,
          `Items?$select=ItemCode,ForeignName&$filter=${q(filter)}`,
          { maxPageSize: 0 },
        ),
      ).then((pages) => {
        for (const item of pages.flat()) known.set(item.ItemCode, text(item.ForeignName));
        for (const code of missing) if (!known.has(code)) known.set(code, "");
      });
      const flight = read.finally(() => {
        for (const code of missing) if (flights.get(code) === flight) flights.delete(code);
      });
      for (const code of missing) flights.set(code, flight);
      waits.add(flight);
    }
    await Promise.all(waits);
    return known;
  }

  /** The payment terms being read, per company database (concurrent first reads share one request). */
  const termsInFlight = new Map<string, Promise<Map<number, number>>>();

  async function paymentTerms(bd: string, codes: Iterable<number>): Promise<Map<number, number>> {
    const wanted = [...new Set(codes)];
    const cached = creditDays.get(bd);
    if (cached && !expired(cached) && wanted.every((c) => cached.days.has(c))) return cached.days;
    let flight = termsInFlight.get(bd);
    if (!flight) {
      flight = client
        .getAll<{ GroupNumber: number; NumberOfAdditionalDays?: number | null }>(
          bd,
          "PaymentTermsTypes?$select=GroupNumber,NumberOfAdditionalDays",
          { maxPageSize: 0 },
        )
        .then((terms) => {
          const days = new Map(
            terms.map((p) => [p.GroupNumber, Math.max(0, Math.trunc(p.NumberOfAdditionalDays ?? 0))]),
          );
          creditDays.set(bd, { at: clock().getTime(), days });
          return days;
        })
        .finally(() => termsInFlight.delete(bd));
      termsInFlight.set(bd, flight);
    }
    const days = await flight;
    // A code SAP does not list (-1, "no terms") counts as cash and is not asked for again.
    for (const code of wanted) if (!days.has(code)) days.set(code, 0);
    return days;
  }

  /**
   * AttachmentEntry → the id lists carry for its PDF. An entry seen for the first time gets a row in erp_sl_adjuntos
   * with a new id and nothing copied: no Service Layer request while listing (copyPdf fetches the bytes when
   * someone downloads them). Concurrent first reads (other processes too) keep whichever row was inserted first.
   */
  async function attachmentFiles(bd: string, entries: Iterable<number>): Promise<Map<number, string>> {
    const unique = [...new Set(entries)].filter((e) => Number.isSafeInteger(e));
    const out = new Map<number, string>();
    if (unique.length === 0) return out;
    // One array parameter per statement, whatever the number of attachments (a cold company database has
    // thousands): three statements at most instead of one per thousand rows.
    const known = async (wanted: number[]) => {
      const rows = await db
        .select({ atcEntry: adjuntos.atcEntry, archivoId: adjuntos.archivoId })
        .from(adjuntos)
        .where(and(eq(adjuntos.bd, bd), sql`${adjuntos.atcEntry} = any(${`{${wanted.join(",")}}`}::int[])`));
      for (const r of rows) out.set(r.atcEntry, r.archivoId);
    };
    await known(unique);
    const missing = unique.filter((e) => !out.has(e));
    if (missing.length === 0) return out;
    const ids = missing.map(() => randomUUID());
    await db.execute(sql`insert into ${adjuntos} (bd, atc_entry, archivo_id)
      select ${bd}, e, id from unnest(${`{${missing.join(",")}}`}::int[], ${`{${ids.join(",")}}`}::uuid[]) as u(e, id)
      on conflict do nothing`);
    await known(missing);
    return out;
  }

  /** Downloads in flight per attachment id: two users opening one PDF at once cause one Service Layer request. */
  const copying = new Map<string, Promise<string | null>>();

  async function copyPdf(archivoId: string): Promise<string | null> {
    if (!UUID_RE.test(archivoId)) return null;
    const [row] = await db
      .select({ bd: adjuntos.bd, atcEntry: adjuntos.atcEntry, contenidoId: adjuntos.contenidoId })
      .from(adjuntos)
      .where(eq(adjuntos.archivoId, archivoId));
    if (!row) return null;
    if (row.contenidoId) return row.contenidoId;
    let pending = copying.get(archivoId);
    if (!pending) {
      pending = copyAttachment(archivoId, row.bd, row.atcEntry).finally(() => copying.delete(archivoId));
      copying.set(archivoId, pending);
    }
    return pending;
  }

  async function copyAttachment(archivoId: string, bd: string, atcEntry: number): Promise<string | null> {
    let file: { bytes: Buffer; contentType: string };
    try {
      file = await client.getBytes(bd, `Attachments2(${atcEntry})/$value`);
    } catch (error) {
      // The attachment is gone in the ERP: the download answers like an unknown file (404), nothing is recorded so
      // a file put back in SAP downloads later.
      if (error instanceof ServiceLayerError && error.status === 404) {
        warn(error, `El adjunto ${atcEntry} de la base de datos ${bd} no existe en el ERP.`);
        return null;
      }
      throw error;
    }
    // Served as application/pdf from the portal's origin: anything else (an HTML page, a spreadsheet attached by
    // mistake) is refused rather than stored. Like PDF readers, the header may follow up to 1 KB of leading bytes.
    if (file.bytes.subarray(0, PDF_HEADER_WINDOW).indexOf(PDF_MAGIC) < 0) {
      const message = `El adjunto ${atcEntry} del documento en la base de datos ${bd} no es un PDF; revise el archivo adjunto en SAP.`;
      // Answered as a 502 the error plugin does not log: the log says it here, with what SAP declared it to be.
      warn(undefined, `${message} (el ERP lo envió como ${file.contentType.slice(0, 80)})`);
      throw new DomainError(502, message);
    }
    const contenidoId = await storeArchivo(db, file.bytes, "application/pdf");
    await db
      .update(adjuntos)
      .set({ contenidoId, copiadoEn: clock() })
      .where(and(eq(adjuntos.archivoId, archivoId), isNull(adjuntos.contenidoId)));
    // Another process may have copied it first: its row wins (the same bytes, so normally the same archivos row).
    const [row] = await db
      .select({ contenidoId: adjuntos.contenidoId })
      .from(adjuntos)
      .where(eq(adjuntos.archivoId, archivoId));
    return row?.contenidoId ?? contenidoId;
  }

  /** SAP documents (with lines) → the portal's orders or receipts; resolves item names, terms, PDFs, orders. */
  async function toDocuments(kind: "pedido", bd: string, docs: SlDocument[]): Promise<ErpPedido[]>;
  async function toDocuments(kind: "entrada", bd: string, docs: SlDocument[]): Promise<ErpEntrada[]>;
  async function toDocuments(kind: DocumentKind, bd: string, docs: SlDocument[]): Promise<(ErpPedido | ErpEntrada)[]> {
    if (docs.length === 0) return [];
    const lines = docs.flatMap((d) => d.DocumentLines ?? []);
    const [names, terms, files, orders] = await Promise.all([
      itemForeignNames(
        bd,
        lines.map((l) => text(l.ItemCode)),
      ),
      paymentTerms(
        bd,
        docs.map((d) => d.PaymentGroupCode ?? 0),
      ),
      attachmentFiles(
        bd,
        docs.flatMap((d) => (d.AttachmentEntry ? [d.AttachmentEntry] : [])),
      ),
      kind === "entrada"
        ? docNums(
            "pedido",
            bd,
            lines.flatMap((l) => (l.BaseType === 22 && l.BaseEntry ? [l.BaseEntry] : [])),
          )
        : Promise.resolve(new Map<number, number>()),
    ]);
    const converted = docs.map((d) => {
      const lineas: ErpLinea[] = [...(d.DocumentLines ?? [])]
        .sort((a, b) => a.LineNum - b.LineNum)
        .map((l) => ({
          lineNum: l.LineNum,
          itemCode: text(l.ItemCode),
          itemName: text(l.ItemDescription),
          frgnName: names.get(text(l.ItemCode)) ?? "",
          lineStatus: status(l.LineStatus),
          uomCode: text(l.UoMCode),
          quantity: quantity(l.Quantity),
          openQty: quantity(l.RemainingOpenQuantity),
          priceBefDi: unitPrice(l.UnitPrice),
          discPrcnt: quantity(l.DiscountPercent),
          lineTotal: money(l.LineTotal, text(d.DocCurrency)),
        }));
      const cur = text(d.DocCurrency);
      const header: ErpPedido = {
        bd,
        docEntry: d.DocEntry,
        docNum: d.DocNum,
        cardCode: d.CardCode,
        cardName: text(d.CardName),
        docStatus: status(d.DocumentStatus),
        docDate: isoDate(d.DocDate),
        docDueDate: isoDate(d.DocDueDate ?? d.DocDate),
        groupNum: terms.get(d.PaymentGroupCode ?? 0) ?? 0,
        mainUsage: text(d.U_B1SYS_MainUsage),
        peyMethod: text(d.PaymentMethod),
        docCur: cur,
        docRate: quantity(d.DocRate ?? 1),
        numAtCard: text(d.NumAtCard),
        comments: text(d.Comments),
        discPrcnt: quantity(d.DiscountPercent),
        discSum: money(d.TotalDiscount, cur),
        vatSum: money(d.VatSum, cur),
        wtSum: money(d.WTAmount, cur),
        docTotal: money(d.DocTotal, cur),
        pdfArchivoId: d.AttachmentEntry ? (files.get(d.AttachmentEntry) ?? null) : null,
        version: versionOf(d),
        lineas,
      };
      if (kind === "pedido") return header;
      const base = (d.DocumentLines ?? []).find((l) => l.BaseType === 22 && l.BaseEntry);
      return {
        ...header,
        pedidoDocNum: base?.BaseEntry ? (orders.get(base.BaseEntry) ?? null) : null,
        cp: text(d.AddressExtension?.BillToZipCode),
        lineas,
      } satisfies ErpEntrada;
    });
    if (kind === "entrada") remember("entrada", converted as ErpEntrada[]);
    else remember("pedido", converted as ErpPedido[]);
    return converted;
  }

  /** Orders or receipts by key, in any order; unknown keys (and unknown company databases) are skipped. */
  async function readDocuments(kind: DocumentKind, keys: readonly ErpClaveDocumento[]) {
    if (keys.length === 0) return [];
    try {
      return await readByKey(kind, keys);
    } catch (error) {
      const known = isUnavailable(error) ? lastRead(kind, keys) : null;
      if (!known) throw error;
      return known;
    }
  }

  async function readByKey(kind: DocumentKind, keys: readonly ErpClaveDocumento[]) {
    const { hits, misses } = unchangedDocuments(kind, keys);
    if (misses.length === 0) return hits;
    const groups = byBd(misses);
    const read = await perBd(groups.keys(), async (bd) => {
      // What the cold sync just read (same version as asked, when the key says one) is not asked again.
      const cold = takeCold(kind, bd);
      const found = new Map<number, SlDocument>();
      const entries: number[] = [];
      for (const k of groups.get(bd) ?? []) {
        const d = cold?.get(k.docEntry);
        const asked = (k as Partial<ErpVersionDocumento>).version;
        if (d && (asked === undefined || asked === versionOf(d))) found.set(k.docEntry, d);
        else entries.push(k.docEntry);
      }
      if (entries.length > 0) {
        // Ranges of at most RANGE_KEYS documents, PARALLEL at a time.
        const docs = await readChunks<SlDocument>(
          bd,
          ENTITY[kind],
          SELECT[kind],
          keyFilters("DocEntry", entries, undefined, RANGE_KEYS),
        );
        // A range filter may bring documents between the asked keys: keep exactly the asked ones.
        const wanted = new Set(entries);
        for (const d of docs) if (wanted.has(d.DocEntry)) found.set(d.DocEntry, d);
      }
      const unique = [...found.values()];
      return kind === "pedido" ? toDocuments("pedido", bd, unique) : toDocuments("entrada", bd, unique);
    });
    return [...hits, ...read];
  }

  /**
   * A scope's documents in list order: the mirror's keys (which define the list), then the documents. A supplier's
   * documents are read by `CardCode eq` (one paged request per company database), everyone's by key ranges.
   */
  async function listDocuments(kind: DocumentKind, scope: ErpScope) {
    const versions = await mirrorVersions(kind, scope);
    if (versions.length === 0) return [];
    try {
      return await readListed(kind, scope, versions);
    } catch (error) {
      const known = isUnavailable(error) ? lastRead(kind, versions) : null;
      if (!known) throw error;
      return known;
    }
  }

  async function readListed(kind: DocumentKind, scope: ErpScope, versions: ErpVersionDocumento[]) {
    let docs: (ErpPedido | ErpEntrada)[];
    if (scope.cardCode !== null) {
      const cardCode = scope.cardCode;
      const listed = new Set(versions.map((v) => keyOf(v.bd, v.docEntry)));
      const groups = byBd(versions);
      docs = await perBd(groups.keys(), async (bd) => {
        // Unchanged since the portal converted them: no request; a few changed: those by key.
        const { hits, misses } = unchangedDocuments(kind, groups.get(bd) ?? []);
        if (misses.length === 0) return hits;
        if (misses.length <= FEW_BY_KEY && hits.length > 0) return [...hits, ...(await readByKey(kind, misses))];
        // After a cold sync its documents answer, when they hold every listed one of this company database.
        const cold = takeCold(kind, bd);
        const rows =
          cold && versions.every((v) => v.bd !== bd || cold.has(v.docEntry))
            ? [...cold.values()].filter((d) => d.CardCode === cardCode)
            : await client.getAll<SlDocument>(
                bd,
                `${ENTITY[kind]}?$select=${SELECT[kind]}&$filter=${q(`CardCode eq ${literal(cardCode)}`)}&$orderby=DocEntry`,
                { maxPageSize: DOCUMENT_PAGE },
              );
        // Only the mirror's documents (one added since the mirror was read waits for the next call, as in counts).
        const unique = [
          ...new Map(rows.filter((d) => listed.has(keyOf(bd, d.DocEntry))).map((d) => [d.DocEntry, d])).values(),
        ];
        return kind === "pedido" ? toDocuments("pedido", bd, unique) : toDocuments("entrada", bd, unique);
      });
    } else {
      docs = await readDocuments(kind, versions);
    }
    const byKey = new Map(docs.map((d) => [keyOf(d.bd, d.docEntry), d]));
    return versions.flatMap((v) => {
      const d = byKey.get(keyOf(v.bd, v.docEntry));
      return d ? [d] : [];
    });
  }

  /**
   * Orders and receipts converted lately, by `${bd}|${docEntry}` (most recent last, at most RECENT_DOCUMENTS per
   * kind): while the Service Layer is down, a supplier's lists, the invoice form and postFactura are answered with
   * what the portal last read, for the documents whose version the mirror still lists.
   */
  const recent: { [K in DocumentKind]: Map<string, Converted<ErpDocumentKinds[K]>> } = {
    pedido: new Map(),
    entrada: new Map(),
  };
  function remember<K extends DocumentKind>(kind: K, docs: readonly ErpDocumentKinds[K][]) {
    const kept = recent[kind] as Map<string, Converted<ErpDocumentKinds[K]>>;
    const at = clock().getTime();
    for (const d of docs) keepRecent(kept, `${d.bd}|${d.docEntry}`, { doc: d, at }, RECENT_DOCUMENTS);
  }

  /**
   * Splits `keys` into what `kept` holds converted at exactly the version the key asks (`versionIn` of the converted
   * value; a document's version changes with any change, header or lines; a payment's is its Cancelled), which
   * needs no Service Layer request, and the rest. A conversion older than CATALOG_TTL_MS is not reused: item names,
   * credit days and the paid invoices' folios are not part of a version.
   */
  function unchanged<D>(
    kept: Map<string, Converted<D>>,
    keys: readonly ErpClaveDocumento[],
    versionIn: (converted: D) => string,
  ) {
    const hits: D[] = [];
    const misses: ErpClaveDocumento[] = [];
    for (const k of keys) {
      const asked = (k as Partial<ErpVersionDocumento>).version;
      const c = kept.get(`${k.bd}|${k.docEntry}`);
      if (c && asked !== undefined && versionIn(c.doc) === asked && !expired(c)) hits.push(c.doc);
      else misses.push(k);
    }
    return { hits, misses };
  }
  const unchangedDocuments = (kind: DocumentKind, keys: readonly ErpClaveDocumento[]) =>
    unchanged(recent[kind] as Map<string, Converted<ErpPedido | ErpEntrada>>, keys, (d) => d.version);

  /**
   * `versions` as last read, when every one is still at hand (an outage); else null. Marks the request stale. A
   * document changed since the portal read it answers as it was then: what the portal last had, marked as such.
   */
  function lastRead(kind: DocumentKind, versions: readonly ErpClaveDocumento[]) {
    const kept = recent[kind] as Map<string, Converted<ErpPedido | ErpEntrada>>;
    const docs: (ErpPedido | ErpEntrada)[] = [];
    for (const v of versions) {
      const c = kept.get(`${v.bd}|${v.docEntry}`);
      if (!c) return null;
      docs.push(c.doc);
    }
    for (const bd of new Set(versions.map((v) => v.bd))) {
      const readAt = staleReads.get(`${kind}|${bd}`);
      if (readAt) markStale(readAt);
    }
    return docs;
  }

  /** The mirror's row (key and version) of the document of `kind` numbered `docNum` in `bd`. */
  async function mirrorRowByNum(kind: Kind, bd: string, docNum: number): Promise<ErpVersionDocumento | undefined> {
    const [row] = await db
      .select({ bd: t.bd, docEntry: t.docEntry, version: t.version })
      .from(t)
      .where(and(eq(t.tipo, kind), eq(t.bd, bd), eq(t.docNum, docNum)));
    return row;
  }

  /** The receipt numbered `docNum` as last read, when the mirror still lists that version (an outage); else null. */
  async function lastReadReceipt(bd: string, docNum: number): Promise<ErpEntrada | null> {
    const row = await mirrorRowByNum("entrada", bd, docNum);
    if (!row) return null;
    if (!staleReads.has(`entrada|${bd}`)) {
      const [state] = await db
        .select({ leidoEn: s.leidoEn })
        .from(s)
        .where(and(eq(s.tipo, "entrada"), eq(s.bd, bd)));
      if (state) staleReads.set(`entrada|${bd}`, state.leidoEn);
    }
    // An invoice is checked against the receipt as the ERP has it: only the version the mirror lists will do.
    const [found] = lastRead("entrada", [row]) ?? [];
    return found && found.version === row.version ? (found as ErpEntrada) : null;
  }

  async function findDocumentByNum(kind: "entrada", bd: string, docNum: number): Promise<ErpEntrada | null> {
    const down = outages.get(bd);
    if (down && clock().getTime() < down.retryAt) {
      const known = await lastReadReceipt(bd, docNum);
      if (known) return known;
    }
    // A warm mirror (brought up to date at most FRESH_MS ago) lists the receipt's version: converted at that
    // version, it needs no request. A cold mirror is not read for one receipt.
    if (syncedAt.has(`${kind}|${bd}`)) {
      const known = await sync(kind, bd)
        .then(() => mirrorRowByNum(kind, bd, docNum))
        .then((row) => (row ? (unchangedDocuments(kind, [row]).hits[0] as ErpEntrada | undefined) : undefined))
        .catch(() => undefined);
      if (known) return known;
    }
    try {
      return await askDocumentByNum(kind, bd, docNum);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      const known = await lastReadReceipt(bd, docNum);
      if (known) return known;
      throw error;
    }
  }

  async function askDocumentByNum(kind: "entrada", bd: string, docNum: number): Promise<ErpEntrada | null> {
    const [found] = await perBd([bd], async (b) => {
      const rows = await client.getAll<SlDocument>(
        b,
        `${ENTITY[kind]}?$select=${SELECT[kind]}&$filter=${q(`DocNum eq ${docNum}`)}`,
        { maxPageSize: 0 },
      );
      return toDocuments("entrada", b, rows.slice(0, 1));
    });
    return found ?? null;
  }

  // --- Payments ----------------------------------------------------------------------------------------------------

  /** Payments matching the filters (full entities: PaymentInvoices and, when present, checks and cards). */
  const readPayments = (bd: string, filters: readonly string[]) =>
    readChunks<SlPayment>(bd, "VendorPayments", null, filters);

  /** The invoice side of payment lines: DocNum, folio, UUID, date, total and currency, by DocEntry. */
  async function paidInvoices(bd: string, entries: Iterable<number>) {
    const docs = await readChunks<SlDocument>(
      bd,
      "PurchaseInvoices",
      "DocEntry,DocNum,NumAtCard,U_SYS_PMUUID,DocDate,DocTotal,DocCurrency",
      keyFilters("DocEntry", entries, undefined, RANGE_KEYS),
    );
    return new Map(docs.map((d) => [d.DocEntry, d]));
  }

  /** The mirror's rows (key and version) of these documents of `kind`. */
  async function mirrorRowsOf(kind: Kind, keys: readonly ErpClaveDocumento[]): Promise<ErpVersionDocumento[]> {
    const out: ErpVersionDocumento[] = [];
    for (const [bd, group] of byBd(keys)) {
      out.push(
        ...(await db
          .select({ bd: t.bd, docEntry: t.docEntry, version: t.version })
          .from(t)
          .where(
            and(
              eq(t.tipo, kind),
              eq(t.bd, bd),
              inArray(
                t.docEntry,
                group.map((k) => k.docEntry),
              ),
            ),
          )),
      );
    }
    return out;
  }

  /**
   * Business partners as last read, by `${bd}|${cardCode}` (empty cardCode: every supplier of `bd`), at most
   * RECENT_PARTNER_LISTS lists: reused without a request while younger than CATALOG_TTL_MS (a ZIP code edited in SAP
   * shows within that time, like item names), and for an outage of the Service Layer whatever their age.
   */
  const lastPartners = new Map<string, { at: number; rows: ErpProveedor[] }>();

  /** Payments converted lately, by `${bd}|${docEntry}` (at most RECENT_DOCUMENTS): the lists' last read for an outage. */
  const recentPagos = new Map<string, Converted<ErpPago>>();

  async function toPayments(bd: string, payments: SlPayment[]): Promise<ErpPago[]> {
    const converted = await convertPayments(bd, payments);
    const at = clock().getTime();
    for (const p of converted) keepRecent(recentPagos, `${p.bd}|${p.docEntry}`, { doc: p, at }, RECENT_DOCUMENTS);
    return converted;
  }

  /** Payments `keys` as last read (a payment's mirror version is its Cancelled), when all are at hand; else null. */
  function lastReadPagos(keys: readonly ErpVersionDocumento[]): ErpPago[] | null {
    const out: ErpPago[] = [];
    for (const k of keys) {
      const p = recentPagos.get(`${k.bd}|${k.docEntry}`)?.doc;
      if (!p || p.canceled !== k.version) return null;
      out.push(p);
    }
    for (const bd of new Set(keys.map((k) => k.bd))) {
      const readAt = staleReads.get(`pago|${bd}`);
      if (readAt) markStale(readAt);
    }
    return out;
  }

  async function convertPayments(bd: string, payments: SlPayment[]): Promise<ErpPago[]> {
    const invoices = await paidInvoices(
      bd,
      payments.flatMap((p) => (p.PaymentInvoices ?? []).map((l) => l.DocEntry)),
    );
    return payments.map((p) => {
      const cur = text(p.DocCurrency);
      const facturas: ErpPagoFactura[] = [...(p.PaymentInvoices ?? [])]
        .filter((l) => !l.InvoiceType || l.InvoiceType === "it_PurchaseInvoice")
        .sort((a, b) => a.LineNum - b.LineNum)
        .flatMap((l) => {
          const inv = invoices.get(l.DocEntry);
          if (!inv) return [];
          const invCur = text(inv.DocCurrency);
          const sumApplied = money(l.SumApplied, invCur);
          return [
            {
              lineNum: l.LineNum,
              facturaDocEntry: l.DocEntry,
              facturaDocNum: inv.DocNum,
              folio: text(inv.NumAtCard),
              uuid: text(inv.U_SYS_PMUUID).toUpperCase(),
              fecha: isoDate(inv.DocDate),
              facturaTotal: money(inv.DocTotal, invCur),
              sumApplied,
              // AppliedFC is the payment-currency amount only when the currencies differ (SAP leaves it 0 otherwise).
              appliedPago: invCur !== cur ? money(l.AppliedFC, cur) : sumApplied,
              docCur: invCur,
            },
          ];
        });
      return {
        bd,
        docEntry: p.DocEntry,
        docNum: p.DocNum,
        cardCode: p.CardCode,
        cardName: text(p.CardName),
        docDate: isoDate(p.DocDate),
        formaPago: text(p.U_B1SYS_FormaPago),
        docTotal: sumMoney([
          p.CashSum,
          p.TransferSum,
          ...(p.PaymentChecks ?? []).map((c) => c.CheckSum),
          ...(p.PaymentCreditCards ?? []).map((c) => c.CreditSum),
        ]),
        docCur: cur,
        docRate: quantity(p.DocRate ?? 1),
        canceled: yesNo(p.Cancelled),
        facturas,
      };
    });
  }

  async function readPagosByKey(keys: readonly ErpClaveDocumento[]): Promise<ErpPago[]> {
    if (keys.length === 0) return [];
    // A payment changes in SAP only by its cancellation (its mirror version).
    const { hits, misses } = unchanged(recentPagos, keys, (p) => p.canceled);
    if (misses.length === 0) return hits;
    const groups = byBd(misses);
    const read = await perBd(groups.keys(), async (bd) => {
      const entries = (groups.get(bd) ?? []).map((k) => k.docEntry);
      const wanted = new Set(entries);
      const rows = (await readPayments(bd, keyFilters("DocEntry", entries, undefined, RANGE_KEYS))).filter((p) =>
        wanted.has(p.DocEntry),
      );
      return toPayments(bd, [...new Map(rows.map((p) => [p.DocEntry, p])).values()]);
    });
    return [...hits, ...read];
  }

  // --- A/P invoices ------------------------------------------------------------------------------------------------

  /** Live payments of these suppliers in `bd`: invoice DocEntry → the latest payment date applied to it. */
  async function lastPaymentDates(bd: string, cardCodes: Iterable<string>): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const filters = stringKeyFilters("CardCode", cardCodes);
    if (filters.length === 0) return out;
    for (const p of await readPayments(bd, filters)) {
      if (yesNo(p.Cancelled) === "Y") continue;
      const date = isoDate(p.DocDate);
      for (const l of p.PaymentInvoices ?? []) {
        const previous = out.get(l.DocEntry);
        if (!previous || date > previous) out.set(l.DocEntry, date);
      }
    }
    return out;
  }

  async function readFacturas(bd: string, entries: readonly number[]): Promise<ErpFacturaProveedor[]> {
    if (entries.length === 0) return [];
    const wanted = new Set(entries);
    const docs = [
      ...new Map(
        (await readChunks<SlDocument>(bd, "PurchaseInvoices", FACTURA_FIELDS, keyFilters("DocEntry", entries)))
          .filter((d) => wanted.has(d.DocEntry) && portalIdOf(d.U_SYS_PORTALID) !== null)
          .map((d) => [d.DocEntry, d]),
      ).values(),
    ];
    const receiptOf = (d: SlDocument) =>
      (d.DocumentLines ?? []).find((l) => l.BaseType === 20 && l.BaseEntry)?.BaseEntry ?? null;
    // Only invoices with something paid can have a live payment: their suppliers' payments are read.
    const paid = docs.filter((d) => money(d.PaidToDate) !== "0.00");
    const [receipts, payDates] = await Promise.all([
      docNums(
        "entrada",
        bd,
        docs.flatMap((d) => receiptOf(d) ?? []),
      ),
      lastPaymentDates(
        bd,
        paid.map((d) => d.CardCode),
      ),
    ]);
    return docs.map((d) => {
      const cur = text(d.DocCurrency);
      const receipt = receiptOf(d);
      return {
        bd,
        docEntry: d.DocEntry,
        docNum: d.DocNum,
        cardCode: d.CardCode,
        portalId: portalIdOf(d.U_SYS_PORTALID) as number,
        numAtCard: text(d.NumAtCard),
        uuid: text(d.U_SYS_PMUUID).toUpperCase(),
        docDate: isoDate(d.DocDate),
        docTotal: money(d.DocTotal, cur),
        paidToDate: money(d.PaidToDate, cur),
        docCur: cur,
        canceled: yesNo(d.Cancelled),
        entradaDocNum: receipt === null ? null : (receipts.get(receipt) ?? null),
        fechaPago: payDates.get(d.DocEntry) ?? null,
        paymentBlock: yesNo(d.PaymentBlock),
        ...dueDatesOf(d, cur),
      };
    });
  }

  /** The A/P invoice or draft carrying this portal id in `bd`, straight from the Service Layer. */
  async function findByPortalId(bd: string, portalId: number) {
    const filter = q(`U_SYS_PORTALID eq ${portalId}`);
    const [invoices, drafts] = await Promise.all([
      client.getAll<SlDocument>(bd, `PurchaseInvoices?$select=DocEntry,DocNum&$filter=${filter}`, { maxPageSize: 0 }),
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
    const invoice = invoices[0];
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

  // Issue 27: A/P credit memos of accepted credit notes (PurchaseCreditNotes).
  const notasCredito = createSlNotasCredito({ client, isRefusal, warn });

  async function createFactura(input: Parameters<ErpAdapter["createFacturaProveedor"]>[0]) {
    const { bd, portalId } = input;
    const existing = await findByPortalId(bd, portalId);
    if (existing) return existingOrRefusal(existing, portalId);

    // Issue 27: every receipt the CFDI bills, in the order asked; each one's open lines are copied.
    const docNums = entradasDeFacturaProveedor(input);
    const receiptDocs = await client.getAll<SlDocument>(
      bd,
      `PurchaseDeliveryNotes?$select=DocEntry,DocNum,CardCode,DocumentStatus,DocumentLines&$filter=${q(
        docNums.map((n) => `DocNum eq ${n}`).join(" or "),
      )}`,
      { maxPageSize: 0 },
    );
    const lines: { BaseType: 20; BaseEntry: number; BaseLine: number }[] = [];
    for (const docNum of docNums) {
      const receipt = receiptDocs.find((r) => r.DocNum === docNum);
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
        throw new ErpRechazoError(
          `La entrada de mercancía ${docNum} ya está cerrada en el ERP (facturada o cancelada).`,
        );
      }
      lines.push(
        ...open
          .sort((a, b) => a.LineNum - b.LineNum)
          .map((l) => ({ BaseType: 20 as const, BaseEntry: receipt.DocEntry, BaseLine: l.LineNum })),
      );
    }
    const body = {
      CardCode: input.cardCode,
      NumAtCard: input.numAtCard,
      DocDate: input.docDate,
      TaxDate: input.docDate,
      DocCurrency: input.docCur,
      DocRate: Number(input.docRate),
      DocTotal: Number(input.docTotal),
      Comments: input.comments,
      U_SYS_PMUUID: input.uuid,
      U_SYS_PORTALID: portalId,
      DocumentLines: lines,
    };
    try {
      const answer = await client.write(bd, "POST", "PurchaseInvoices", body);
      const created = answer.body as SlDocument | null;
      if (created && Number.isInteger(created.DocEntry) && Number.isInteger(created.DocNum)) {
        return { docEntry: created.DocEntry, docNum: created.DocNum };
      }
      // 204 (return-no-content): the key is in Location, the number is read back.
      const entry = Number(/\((\d+)\)/.exec(answer.location ?? "")?.[1]);
      if (Number.isInteger(entry)) {
        const doc = await client.get<SlDocument>(bd, `PurchaseInvoices(${entry})?$select=DocEntry,DocNum`);
        return { docEntry: doc.DocEntry, docNum: doc.DocNum };
      }
      const found = await findByPortalId(bd, portalId);
      if (found) return existingOrRefusal(found, portalId);
      throw new ServiceLayerError(
        "El ERP no devolvió la factura de proveedor creada. El ERP no responde; intente en unos minutos.",
        answer.status,
        undefined,
        undefined,
      );
    } catch (error) {
      if (error instanceof ErpRechazoError) throw error;
      if (isRefusal(error)) {
        throw new ErpRechazoError(
          `El ERP rechazó la factura de proveedor de ${docNums.length > 1 ? "las entradas" : "la entrada"} ${docNums.join(", ")}: ${error.detail ?? error.message}`,
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

  async function cancelFactura(bd: string, docEntry: number): Promise<void> {
    const missing = () =>
      new ErpRechazoError(`La factura de proveedor ${docEntry} no existe en la base de datos ${bd} del ERP.`);
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

  /**
   * `PATCH PurchaseInvoices(DocEntry) {"PaymentBlock":"tYES"|"tNO"}` (issue 27, decision 036), with the company's
   * PaymentBlockEntry when it sets one. A PATCH is idempotent, so a retry after a lost answer sets the same value
   * again. SAP's refusal (a cancelled or closed document, an unknown block reason) is the ERP's refusal; 404 says the
   * document is gone.
   */
  async function setPaymentBlock(bd: string, docEntry: number, blocked: boolean): Promise<void> {
    const body: Record<string, unknown> = { PaymentBlock: blocked ? "tYES" : "tNO" };
    if (blocked && deps.paymentBlockEntry !== undefined) body.PaymentBlockEntry = deps.paymentBlockEntry;
    try {
      await client.write(bd, "PATCH", `PurchaseInvoices(${docEntry})`, body);
    } catch (error) {
      if (error instanceof ServiceLayerError && error.status === 404) {
        throw new ErpRechazoError(`La factura de proveedor ${docEntry} no existe en la base de datos ${bd} del ERP.`);
      }
      if (!isRefusal(error)) throw error;
      throw new ErpRechazoError(
        `El ERP no cambió el bloqueo de pago de la factura de proveedor ${docEntry} de la base de datos ${bd}: ${error.detail ?? error.message}`,
      );
    }
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
    try {
      await client.write(bd, "PATCH", `PurchaseInvoices(${docEntry})`, body);
    } catch (error) {
      if (error instanceof ServiceLayerError && error.status === 404) {
        throw new ErpRechazoError(`La factura de proveedor ${docEntry} no existe en la base de datos ${bd} del ERP.`);
      }
      if (!isRefusal(error)) throw error;
      throw new ErpRechazoError(
        `El ERP no pasó la factura de proveedor ${docEntry} de la base de datos ${bd} al CFDI ${to.uuid}: ${error.detail ?? error.message}`,
      );
    }
  }

  /** After the adapter's own writes, the next reads of these kinds ask the Service Layer again. */
  async function afterWrite<T>(bd: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      await invalidate(bd, ["factura", "entrada", "pago"]).catch((e: unknown) =>
        warn(e, "No se pudo marcar el espejo del ERP para releerlo."),
      );
    }
  }

  const adapter: ErpAdapter = {
    name: "service-layer",

    watchDocuments(kind, listener) {
      const set = watchers[kind] as Set<typeof listener>;
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
    findEntrada: (bd, docNum) => findDocumentByNum("entrada", bd, docNum),

    async listPagos(scope) {
      const versions = await mirrorVersions("pago", scope);
      let pagos: ErpPago[];
      try {
        pagos = await readPagosByKey(versions);
      } catch (error) {
        // The Service Layer down: the payments as last read, when every one is at hand.
        const known = isUnavailable(error) ? lastReadPagos(versions) : null;
        if (!known) throw error;
        pagos = known;
      }
      const byKey = new Map(pagos.map((p) => [keyOf(p.bd, p.docEntry), p]));
      return versions.flatMap((v) => byKey.get(keyOf(v.bd, v.docEntry)) ?? []);
    },
    pagosFingerprint: (scope) => mirrorFingerprint("pago", scope),
    countPagos: (scope) => mirrorCount("pago", scope),
    async findPago(bd, docNum) {
      try {
        const [found] = await perBd([bd], async (b) =>
          toPayments(b, (await readPayments(b, [`DocNum eq ${docNum}`])).slice(0, 1)),
        );
        return found ?? null;
      } catch (error) {
        // The Service Layer down: the payment as last read, if the mirror still lists it as it was.
        if (!isUnavailable(error)) throw error;
        const [row] = await db
          .select({ bd: t.bd, docEntry: t.docEntry, version: t.version })
          .from(t)
          .where(and(eq(t.tipo, "pago"), eq(t.bd, bd), eq(t.docNum, docNum)));
        const [known] = (row && lastReadPagos([row])) || [];
        if (!known) throw error;
        return known;
      }
    },
    async readPagos(keys) {
      try {
        return await readPagosByKey(keys);
      } catch (error) {
        if (!isUnavailable(error)) throw error;
        // Keys without a version: the mirror's, so a payment cancelled since the last read is not taken as live.
        const rows = await mirrorRowsOf("pago", keys);
        const known = rows.length === keys.length ? lastReadPagos(rows) : null;
        if (!known) throw error;
        return known;
      }
    },
    async listAplicaciones(bd, facturaDocEntries): Promise<ErpAplicacion[]> {
      if (facturaDocEntries.length === 0) return [];
      const wanted = new Set(facturaDocEntries);
      return perBd([bd], async (b) => {
        const invoices = await readChunks<SlDocument>(
          b,
          "PurchaseInvoices",
          "DocEntry,CardCode",
          keyFilters("DocEntry", wanted),
        );
        const filters = stringKeyFilters(
          "CardCode",
          invoices.filter((i) => wanted.has(i.DocEntry)).map((i) => i.CardCode),
        );
        if (filters.length === 0) return [];
        const rows: (ErpAplicacion & { lineNum: number })[] = [];
        for (const p of await readPayments(b, filters)) {
          for (const l of p.PaymentInvoices ?? []) {
            if (!wanted.has(l.DocEntry)) continue;
            if (l.InvoiceType && l.InvoiceType !== "it_PurchaseInvoice") continue;
            rows.push({
              facturaDocEntry: l.DocEntry,
              pagoDocEntry: p.DocEntry,
              pagoDocNum: p.DocNum,
              docDate: isoDate(p.DocDate),
              sumApplied: money(l.SumApplied),
              canceled: yesNo(p.Cancelled),
              lineNum: l.LineNum,
            });
          }
        }
        const unique = [...new Map(rows.map((r) => [`${r.pagoDocEntry}|${r.lineNum}`, r])).values()];
        unique.sort(
          (a, c) =>
            (a.docDate < c.docDate ? -1 : a.docDate > c.docDate ? 1 : 0) ||
            a.pagoDocNum - c.pagoDocNum ||
            a.lineNum - c.lineNum,
        );
        return unique.map(({ lineNum: _, ...r }) => r);
      });
    },

    async listProveedores(scope): Promise<ErpProveedor[]> {
      if (scope.bds.length === 0) return [];
      const cardCode = scope.cardCode;
      // Per company database and supplier (or all): the last answer while fresh, and for an outage.
      const rows = await perBd(new Set(scope.bds), async (bd) => {
        const key = `${bd}|${cardCode ?? ""}`;
        const kept = lastPartners.get(key);
        if (kept && !expired(kept)) return kept.rows;
        try {
          const read = await readPartners(bd);
          keepRecent(lastPartners, key, { at: clock().getTime(), rows: read }, RECENT_PARTNER_LISTS);
          return read;
        } catch (error) {
          const known = isUnavailable(error) ? kept : undefined;
          if (!known) throw error;
          return known.rows;
        }
      });
      const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
      return rows.sort((a, b) => cmp(a.bd, b.bd) || cmp(a.cardCode, b.cardCode));

      async function readPartners(bd: string): Promise<ErpProveedor[]> {
        const filter = `CardType eq 'cSupplier'${cardCode === null ? "" : ` and CardCode eq ${literal(cardCode)}`}`;
        const partners = await client.getAll<{
          CardCode: string;
          CardName?: string | null;
          FederalTaxID?: string | null;
          PayTermsGrpCode?: number | null;
          ZipCode?: string | null;
        }>(bd, `BusinessPartners?$select=CardCode,CardName,FederalTaxID,PayTermsGrpCode,ZipCode&$filter=${q(filter)}`, {
          maxPageSize: STAMP_PAGE,
        });
        const terms = await paymentTerms(
          bd,
          partners.map((p) => p.PayTermsGrpCode ?? 0),
        );
        return partners.map((p) => ({
          bd,
          cardCode: p.CardCode,
          cardName: text(p.CardName),
          rfc: text(p.FederalTaxID),
          groupNum: terms.get(p.PayTermsGrpCode ?? 0) ?? 0,
          zipCode: text(p.ZipCode),
        }));
      }
    },

    async findPdfOwners(archivoId): Promise<ErpPdfOwner[]> {
      if (!UUID_RE.test(archivoId)) return [];
      const rows = await db
        .select({ kind: t.tipo, bd: t.bd, cardCode: t.cardCode, docNum: t.docNum })
        .from(adjuntos)
        .innerJoin(t, and(eq(t.bd, adjuntos.bd), eq(t.atcEntry, adjuntos.atcEntry)))
        .where(and(eq(adjuntos.archivoId, archivoId), inArray(t.tipo, ["pedido", "entrada"])));
      return rows.map((r) => ({ ...r, kind: r.kind as ErpPdfOwner["kind"] }));
    },

    copyPdf,

    createFacturaProveedor: (input) => afterWrite(input.bd, () => createFactura(input)),
    createNotaCreditoProveedor: (input) => afterWrite(input.bd, () => notasCredito.create(input)),
    findNotaCreditoProveedor: (bd, portalId) => notasCredito.find(bd, portalId),
    cancelFacturaProveedor: (bd, docEntry) => afterWrite(bd, () => cancelFactura(bd, docEntry)),
    setPaymentBlock: (bd, docEntry, blocked) => afterWrite(bd, () => setPaymentBlock(bd, docEntry, blocked)),
    repointFacturaProveedor: (bd, docEntry, to) => afterWrite(bd, () => repointFactura(bd, docEntry, to)),
    async findFacturaProveedor(bd, portalId) {
      await sync("factura", bd);
      const [row] = await db
        .select({ docEntry: t.docEntry })
        .from(t)
        .where(and(eq(t.tipo, "factura"), eq(t.bd, bd), eq(t.portalId, portalId)));
      if (!row) return null;
      const [found] = await perBd([bd], (b) => readFacturas(b, [row.docEntry]));
      return found ?? null;
    },
    async listFacturasProveedor(scope) {
      const versions = await mirrorVersions("factura", scope);
      const groups = byBd(versions);
      const facturas = await perBd(groups.keys(), (bd) =>
        readFacturas(
          bd,
          (groups.get(bd) ?? []).map((v) => v.docEntry),
        ),
      );
      const byKey = new Map(facturas.map((f) => [keyOf(f.bd, f.docEntry), f]));
      return versions.flatMap((v) => byKey.get(keyOf(v.bd, v.docEntry)) ?? []);
    },
    facturasProveedorFingerprint: (scope) => mirrorFingerprint("factura", scope),
  };
  return deps.deadlineMs ? withDeadline(adapter, deps.deadlineMs) : adapter;
}

/**
 * How long the Service Layer may hold the portal request under way (performance.now() ms), set per request by
 * the app when ERP_ADAPTER=service-layer (services.ts): every read the request makes shares the one budget.
 */
/** Header of an answer built from the portal's last read because the Service Layer did not answer: its ISO time. */
export const ERP_STALE_HEADER = "x-erp-leido-en";

export const serviceLayerDeadline = new AsyncLocalStorage<{
  at: number;
  /** Set when some answer comes from a mirror the Service Layer could not refresh: when it was last read. */
  staleSince?: Date;
}>();

/** What waits for the ERP on behalf of someone: writes belong to the outbox worker, which has its own timing. */
const UNBOUNDED: ReadonlySet<string> = new Set([
  "name",
  "watchDocuments",
  "onAvailable",
  "createFacturaProveedor",
  "cancelFacturaProveedor",
  "setPaymentBlock",
  "createNotaCreditoProveedor",
  "findNotaCreditoProveedor",
  "repointFacturaProveedor",
]);

/**
 * The adapter whose reads answer within the request's budget (serviceLayerDeadline), else within `deadlineMs` of
 * the call: past it the caller gets the Spanish ServiceLayerError (HTTP 503) while the read goes on — what it
 * brings lands in the mirror and the row cache, so the next call finds it. Each Service Layer request has its own
 * timeout, but one portal call may make several (a cold company database is dozens of pages).
 */
function withDeadline(adapter: ErpAdapter, deadlineMs: number): ErpAdapter {
  const bounded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(adapter)) {
    if (typeof value !== "function" || UNBOUNDED.has(name)) {
      bounded[name] = value;
      continue;
    }
    const method = value as (...args: unknown[]) => Promise<unknown>;
    bounded[name] = (...args: unknown[]) => {
      const at = serviceLayerDeadline.getStore()?.at ?? performance.now() + deadlineMs;
      const work = method.apply(adapter, args);
      // After the deadline nobody waits for the work: its failure, if any, is the next call's to meet.
      work.catch(() => {});
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => {
            const error = new ServiceLayerError(UNAVAILABLE, undefined, undefined, "plazo de la solicitud agotado");
            error.timedOut = true;
            reject(error);
          },
          Math.max(0, at - performance.now()),
        );
      });
      return Promise.race([work, late]).finally(() => clearTimeout(timer));
    };
  }
  return bounded as unknown as ErpAdapter;
}
