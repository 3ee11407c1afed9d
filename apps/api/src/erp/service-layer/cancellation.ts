// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { ErpRechazoError } from "../types";

/**
 * SAP's cancellation documents as the adapter reads them (decision 048, fidelity finding F6). Cancelling an A/P
 * invoice or a goods receipt PO adds a second document, the cancellation document, with the original's data and user
 * fields (U_SYS_PORTALID included); `CancelStatus` (CancelStatusEnum, aliased to CANCELED) tells them apart: csNo,
 * csYes (the cancelled original), csCancellation (the cancellation document). `Cancelled` (BoYesNoEnum) cannot say
 * csCancellation, so both are read.
 */
export interface CancelFields {
  DocEntry: number;
  DocNum?: number | null;
  Cancelled?: string | null;
  CancelStatus?: string | null;
}

/** The cancellation document SAP adds when a document is cancelled: never "the" document of a portal id. */
export const isCancellationDocument = (d: CancelFields): boolean => d.CancelStatus === "csCancellation";

/** Cancelled: the original of a cancellation (csYes), or `Cancelled` tYES where CancelStatus is not answered. */
export const isCancelled = (d: CancelFields): boolean => d.CancelStatus === "csYes" || d.Cancelled === "tYES";

/** Receipts a supplier is offered: neither cancelled nor cancellation documents. */
export const offeredReceipts = <T extends CancelFields>(docs: T[]): T[] =>
  docs.filter((d) => !isCancellationDocument(d) && !isCancelled(d));

/**
 * The one A/P invoice (or draft) carrying portal id `portalId` in `bd` among `rows`: cancellation documents are
 * skipped; none left → null; two or more left is a duplicate SAP allows (a user field has no uniqueness, F7) and the
 * portal must not pick one silently: refused with the documents named, for the accountants to cancel the extra one.
 */
export function oneByPortalId<T extends CancelFields>(
  rows: readonly T[],
  bd: string,
  portalId: number,
  what = "facturas de proveedor",
): T | null {
  const unique = [...new Map(rows.filter((d) => !isCancellationDocument(d)).map((d) => [d.DocEntry, d])).values()];
  if (unique.length <= 1) return unique[0] ?? null;
  const names = unique
    .sort((a, b) => a.DocEntry - b.DocEntry)
    .map((d) => `número ${d.DocNum ?? d.DocEntry} (DocEntry ${d.DocEntry})`)
    .join(", ");
  throw new ErpRechazoError(
    `La factura ${portalId} del portal tiene ${unique.length} ${what} en la base de datos ${bd} del ERP: ${names}. Cancele en el ERP las que sobran y vuelva a intentarlo.`,
  );
}

/**
 * The portal's A/P invoices of a list without those whose portal id several of them carry (F7): a duplicate is
 * reported in the log and its portal invoice keeps what it last had, until the accountants cancel the extra one
 * (the invoice's ERP job reports the same duplicate through oneByPortalId).
 */
export function withoutDuplicatePortalIds<T extends { bd: string; portalId: number; docEntry: number }>(
  facturas: readonly T[],
  warn: (error: unknown, message: string) => void,
): T[] {
  const count = new Map<string, number[]>();
  for (const f of facturas) {
    const key = `${f.bd}|${f.portalId}`;
    count.set(key, [...(count.get(key) ?? []), f.docEntry]);
  }
  for (const [key, entries] of count) {
    if (entries.length < 2) continue;
    const [bd, portalId] = key.split("|");
    warn(
      new ErpRechazoError(`U_SYS_PORTALID ${portalId} en ${entries.length} facturas de proveedor`),
      `La factura ${portalId} del portal tiene ${entries.length} facturas de proveedor en la base de datos ${bd} del ERP (DocEntry ${entries.join(", ")}); no se actualiza hasta que contabilidad cancele las que sobran.`,
    );
  }
  return facturas.filter((f) => (count.get(`${f.bd}|${f.portalId}`)?.length ?? 0) < 2);
}
