// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import type { Database } from "@portal/db";
import type { ErpEntrada, ErpFacturaProveedor, ErpPedido } from "../types";
import type { ServiceLayerClient } from "./client";
import { money } from "./money";
import { isoDate, isoTime } from "./odata";

export type Kind = "pedido" | "entrada" | "factura" | "pago";
export type DocumentKind = "pedido" | "entrada";

export const ENTITY: Record<Kind, string> = {
  pedido: "PurchaseOrders",
  entrada: "PurchaseDeliveryNotes",
  factura: "PurchaseInvoices",
  pago: "VendorPayments",
};

// --- The Service Layer's shapes (only what the adapter reads) -----------------------------------------------------

export interface SlLine {
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
  RowTotalFC?: number;
  BaseType?: number | null;
  BaseEntry?: number | null;
  BaseLine?: number | null;
}

export interface SlDocument {
  DocEntry: number;
  DocNum: number;
  CardCode: string;
  CardName?: string | null;
  DocumentStatus?: string;
  Cancelled?: string;
  /** csNo / csYes / csCancellation (decision 048: cancellation documents). */
  CancelStatus?: string | null;
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
  /** Document-currency twins of the local amounts (currency.ts, issue 37 F1). */
  DocTotalFc?: number | null;
  VatSumFc?: number | null;
  WTAmountFC?: number | null;
  TotalDiscountFC?: number | null;
  PaidToDateFC?: number | null;
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
export interface SlInstallment {
  InstallmentId?: number | null;
  DueDate?: string | null;
  Percentage?: number | null;
  Total?: number | null;
  TotalFC?: number | null;
}

export interface SlPaymentInvoice {
  LineNum: number;
  DocEntry: number;
  SumApplied?: number | null;
  AppliedFC?: number | null;
  InvoiceType?: string | null;
}

export interface SlPayment {
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

/** The FC twins read with the amounts (currency.ts, issue 37 F1). */
export const FC_FIELDS = ["DocTotalFc", "VatSumFc", "WTAmountFC", "TotalDiscountFC"];
export const HEADER_FIELDS = [
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
  ...FC_FIELDS,
  "AttachmentEntry",
  "UpdateDate",
  "UpdateTime",
  "DocumentLines",
];
export const SELECT: Record<DocumentKind, string> = {
  pedido: HEADER_FIELDS.join(","),
  entrada: [...HEADER_FIELDS, "AddressExtension", "CancelStatus"].join(","),
};
export const FACTURA_FIELDS = [
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
  "DocTotalFc",
  "PaidToDateFC",
  "DocCurrency",
  "Cancelled",
  "CancelStatus",
  "PaymentBlock",
  "DocumentInstallments",
  "DocumentLines",
].join(",");

/**
 * DocDueDate and Document_Installments of an A/P invoice (issue 27, decision 032), by InstallmentId; SAP always
 * answers at least one installment, and one is made of DocDueDate and DocTotal when none comes back.
 */
export function dueDatesOf(d: SlDocument, cur: string): Pick<ErpFacturaProveedor, "docDueDate" | "installments"> {
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

export const yesNo = (value: unknown): "Y" | "N" => (value === "tYES" || value === "Y" ? "Y" : "N");
export const status = (value: unknown): "O" | "C" => (value === "bost_Close" || value === "C" ? "C" : "O");
export const text = (value: unknown): string =>
  typeof value === "string" ? value : value == null ? "" : String(value);
export const versionOf = (d: { UpdateDate?: string | null; UpdateTime?: string | null }) =>
  `${isoDate(d.UpdateDate)} ${isoTime(d.UpdateTime)}`;
export const portalIdOf = (value: unknown): number | null => {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  return Number.isInteger(n) ? n : null;
};

/** A portal document as converted from the Service Layer's, and when (injected clock ms). */
export interface Converted<D> {
  doc: D;
  at: number;
}

/** Puts `value` last in `map` (insertion order = recency) and drops the oldest entries beyond `max`. */
export function keepRecent<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}

/** A mirror row as read from the Service Layer's keys-and-stamps query. */
export interface MirrorRow {
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

export const byBd = <T extends { bd: string }>(keys: readonly T[]) => {
  const groups = new Map<string, T[]>();
  for (const k of keys) {
    const list = groups.get(k.bd);
    if (list) list.push(k);
    else groups.set(k.bd, [k]);
  }
  return groups;
};
export const keyOf = (bd: string, docEntry: number) => `${bd}\u0000${docEntry}`;

/** Converts SAP orders or receipts (with lines) into the portal's (documents.ts). */
export interface DocumentConverter {
  toDocuments(kind: "pedido", bd: string, docs: SlDocument[]): Promise<ErpPedido[]>;
  toDocuments(kind: "entrada", bd: string, docs: SlDocument[]): Promise<ErpEntrada[]>;
}

export type Warn = (error: unknown, message: string) => void;

/** What every part of the adapter is built with (the client is the one watched by availability.ts). */
export interface SlBase {
  db: Database;
  client: ServiceLayerClient;
  clock: () => Date;
  warn: Warn;
}
