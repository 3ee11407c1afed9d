import { schema } from "@portal/db";

const { notasCredito } = schema;

export type NotaCreditoRecord = typeof notasCredito.$inferSelect;
export type NuevaNotaCredito = typeof notasCredito.$inferInsert;

/** An invoice a credit note may credit, as the registration and the review check it. */
export interface FacturaAcreditable {
  id: number;
  folio: string;
  uuid: string;
  cardCode: string;
  bd: string;
  estatus: string;
  total: string;
  moneda: string;
  /** Its A/P invoice as the portal recorded it (null while the creation job is pending). */
  erpDocEntry: number | null;
  erpDocNum: number | null;
  /** The ERP's payment and cancellation as last read (the lists' sync): what stands in when the ERP is unreachable. */
  erpPagado: string;
  erpCancelada: boolean;
  /** Decision 036: the invoice it takes over (its A/P invoice carries that one's portal id until the takeover job). */
  sustituyeAId: number | null;
  /** Decision 036: the accepted replacement that took its A/P invoice, or null. */
  sustituidaPor: { folio: string; uuid: string } | null;
  /** The SAT's last answer for its CFDI is Cancelado. */
  canceladaSat: boolean;
}

/** A credit note Pendiente or Aceptada counted against one invoice (issue 36's balance). */
export interface CompromisoNota {
  notaCreditoId: number;
  facturaId: number;
  estatus: "P" | "A";
  /** What it takes (or, pending, may take) off that invoice. */
  importe: string;
  /** Its CFDI date (Comprobante Fecha, a date-time): where it sits in the invoice's ledger (issue 39). */
  fecha: string;
  /** Its A/P credit memo as the portal recorded it; null while the memo job is pending (or failed). */
  erpDocEntry: number | null;
}

/** A list row before numbering: the credit note, its names and the invoices it credits. */
export interface NotaCreditoListada extends NotaCreditoRecord {
  nomSociedad: string;
  cardName: string;
  facturas: { facturaId: number; folio: string; uuid: string; importe: string }[];
  /** Issue 36: its A/P credit memo job (null when it has none) and the last error on it. */
  trabajoEstado: string | null;
  trabajoError: string;
  /** The folio of the first invoice it credits that has no A/P invoice yet (its job waits for it), else null. */
  esperaFolio: string | null;
}
