/**
 * One invoice's balance over time (issue 39, decision 058): its total, then every credit note (by its CFDI date) and
 * every ERP payment (by its date) in date order, each row with the balance before and after it. Pure and
 * browser-safe; every amount is exact decimal text rounded to cents before it is added or subtracted (money.ts), so
 * one row's balance after is the next row's balance before, exactly.
 *
 * Order within one day: the credit notes first, then the payments (decision 058). A payment made on the day a note is
 * dated pays what the note left: the company pays the net of the notes it has, and a payment's ImpSaldoAnt (what was
 * owed just before it) already takes off a note of the same day. Within one kind, the caller's `orden` (a payment's
 * DocNum, a note's CFDI date-time or id), then the order given.
 *
 * Nothing is clamped: a movement larger than the balance before it leaves a negative balance and is marked `excede`;
 * the registration of a credit note refuses such a note (it must fit the balance at its date and today).
 */
import { ddmmyyyyToIso, isIsoDate } from "./dates";
import { addAmounts, compareAmounts, parseAmount, roundAmount, subtractAmounts } from "./money";

/** What lowers an invoice's balance: a credit note or an ERP payment (what it applied to this invoice). */
export interface MovimientoSaldo {
  tipo: "nota" | "pago";
  /** YYYY-MM-DD, DD-MM-YYYY or an ISO date-time (its date is taken). */
  fecha: string;
  /** What it takes off the invoice, in the invoice's currency (≥ 0). */
  importe: string;
  /** Its currency: the invoice's (a movement in another currency is refused). */
  moneda: string;
  /** What names it to a person: the note's folio or UUID, the payment's DocNum. */
  referencia: string;
  /** Tie-break within one day and kind, ascending: the payment's DocNum, the note's CFDI date-time. */
  orden?: number | string;
}

/** One row of the ledger: the movement, its date (YYYY-MM-DD) and the balance before and after it. */
export interface FilaSaldo {
  movimiento: MovimientoSaldo;
  fecha: string;
  saldoAnterior: string;
  saldoPosterior: string;
  /** True when the movement is larger than the balance before it. */
  excede: boolean;
}

export interface SaldoFactura {
  total: string;
  moneda: string;
  filas: FilaSaldo[];
  /** The balance after every movement (negative when something exceeded it). */
  saldo: string;
  /** Σ payments and Σ credit notes. */
  pagado: string;
  acreditado: string;
}

export interface SaldoFacturaInput {
  total: string;
  moneda: string;
  movimientos: readonly MovimientoSaldo[];
}

const cents = (v: string, campo: string): string => {
  const parsed = parseAmount(String(v ?? ""));
  if (parsed === null || parsed.startsWith("-")) throw new RangeError(`${campo} no es un importe válido: ${v}`);
  return roundAmount(parsed, 2);
};

function fechaDe(fecha: string): string {
  const iso = ddmmyyyyToIso(String(fecha ?? "").trim());
  if (!isIsoDate(iso)) throw new RangeError(`La fecha de un movimiento no es una fecha válida: ${fecha}`);
  return iso;
}

const TIPO_ORDEN: Record<MovimientoSaldo["tipo"], number> = { nota: 0, pago: 1 };

function compareOrden(a: MovimientoSaldo["orden"], b: MovimientoSaldo["orden"]): number {
  if (a === undefined || b === undefined) return 0;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b));
}

/**
 * The invoice's ledger: its movements in date order (notes before payments within a day) with the balance before
 * and after each. Throws RangeError on an amount or date that is not one, or a movement in another currency (two
 * currencies are never added up).
 */
export function saldoFactura(input: SaldoFacturaInput): SaldoFactura {
  const moneda = String(input.moneda ?? "").toUpperCase();
  const total = cents(input.total, "El total de la factura");
  const ordenados = input.movimientos
    .map((movimiento, i) => {
      if (String(movimiento.moneda ?? "").toUpperCase() !== moneda) {
        throw new RangeError(
          `El movimiento ${movimiento.referencia} está en ${movimiento.moneda} y la factura en ${input.moneda}: no se suman importes de dos monedas.`,
        );
      }
      return { movimiento, i, fecha: fechaDe(movimiento.fecha), importe: cents(movimiento.importe, "Un importe") };
    })
    .sort(
      (a, b) =>
        a.fecha.localeCompare(b.fecha) ||
        TIPO_ORDEN[a.movimiento.tipo] - TIPO_ORDEN[b.movimiento.tipo] ||
        compareOrden(a.movimiento.orden, b.movimiento.orden) ||
        a.i - b.i,
    );
  let saldo = total;
  let pagado = "0.00";
  let acreditado = "0.00";
  const filas = ordenados.map(({ movimiento, fecha, importe }) => {
    const saldoAnterior = saldo;
    saldo = subtractAmounts(saldo, importe);
    if (movimiento.tipo === "pago") pagado = addAmounts(pagado, importe);
    else acreditado = addAmounts(acreditado, importe);
    return {
      movimiento: { ...movimiento, importe },
      fecha,
      saldoAnterior,
      saldoPosterior: saldo,
      excede: compareAmounts(importe, saldoAnterior) > 0,
    };
  });
  return { total, moneda, filas, saldo, pagado, acreditado };
}

/** The balance at the end of day `fecha`: the total less every movement dated on or before it. */
export function saldoAl(ledger: SaldoFactura, fecha: string): string {
  const dia = fechaDe(fecha);
  let saldo = ledger.total;
  for (const fila of ledger.filas) if (fila.fecha <= dia) saldo = fila.saldoPosterior;
  return saldo;
}

/**
 * The balance a new credit note dated `fecha` would find: at its place in the ledger (after every movement of an
 * earlier day and the notes of its own day) — the figure a note must not exceed at its date.
 */
export function saldoParaNota(ledger: SaldoFactura, fecha: string): string {
  const dia = fechaDe(fecha);
  let saldo = ledger.total;
  for (const fila of ledger.filas) {
    if (fila.fecha < dia || (fila.fecha === dia && fila.movimiento.tipo === "nota")) saldo = fila.saldoPosterior;
  }
  return saldo;
}

/**
 * How the invoice stands by its ledger (decision 058): 'abierta' (nothing lowered it), 'parcial' (something did, a
 * balance is left), or closed — 'pagada' (by payments only), 'acreditada' (by credit notes only) or
 * 'pagada_y_acreditada' (by both).
 */
export type CierreSaldo = "abierta" | "parcial" | "pagada" | "acreditada" | "pagada_y_acreditada";

export function cierreDe(ledger: SaldoFactura): CierreSaldo {
  if (ledger.filas.length === 0) return "abierta";
  if (compareAmounts(ledger.saldo, "0") > 0) return "parcial";
  const pagos = compareAmounts(ledger.pagado, "0") > 0;
  const notas = compareAmounts(ledger.acreditado, "0") > 0;
  if (pagos && notas) return "pagada_y_acreditada";
  return notas ? "acreditada" : "pagada";
}
