/**
 * The statuses a supplier reads (issue 23): one rule per status, shared by the browser and the server so a list
 * row, its detail, a search and a count never disagree. Pure: "today" is always passed in.
 */

// ── Invoices ──────────────────────────────────────────────────────────────────────────────────────

export type EstatusFactura = "Cancelado" | "Aceptada" | "Rechazada" | "Pendiente";
/**
 * Issue 39 (decision 058): from the invoice's ledger. The spec's 'Pagada' and 'Pendiente' (§4 "Invoice payment
 * status") are kept; 'Pago parcial', 'Saldada con nota de crédito' and 'Pagada y acreditada' say what the spec's two
 * words could not.
 */
export type EstatusPagoFactura =
  | "Pagada"
  | "Pagada y acreditada"
  | "Saldada con nota de crédito"
  | "Pago parcial"
  | "Pendiente";
export type EstatusFacturaMostrado = EstatusFactura | Exclude<EstatusPagoFactura, "Pendiente">;

/** What the invoice rules read of a row (the FacturaRow fields, ERP ones as last read from the A/P invoice). */
export interface FacturaParaEstatus {
  /** Y when the A/P invoice is cancelled in the ERP. */
  CANCELED: string;
  /** The portal's review: A, R, anything else pending. */
  EstatusFactura: string;
  /** Amount paid to date in the ERP (decimal string): payments and the credit memos the ERP applied. */
  PaidToDate: string;
  /** The invoice's total (decimal string). */
  Total: string;
  /** Issue 39: the payments and the accepted credit notes apart (absent from older servers: PaidToDate is payments). */
  Abonos?: { Pagos: string; Notas: string } | undefined;
}

/** Spec §4 "Invoice status shown": Cancelado if CANCELED is Y; Aceptada if A; Rechazada if R; else Pendiente. */
export function estatusFactura(row: Pick<FacturaParaEstatus, "CANCELED" | "EstatusFactura">): EstatusFactura {
  if (row.CANCELED === "Y") return "Cancelado";
  if (row.EstatusFactura === "A") return "Aceptada";
  if (row.EstatusFactura === "R") return "Rechazada";
  return "Pendiente";
}

/** A decimal amount ("1,234.5", "-3") in millionths, or null when it is not one. */
function millonesimas(importe: string): bigint | null {
  const m = /^\s*(-?)(\d+)(?:\.(\d{1,6}))?\s*$/.exec(importe.replaceAll(",", ""));
  if (!m) return null;
  const valor = BigInt(m[2] as string) * 1_000_000n + BigInt((m[3] ?? "").padEnd(6, "0"));
  return m[1] === "-" ? -valor : valor;
}

const aTexto = (millonesimas: bigint): string => {
  const centavos = (millonesimas < 0n ? -millonesimas : millonesimas) / 10_000n;
  const texto = `${centavos / 100n}.${String(centavos % 100n).padStart(2, "0")}`;
  return millonesimas < 0n && centavos > 0n ? `-${texto}` : texto;
};

/**
 * Issue 39 (decision 058): the invoice's balance and what made it, from its row: its total less the ERP's payments
 * and the accepted credit notes (each in the invoice's currency). Null when an amount is not one.
 */
export function saldoDeFactura(
  row: Pick<FacturaParaEstatus, "PaidToDate" | "Total" | "Abonos">,
): { saldo: string; pagos: string; notas: string } | null {
  const total = millonesimas(row.Total);
  const pagos = millonesimas(row.Abonos?.Pagos ?? row.PaidToDate);
  const notas = millonesimas(row.Abonos?.Notas ?? "0");
  if (total === null || pagos === null || notas === null) return null;
  return { saldo: aTexto(total - pagos - notas), pagos: aTexto(pagos), notas: aTexto(notas) };
}

/**
 * Invoice payment status (issue 23, decision 024; issue 39, decision 058): decided by the invoice's ledger for every
 * invoice, whatever its payment method. A cancelled A/P invoice, a total that is not positive or nothing applied:
 * Pendiente (the spec's word). With the balance closed: 'Pagada' when payments alone closed it, 'Saldada con nota de
 * crédito' when credit notes alone did, 'Pagada y acreditada' when both did. A balance left after a payment: 'Pago
 * parcial'; after credit notes only: Pendiente (nothing was paid).
 */
export function estatusPagoFactura(
  row: Pick<FacturaParaEstatus, "CANCELED" | "PaidToDate" | "Total" | "Abonos">,
): EstatusPagoFactura {
  if (row.CANCELED === "Y") return "Pendiente";
  const total = millonesimas(row.Total);
  const saldo = saldoDeFactura(row);
  if (total === null || saldo === null || total <= 0n) return "Pendiente";
  const pagos = (millonesimas(saldo.pagos) ?? 0n) > 0n;
  const notas = (millonesimas(saldo.notas) ?? 0n) > 0n;
  if ((millonesimas(saldo.saldo) ?? 1n) > 0n) return pagos ? "Pago parcial" : "Pendiente";
  if (pagos && notas) return "Pagada y acreditada";
  return notas ? "Saldada con nota de crédito" : "Pagada";
}

/**
 * The list's status column and its search text: the payment status once something was paid or credited ('Pagada',
 * 'Pagada y acreditada', 'Saldada con nota de crédito', 'Pago parcial'), otherwise the invoice status.
 */
export const estatusFacturaMostrado = (row: FacturaParaEstatus): EstatusFacturaMostrado => {
  const pago = estatusPagoFactura(row);
  return pago === "Pendiente" ? estatusFactura(row) : pago;
};

// ── Payment complements ───────────────────────────────────────────────────────────────────────────

export type EstatusComplementoPago =
  | "Cancelado"
  | "No requiere complemento"
  | "Complemento por emitir"
  | "Pendiente"
  | "Validación"
  | "Aceptada"
  | "Rechazada";

/** What the complement rule reads of a payment row (PagoRow fields). */
export interface PagoParaEstatus {
  /** Y when the payment is cancelled in the ERP. */
  CANCELED: string;
  /** Payment date, YYYY-MM-DD. */
  DocDate: string;
  /** The complement's stamp UUID, '' while none was uploaded. */
  U_SYS_PMUUID: string;
  /** The review of the uploaded complement: A, R, V, anything else pending. */
  U_SYS_PMESPA: string;
  /** The day the (last) complement was uploaded, YYYY-MM-DD; null while none. */
  U_SYS_PMFECA: string | null;
  /** The invoices the payment applies to, with their payment method when known (unknown counts as PPD). */
  Detalle: readonly { MetodoPago?: "PUE" | "PPD" | "Sin CFDI" | undefined }[];
}

/** The legal deadline of a payment's complement: day 5 of the month after the payment date (YYYY-MM-DD). */
export function fechaLimiteDelComplemento(fechaPago: string): string {
  const year = Number(fechaPago.slice(0, 4));
  const month = Number(fechaPago.slice(5, 7));
  const [y, m] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-05`;
}

/**
 * A payment needs a complement (CFDI de tipo P) when it applies to at least one PPD invoice; one that applies only
 * to PUE invoices needs none. An invoice whose method is unknown counts as PPD (the safe side). A foreign
 * supplier's invoice ('Sin CFDI', issue 42, decision 073) owes none.
 */
export const requiresComplemento = (pago: Pick<PagoParaEstatus, "Detalle">): boolean =>
  pago.Detalle.length === 0 || pago.Detalle.some((d) => d.MetodoPago !== "PUE" && d.MetodoPago !== "Sin CFDI");

export interface SituacionComplemento {
  estatus: EstatusComplementoPago;
  /** The payment needs a complement (and is not cancelled). */
  requiere: boolean;
  /**
   * Overdue: it needs a complement, none is accepted, the deadline has passed and either none was uploaded by then
   * (none at all, or the waiting one was uploaded after it) or the last one is rejected.
   */
  vencido: boolean;
  /** The supplier may upload (or replace) the complement's PDF and XML. */
  admiteCarga: boolean;
  /** It waits for the supplier (counts as pending for the supplier). */
  porCargar: boolean;
  /** It waits for the company's review (Pendiente or Validación with a complement uploaded). */
  porRevisar: boolean;
  /** The legal deadline, YYYY-MM-DD. */
  fechaLimite: string;
}

/**
 * The status shown in 'Estatus del complemento' (issue 23; extends spec §4 "Complement status"): Cancelado, 'No
 * requiere complemento', 'Complemento por emitir', then the review's Aceptada, Rechazada, Validación, Pendiente.
 */
export function estatusComplementoPago(
  pago: Pick<PagoParaEstatus, "CANCELED" | "U_SYS_PMUUID" | "U_SYS_PMESPA" | "Detalle">,
): EstatusComplementoPago {
  if (pago.CANCELED === "Y") return "Cancelado";
  if (!requiresComplemento(pago)) return "No requiere complemento";
  if (pago.U_SYS_PMUUID === "") return "Complemento por emitir";
  if (pago.U_SYS_PMESPA === "A") return "Aceptada";
  if (pago.U_SYS_PMESPA === "R") return "Rechazada";
  if (pago.U_SYS_PMESPA === "V") return "Validación";
  return "Pendiente";
}

/**
 * The complement status of a payment (issue 23; extends spec §4 "Complement status"): Cancelado when the payment
 * is cancelled; 'No requiere complemento' when it applies only to PUE invoices; 'Complemento por emitir' while
 * none was uploaded; then the review's Aceptada, Rechazada, Validación or Pendiente. `hoy` is YYYY-MM-DD.
 */
export function situacionComplemento(pago: PagoParaEstatus, hoy: string): SituacionComplemento {
  const fechaLimite = fechaLimiteDelComplemento(pago.DocDate);
  const nada = { vencido: false, admiteCarga: false, porCargar: false, porRevisar: false, fechaLimite };
  const estatus = estatusComplementoPago(pago);
  const pasoElPlazo = hoy > fechaLimite;
  if (estatus === "Cancelado" || estatus === "No requiere complemento") return { estatus, requiere: false, ...nada };
  if (estatus === "Complemento por emitir") {
    return { estatus, requiere: true, ...nada, vencido: pasoElPlazo, admiteCarga: true, porCargar: true };
  }
  if (estatus === "Aceptada") return { estatus, requiere: true, ...nada };
  if (estatus === "Rechazada") {
    return { estatus, requiere: true, ...nada, vencido: pasoElPlazo, admiteCarga: true, porCargar: true };
  }
  // Waiting for the review: late only when it was uploaded after the deadline.
  const subidoTarde = pago.U_SYS_PMFECA !== null && pago.U_SYS_PMFECA > fechaLimite;
  return { estatus, requiere: true, ...nada, vencido: pasoElPlazo && subidoTarde, admiteCarga: true, porRevisar: true };
}
