import { addAmounts, compareAmounts, type MovimientoSaldo, roundAmount, saldoFactura } from "@portal/cfdi";
import { addDays, type ImportePorMoneda, type PagosProximos, weekStart } from "@portal/contracts";
import type { FilaPorPagar } from "./repository-erp";

/** Days ahead Home's panel looks (issue 27: "what is due to be paid in the next 30 days"). */
export const DIAS_PAGOS_PROXIMOS = 30;

/** An accepted, unpaid invoice: its expected payment date, currency and what remains to be paid. */
export interface PorPagar {
  fecha: string;
  docCur: string;
  saldo: string;
}

/** The later and the earlier of two ISO dates. */
const later = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);
const earlier = (a: string, b: string) => (a.localeCompare(b) <= 0 ? a : b);
/** Sums by currency (alphabetical), with how many invoices each sum holds: exact decimals, never two currencies. */
function byCurrency(rows: readonly PorPagar[]): ImportePorMoneda[] {
  const sums = new Map<string, { total: string; count: number }>();
  for (const row of rows) {
    const sum = sums.get(row.docCur) ?? { total: "0", count: 0 };
    sums.set(row.docCur, { total: addAmounts(sum.total, row.saldo), count: sum.count + 1 });
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([DocCur, s]) => ({ DocCur, Total: roundAmount(s.total, 2), Facturas: s.count }));
}

/**
 * One invoice's balance as Home shows it (issue 39, decision 058): its ledger's — the total less what the ERP counts
 * paid (on its latest payment's day) and the accepted credit notes the ERP has not applied yet (on their CFDI dates).
 * Null when nothing is left to pay.
 */
export function porPagarDe(fila: FilaPorPagar): PorPagar | null {
  const moneda = fila.docCur;
  const movimientos: MovimientoSaldo[] = [
    { tipo: "pago", fecha: fila.fechaPago ?? fila.fecha, importe: fila.pagado, moneda, referencia: "ERP" },
    ...fila.notas.map(
      (n, i): MovimientoSaldo => ({ tipo: "nota", fecha: n.fecha, importe: n.importe, moneda, referencia: `${i + 1}` }),
    ),
  ];
  const { saldo } = saldoFactura({ total: fila.total, moneda, movimientos });
  return compareAmounts(saldo, "0") > 0 ? { fecha: fila.fecha, docCur: moneda, saldo } : null;
}

/**
 * Home's panel (issue 27, decision 032): from `hoy` to 30 days ahead, the weeks (Monday to Sunday, the first and
 * last clipped to the window) with what is expected to be paid in each, by currency; weeks without payments are
 * left out. What was expected before `hoy` and is still unpaid goes to `Atrasado`.
 */
export function groupPagosProximos(hoy: string, rows: readonly PorPagar[]): PagosProximos {
  const hasta = addDays(hoy, DIAS_PAGOS_PROXIMOS);
  const semanas = new Map<string, PorPagar[]>();
  for (const row of rows) {
    if (row.fecha < hoy || row.fecha > hasta) continue;
    const inicio = weekStart(row.fecha);
    semanas.set(inicio, [...(semanas.get(inicio) ?? []), row]);
  }
  return {
    Desde: hoy,
    Hasta: hasta,
    Semanas: [...semanas.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([inicio, filas]) => {
        const fin = addDays(inicio, 6);
        return {
          Desde: later(inicio, hoy),
          Hasta: earlier(fin, hasta),
          Importes: byCurrency(filas),
        };
      }),
    Atrasado: byCurrency(rows.filter((row) => row.fecha < hoy)),
  };
}

/** Reads the supplier's invoices expected up to 30 days from `hoy`, each at its ledger's balance, and groups them. */
export async function pagosProximosDe(
  hoy: string,
  read: (hasta: string) => Promise<FilaPorPagar[]>,
): Promise<PagosProximos> {
  const filas = await read(addDays(hoy, DIAS_PAGOS_PROXIMOS));
  return groupPagosProximos(
    hoy,
    filas.flatMap((f) => porPagarDe(f) ?? []),
  );
}
