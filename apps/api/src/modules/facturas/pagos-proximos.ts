import { addDays, type ImportePorMoneda, type PagosProximos, weekStart } from "@portal/contracts";

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
const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, "0")}`;

/** Sums by currency (alphabetical), with how many invoices each sum holds. */
function byCurrency(rows: readonly PorPagar[]): ImportePorMoneda[] {
  const sums = new Map<string, { cents: number; count: number }>();
  for (const row of rows) {
    const sum = sums.get(row.docCur) ?? { cents: 0, count: 0 };
    sum.cents += cents(row.saldo);
    sum.count += 1;
    sums.set(row.docCur, sum);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([DocCur, s]) => ({ DocCur, Total: money(s.cents), Facturas: s.count }));
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

/** Reads the supplier's invoices expected up to 30 days from `hoy` and groups them. */
export async function pagosProximosDe(
  hoy: string,
  read: (hasta: string) => Promise<PorPagar[]>,
): Promise<PagosProximos> {
  return groupPagosProximos(hoy, await read(addDays(hoy, DIAS_PAGOS_PROXIMOS)));
}
