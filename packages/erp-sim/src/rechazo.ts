/** A refusal by the ERP's own rules (SAP answers these with an error message): retrying will not help. */
export class ErpRechazo extends Error {
  override readonly name = "ErpRechazo";
  /** Which cancel rule refused (decision 048), for the Service Layer simulator's SAP text. */
  constructor(
    message: string,
    readonly motivo?: "pagada" | "seguimiento" | "cancelacion",
  ) {
    super(message);
  }
}

/** DocNum series of A/P invoices and payments (the same as the seed's history). */
export const SERIE_FACTURAS = 8000;
export const SERIE_PAGOS = 2000;
