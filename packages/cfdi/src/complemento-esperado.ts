/**
 * The payment complement a supplier must issue for one ERP vendor payment (issue 14): the pago20:Pago node with
 * one DoctoRelacionado per invoice the payment settles, and the legal deadline to issue it. Pure and
 * browser-safe: it computes over what it is given. The caller chooses the invoices (only PPD ones owe a
 * complement; with none left there is nothing to call this for) and the earlier payments (non-cancelled, in
 * date/DocNum order).
 *
 * Pagos 2.0 (Anexo 20 and its Guía de llenado):
 * - NumParcialidad counts the payments of the invoice, this one included; ImpSaldoAnt is what was owed before
 *   this payment and ImpSaldoInsoluto what is owed after it, so one parcialidad's ImpSaldoInsoluto is the next
 *   one's ImpSaldoAnt. Every amount is rounded to cents before it is added or subtracted, so the chain holds
 *   exactly whatever precision the ERP keeps.
 * - EquivalenciaDR is how many units of the invoice's currency (MonedaDR) one unit of the payment's currency
 *   (MonedaP) buys: ImpPagado ÷ EquivalenciaDR is the amount in MonedaP, and the SAT requires
 *   Σ ImpPagado ÷ EquivalenciaDR ≤ Monto. A USD payment of an MXN invoice at 20.00 MXN/USD gives 20.000000;
 *   an MXN payment of a USD invoice at 20.00 gives 0.050000.
 * - Monto is the payment's total (the portal checks Σ Monto against the ERP payment's DocTotal).
 */
import type {
  ComplementoEsperado,
  DocumentoEsperado,
  TotalesEsperados,
  TrasladoDr,
  TrasladoP,
} from "@portal/contracts";
import { ddmmyyyyToIso, isIsoDate } from "./dates";
import {
  addAmounts,
  compareAmounts,
  divideAmounts,
  multiplyAmounts,
  parseAmount,
  roundAmount,
  subtractAmounts,
} from "./money";
import { normalizeUuid } from "./payment";
import { type MovimientoSaldo, saldoFactura } from "./saldo-factura";

/** An ERP vendor payment (SAP Business One: OVPM). */
export interface PagoErp {
  /** Payment date (DocDate): YYYY-MM-DD, or a date-time whose date is taken. */
  fecha: string;
  /** Forma de pago, c_FormaPago (03 transferencia, ...). */
  formaPago: string;
  /** Payment currency (c_Moneda). */
  moneda: string;
  /** MXN per unit of `moneda` on the payment date; not used for MXN. */
  tipoCambio: string;
  /** Payment total, in `moneda`. */
  total: string;
  /** Cancelled in the ERP: no complement is owed. */
  cancelado: boolean;
}

/** One invoice the payment applies to. */
export interface FacturaDelPago {
  /** The invoice's stamp UUID (any case). */
  uuid: string;
  serie?: string;
  folio?: string;
  /** The invoice's currency (MonedaDR). */
  moneda: string;
  /** The invoice's total, in its currency. */
  total: string;
  /** What this payment applied to the invoice, in the invoice's currency. */
  aplicado: string;
  /**
   * The same amount in the payment's currency, when the currencies differ (SAP keeps both). When absent, an
   * MXN invoice paid in another currency is converted at the payment's tipoCambio; any other mix requires it.
   */
  aplicadoMonedaPago?: string;
  /**
   * What each earlier non-cancelled payment applied to this invoice, in the invoice's currency, in date/DocNum
   * order (one entry per payment).
   */
  aplicadoAntes: string[];
  /**
   * Issue 27 (decision 034): what the supplier's accepted credit notes took off the invoice, in its currency: the
   * balance the first parcialidad starts from is the total less this. "0" or absent when none. Undated: counted as
   * before this payment; prefer `notas`.
   */
  acreditado?: string;
  /**
   * Issue 39 (decision 058): the accepted credit notes on the invoice with their CFDI dates, in its currency. Each is
   * placed in the invoice's ledger by its date (saldo-factura.ts): one dated on or before the payment's day lowers
   * ImpSaldoAnt, one dated after it does not.
   */
  notas?: readonly { fecha: string; importe: string; referencia?: string }[];
  /**
   * The invoice's own amounts as registered in the portal (Comprobante SubTotal, Descuento, the withheld taxes
   * and Total, in its currency): its IVA trasladado is Total − (SubTotal − Descuento) + retenciones. Absent when
   * the portal does not hold the invoice: ObjetoImpDR is then unknown (null) and no TrasladoDR is computed.
   */
  importes?: ImportesFactura;
}

export interface ImportesFactura {
  subtotal: string;
  descuento: string;
  retenciones: string;
  total: string;
}

export interface ComplementoEsperadoInput {
  pago: PagoErp;
  facturas: FacturaDelPago[];
}

const YMD = /^(\d{4})-(\d{2})-\d{2}$/;

function fechaIso(fecha: string, campo: string): string {
  const iso = ddmmyyyyToIso(String(fecha ?? "").trim());
  if (!isIsoDate(iso)) throw new RangeError(`${campo} no es una fecha válida: ${fecha}`);
  return iso;
}

function importe(v: string, campo: string): string {
  const parsed = parseAmount(String(v ?? ""));
  if (parsed === null || parsed.startsWith("-")) throw new RangeError(`${campo} no es un importe válido: ${v}`);
  return parsed;
}

const cents = (v: string, campo: string) => roundAmount(importe(v, campo), 2);
const atLeastZero = (v: string) => (compareAmounts(v, "0") < 0 ? roundAmount("0", 2) : v);

/** Rounded to `max` decimals, trailing zeros dropped down to `min` decimals (20.0000000000 → 20.000000). */
function factor(v: string, max: number, min: number): string {
  const rounded = roundAmount(v, max);
  const [int, dec = ""] = rounded.split(".");
  const kept = dec.replace(/0+$/, "").padEnd(min, "0");
  return kept === "" ? (int as string) : `${int}.${kept}`;
}

/**
 * a ÷ b to 10 decimals (the most EquivalenciaDR admits), rounded up: ImpPagado ÷ EquivalenciaDR then never
 * exceeds the amount the payment applied, so the SAT's Σ ImpPagado ÷ EquivalenciaDR ≤ Monto holds.
 */
function equivalencia(a: string, b: string): string {
  let q = divideAmounts(a, b, 10);
  if (compareAmounts(multiplyAmounts(q, b), a) < 0) q = addAmounts(q, "0.0000000001");
  return factor(q, 10, 6);
}

/**
 * The deadline to issue the complement of a payment made on `fechaPago` (YYYY-MM-DD or a date-time): the fifth
 * day of the following month (the Resolución Miscelánea Fiscal's rule for complements of payments in
 * parcialidades or deferred). 2025-12-20 → 2026-01-05.
 */
export function fechaLimiteComplemento(fechaPago: string): string {
  const m = YMD.exec(fechaIso(fechaPago, "La fecha de pago"));
  const year = Number(m?.[1]);
  const month = Number(m?.[2]);
  const [y, mm] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return `${String(y).padStart(4, "0")}-${String(mm).padStart(2, "0")}-05`;
}

function equivalenciaDR(pago: PagoErp, f: FacturaDelPago, aplicado: string): string {
  if (f.moneda === pago.moneda) return "1";
  if (f.aplicadoMonedaPago !== undefined) {
    return equivalencia(aplicado, cents(f.aplicadoMonedaPago, "El importe aplicado en la moneda del pago"));
  }
  if (f.moneda === "MXN") return factor(importe(pago.tipoCambio, "El tipo de cambio"), 10, 6);
  throw new RangeError(
    `Falta el importe aplicado en ${pago.moneda} a la factura ${f.uuid} (en ${f.moneda}): no se puede calcular EquivalenciaDR.`,
  );
}

/** IVA rates of c_TasaOCuota (Tasa): 16 %, 8 % (región fronteriza) and 0 %. */
const TASAS_IVA = ["0.160000", "0.080000", "0.000000"] as const;
const IMPUESTO_IVA = "002";
/** Decimals of the intermediate conversions into the payment's currency (rounded once at the end). */
const PRECISION = 12;

/** The c_TasaOCuota nearest to trasladado ÷ base (an invoice's IVA is rounded to cents, so it is never exact). */
function tasaIva(base: string, trasladado: string): string {
  const tasa = divideAmounts(trasladado, base, 6);
  const distancia = (t: string) => {
    const d = subtractAmounts(t, tasa);
    return d.startsWith("-") ? d.slice(1) : d;
  };
  return [...TASAS_IVA].sort((a, b) => compareAmounts(distancia(a), distancia(b)))[0] as string;
}

/**
 * ObjetoImpDR and the TrasladosDR of one related document (Guía de llenado, Pagos 2.0): the payment's share of
 * the invoice's IVA, in proportion to what it pays. BaseDR = (SubTotal − Descuento) × ImpPagado ÷ Total, rounded to
 * cents; ImporteDR = BaseDR × TasaOCuotaDR, rounded to cents. An invoice with no IVA trasladado is 01.
 */
export function impuestosDocumento(
  importes: ImportesFactura | undefined,
  impPagado: string,
): { ObjetoImpDR: "01" | "02" | null; TrasladosDR: TrasladoDr[] } {
  if (!importes) return { ObjetoImpDR: null, TrasladosDR: [] };
  const total = importe(importes.total, "El total de la factura");
  const base = subtractAmounts(
    importe(importes.subtotal, "El subtotal de la factura"),
    importe(importes.descuento || "0", "El descuento de la factura"),
  );
  const trasladado = addAmounts(subtractAmounts(total, base), importe(importes.retenciones || "0", "Las retenciones"));
  if (compareAmounts(trasladado, "0") <= 0 || compareAmounts(base, "0") <= 0 || compareAmounts(total, "0") <= 0) {
    return { ObjetoImpDR: "01", TrasladosDR: [] };
  }
  const tasa = tasaIva(base, trasladado);
  const baseDR = divideAmounts(multiplyAmounts(base, impPagado), total, 2);
  return {
    ObjetoImpDR: "02",
    TrasladosDR: [
      {
        BaseDR: baseDR,
        ImpuestoDR: IMPUESTO_IVA,
        TipoFactorDR: "Tasa",
        TasaOCuotaDR: tasa,
        ImporteDR: roundAmount(multiplyAmounts(baseDR, tasa), 2),
      },
    ],
  };
}

/**
 * TrasladosP: the documents' TrasladoDR grouped by rate, each converted into the payment's currency
 * (÷ EquivalenciaDR), summed and rounded once to 6 decimals (Guía de llenado, ImpuestosP).
 */
export function trasladosPago(documentos: readonly DocumentoEsperado[]): TrasladoP[] {
  const porTasa = new Map<string, { bases: string[]; importes: string[] }>();
  for (const documento of documentos) {
    for (const traslado of documento.TrasladosDR) {
      const grupo = porTasa.get(traslado.TasaOCuotaDR) ?? { bases: [], importes: [] };
      grupo.bases.push(divideAmounts(traslado.BaseDR, documento.EquivalenciaDR, PRECISION));
      grupo.importes.push(divideAmounts(traslado.ImporteDR, documento.EquivalenciaDR, PRECISION));
      porTasa.set(traslado.TasaOCuotaDR, grupo);
    }
  }
  return TASAS_IVA.filter((tasa) => porTasa.has(tasa)).map((tasa) => {
    const grupo = porTasa.get(tasa) as { bases: string[]; importes: string[] };
    return {
      BaseP: roundAmount(addAmounts(...grupo.bases), 6),
      ImpuestoP: IMPUESTO_IVA,
      TipoFactorP: "Tasa",
      TasaOCuotaP: tasa,
      ImporteP: roundAmount(addAmounts(...grupo.importes), 6),
    };
  });
}

const NOMBRE_TASA: Record<string, "16" | "8" | "0"> = { "0.160000": "16", "0.080000": "8", "0.000000": "0" };

/** pago20:Totales: every figure in MXN (× TipoCambioP), 2 decimals; the IVA ones only for the rates present. */
export function totalesPago(monto: string, tipoCambioP: string, traslados: readonly TrasladoP[]): TotalesEsperados {
  const enPesos = (x: string) => roundAmount(multiplyAmounts(x, tipoCambioP), 2);
  const totales: TotalesEsperados = { MontoTotalPagos: enPesos(monto) };
  for (const traslado of traslados) {
    const nombre = NOMBRE_TASA[traslado.TasaOCuotaP];
    if (!nombre) continue;
    totales[`TotalTrasladosBaseIVA${nombre}`] = enPesos(traslado.BaseP);
    totales[`TotalTrasladosImpuestoIVA${nombre}`] = enPesos(traslado.ImporteP);
  }
  return totales;
}

/**
 * What was owed just before this payment (ImpSaldoAnt), read from the invoice's ledger (decision 058): the total
 * less the notes dated up to the payment's day and the earlier payments; a note dated after it is left out.
 */
function saldoAnterior(pago: PagoErp, f: FacturaDelPago, antes: readonly string[], pagado: string): string {
  const fecha = fechaIso(pago.fecha, "La fecha de pago");
  const nota = (importe: string, fechaNota: string, referencia: string): MovimientoSaldo => ({
    tipo: "nota",
    fecha: fechaNota,
    importe,
    moneda: f.moneda,
    referencia,
  });
  const movimientos: MovimientoSaldo[] = [
    nota(cents(f.acreditado ?? "0", "Lo acreditado con notas de crédito"), fecha, "acreditado"),
    ...(f.notas ?? []).map((n, i) =>
      nota(cents(n.importe, "Lo acreditado con una nota de crédito"), n.fecha, n.referencia ?? `nota ${i + 1}`),
    ),
    // The earlier payments were made on or before this one's day and sort before it by `orden`.
    ...[...antes, pagado].map(
      (importe, i): MovimientoSaldo => ({ tipo: "pago", fecha, importe, moneda: f.moneda, referencia: "", orden: i }),
    ),
  ];
  const ledger = saldoFactura({ total: cents(f.total, "El total de la factura"), moneda: f.moneda, movimientos });
  const fila = ledger.filas.filter((r) => r.movimiento.tipo === "pago").at(-1);
  return atLeastZero(fila?.saldoAnterior ?? ledger.total);
}

function documento(pago: PagoErp, f: FacturaDelPago): DocumentoEsperado {
  const antes = f.aplicadoAntes.map((a) => cents(a, "Un importe aplicado antes"));
  const pagado = cents(f.aplicado, "El importe aplicado");
  const saldoAnt = saldoAnterior(pago, f, antes, pagado);
  const insoluto = atLeastZero(subtractAmounts(saldoAnt, pagado));
  return {
    IdDocumento: normalizeUuid(f.uuid),
    Serie: f.serie ?? "",
    Folio: f.folio ?? "",
    MonedaDR: f.moneda,
    EquivalenciaDR: equivalenciaDR(pago, f, pagado),
    NumParcialidad: antes.length + 1,
    ImpSaldoAnt: saldoAnt,
    ImpPagado: pagado,
    ImpSaldoInsoluto: insoluto,
    ...impuestosDocumento(f.importes, pagado),
  };
}

/**
 * The complement the supplier must issue for `input.pago`, or null when none is owed by what was given: the
 * payment is cancelled, or it applies to no invoice (the caller passes only the PPD ones). Throws RangeError on
 * malformed input (a date or amount that is not one, a currency mix it cannot convert).
 */
export function complementoEsperado(input: ComplementoEsperadoInput): ComplementoEsperado | null {
  const { pago, facturas } = input;
  if (pago.cancelado || facturas.length === 0) return null;
  const fecha = fechaIso(pago.fecha, "La fecha de pago");
  const tipoCambio = pago.moneda === "MXN" ? "1" : factor(importe(pago.tipoCambio, "El tipo de cambio"), 6, 2);
  const monto = cents(pago.total, "El total del pago");
  const documentos = facturas.map((f) => documento(pago, f));
  const traslados = trasladosPago(documentos);
  return {
    FechaPago: `${fecha}T12:00:00`,
    FormaDePagoP: pago.formaPago,
    MonedaP: pago.moneda,
    TipoCambioP: tipoCambio,
    Monto: monto,
    FechaLimite: fechaLimiteComplemento(fecha),
    Documentos: documentos,
    TrasladosP: traslados,
    Totales: totalesPago(monto, tipoCambio, traslados),
  };
}
