import { addAmounts } from "@portal/cfdi";
import type { ComplementosAtrasadosRow, PagoAtrasado } from "@portal/contracts";
import { formatMoney } from "../../components/data-table";

/** One overdue payment with its supplier: a row of the 'Pagos atrasados' table and of its export. */
export interface PagoAtrasadoFila extends PagoAtrasado {
  Fila: number;
  CardCode: string;
  CardName: string;
  RFC: string;
  RetenerPagos: "Y" | "N";
}

/** The report's payments, one row each, in the report's order (supplier, then oldest deadline). */
export function pagosAtrasados(rows: readonly ComplementosAtrasadosRow[]): PagoAtrasadoFila[] {
  return rows
    .flatMap((r) =>
      r.Pagos.map((p) => ({
        ...p,
        CardCode: r.CardCode,
        CardName: r.CardName,
        RFC: r.RFC,
        RetenerPagos: r.RetenerPagos,
      })),
    )
    .map((p, i) => ({ Fila: i + 1, ...p }));
}

/** The sociedades the report's payments belong to (the filter's choices), by name. */
export function sociedadesDelReporte(rows: readonly ComplementosAtrasadosRow[]): { value: string; label: string }[] {
  const porBd = new Map<string, string>();
  for (const p of rows.flatMap((r) => r.Pagos)) porBd.set(p.BD, p.NomSociedad);
  return [...porBd.entries()]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, "es"));
}

/**
 * The report narrowed to one sociedad (its company database; null: all): suppliers without a payment there leave,
 * the others keep only those payments, with their totals by currency summed again, and rows numbered again.
 */
export function filterBySociedad(
  rows: readonly ComplementosAtrasadosRow[],
  bd: string | null,
): ComplementosAtrasadosRow[] {
  if (bd === null) return [...rows];
  return rows
    .map((r) => ({ ...r, Pagos: r.Pagos.filter((p) => p.BD === bd) }))
    .filter((r) => r.Pagos.length > 0)
    .map((r, i) => {
      const monedas = [...new Set(r.Pagos.map((p) => p.DocCur))].sort();
      return {
        ...r,
        Fila: i + 1,
        Importes: monedas.map((Moneda) => ({
          Moneda,
          Importe: addAmounts(...r.Pagos.filter((p) => p.DocCur === Moneda).map((p) => p.DocTotal)),
        })),
      };
    });
}

/** "3,660.50 MXN · 300.00 USD": a supplier's totals by currency. */
export const importesTexto = (importes: ComplementosAtrasadosRow["Importes"]): string =>
  importes.map((i) => formatMoney({ amount: i.Importe, currency: i.Moneda })).join(" · ");
