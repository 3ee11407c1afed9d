// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).

/** A mirror read less than this long ago (injected clock) is answered as is. */
export const FRESH_MS = 1_500;
/**
 * While the Service Layer does not answer, a warm mirror answers by itself (its rows as last read, marked as such:
 * serviceLayerDeadline's `staleSince`) and the Service Layer is asked again after this long (injected clock).
 */
export const OUTAGE_RETRY_MS = 10_000;
/** Business-partner answers kept for an outage (one per company database and supplier). */
export const RECENT_PARTNER_LISTS = 2_000;
/** Documents of each kind kept for an outage (`recent`): a few KB each. */
export const RECENT_DOCUMENTS = 10_000;
/** A supplier's list with at most this many documents changed since converted reads just those, by key. */
export const FEW_BY_KEY = 40;
/** Page size asked for the incremental reads of keys and stamps (small rows). */
export const STAMP_PAGE = 1_000;
/** Page size asked for whole documents with their lines. */
export const DOCUMENT_PAGE = 1_000;
/** Documents per key filter when reading many by key (each filter is paged by DOCUMENT_PAGE). */
export const RANGE_KEYS = 1_000;
/** Requests in flight per call for chunked reads. */
export const PARALLEL = 4;
/** Payments have no stamp: their cancellation is re-read for the ones dated within this many days… */
export const PAYMENT_RECHECK_DAYS = 90;
/** …and for every payment this often (one paged read of DocEntry and Cancelled). */
export const PAYMENT_FULL_MS = 15 * 60_000;
/** erp_sl_sincronizacion kind recording when every payment's Cancelled was last read. */
export const FULL_PAYMENTS = "pago-completo";
/** How long the per-process caches of item foreign names and payment terms are trusted. */
export const CATALOG_TTL_MS = 10 * 60_000;
/**
 * How long (injected clock) the whole documents a COLD sync read are kept for the list that follows it (the portal
 * asks versions, then the documents): the first list reads every document once, not a stamps pass and then a
 * documents pass.
 */
export const COLD_KEEP_MS = 30_000;
/** Rows per INSERT when upserting the mirror. */
export const UPSERT_BATCH = 10_000;

/** A PDF starts with "%PDF-", which readers look for within the first KB. */
export const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
export const PDF_HEADER_WINDOW = 1_024;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
