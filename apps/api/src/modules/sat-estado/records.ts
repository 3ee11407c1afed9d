import type { schema } from "@portal/db";

export type TipoCfdi = "factura" | "pago";
export type EstadoCfdiRecord = typeof schema.satEstadosCfdi.$inferSelect;
export type NuevoEstadoCfdi = typeof schema.satEstadosCfdi.$inferInsert;

/** A record due for a re-check, with what the schedule needs of its document. */
export interface EstadoPorRevisar extends EstadoCfdiRecord {
  /** P, A, R (V for complements). */
  docEstatus: string;
  /** When the document was last changed; for an accepted one, when it was accepted (nothing edits it after). */
  docActualizado: Date;
  folio: string;
  cardCode: string;
  /** Invoices: paid in full or cancelled in the ERP (the weekly re-checks stop). */
  liquidado: boolean;
}
