import { addAmounts } from "@portal/cfdi";
import type { ComplementosAtrasadosRow, PagoAtrasado } from "@portal/contracts";

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

/** The currencies of the report's totals, in order: one 'Importe' column each (issue 40: never one text of two). */
export const monedasDelReporte = (rows: readonly ComplementosAtrasadosRow[]): string[] =>
  [...new Set(rows.flatMap((r) => r.Importes.map((i) => i.Moneda)))].sort();

/** A supplier's total in one currency; '' when it owes none in it. */
export const importeEn = (row: Pick<ComplementosAtrasadosRow, "Importes">, moneda: string): string =>
  row.Importes.find((i) => i.Moneda === moneda)?.Importe ?? "";

/** The payments of one supplier (its CardCode; null: every supplier's). */
export const pagosDelProveedor = (pagos: readonly PagoAtrasadoFila[], cardCode: string | null): PagoAtrasadoFila[] =>
  cardCode === null ? [...pagos] : pagos.filter((p) => p.CardCode === cardCode).map((p, i) => ({ ...p, Fila: i + 1 }));

/**
 * The screen's filters in its URL (issue 40: a reload or a shared link kept neither): the sociedad's company
 * database and the supplier's CardCode, each kept only when it looks like one.
 */
export interface AtrasadosFilters {
  sociedad?: string;
  proveedor?: string;
}
const CODE = /^[A-Za-z0-9_.-]{1,64}$/;
export function parseAtrasadosFilters(raw: Record<string, unknown>): AtrasadosFilters {
  const filters: AtrasadosFilters = {};
  if (typeof raw.sociedad === "string" && CODE.test(raw.sociedad)) filters.sociedad = raw.sociedad;
  if (typeof raw.proveedor === "string" && CODE.test(raw.proveedor)) filters.proveedor = raw.proveedor;
  return filters;
}
