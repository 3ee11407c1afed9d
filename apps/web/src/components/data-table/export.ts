import { clock, hoyIso } from "../../lib/clock";
import { type CellValue, type DataTableColumn, isColumnSearchable } from "./data-table-logic";

/**
 * 'Exportar' (issue 16): the rows of a table as filtered and sorted (all of them, not only the page), under
 * the visible column headers. Values are the ones the table shows and searches (`column.value`): dates and
 * amounts as formatted in the table; in Excel, numbers stay numbers and text stays text.
 */
export interface ExportTable {
  headers: string[];
  rows: CellValue[][];
}

/** Columns with a value (buttons and icons only, such as 'Ver', are left out). */
export function exportColumns<Row>(columns: readonly DataTableColumn<Row>[]): DataTableColumn<Row>[] {
  return columns.filter((column) => Boolean(column.value) && (isColumnSearchable(column) || !column.cell));
}

export function buildExportTable<Row>(columns: readonly DataTableColumn<Row>[], rows: readonly Row[]): ExportTable {
  const kept = exportColumns(columns);
  return {
    headers: kept.map((column) => column.header),
    rows: rows.map((row) => kept.map((column) => normalise(column.value?.(row)))),
  };
}

function normalise(value: CellValue): CellValue {
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number" && !Number.isFinite(value)) return "";
  return value ?? "";
}

/** Cells that a spreadsheet would read as a formula are prefixed with ' (CSV injection guard). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CellValue): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "boolean" ? (value ? "Sí" : "No") : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** UTF-8 with BOM (so Excel reads the accents), CRLF line ends, RFC 4180 quoting. */
export function toCsv(table: ExportTable): string {
  const lines = [table.headers, ...table.rows].map((cells) => cells.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** `<lista>-<YYYY-MM-DD>.<ext>`, the day from the injected clock. */
export function exportFileName(listName: string, extension: "csv" | "xlsx", now: Date = clock.now()): string {
  const slug =
    listName
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "lista";
  return `${slug}-${hoyIso(now)}.${extension}`;
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function downloadCsv(table: ExportTable, listName: string): void {
  downloadBlob(new Blob([toCsv(table)], { type: "text/csv;charset=utf-8" }), exportFileName(listName, "csv"));
}

/** The workbook library is loaded only when someone exports. */
export async function downloadXlsx(table: ExportTable, listName: string): Promise<void> {
  const { default: writeXlsxFile } = await import("write-excel-file/browser");
  const cell = (value: CellValue) =>
    typeof value === "number"
      ? { value, type: Number }
      : { value: value === null || value === undefined ? "" : String(value), type: String };
  const data = [
    table.headers.map((header) => ({ value: header, type: String, fontWeight: "bold" as const })),
    ...table.rows.map((row) => row.map(cell)),
  ];
  const blob = await writeXlsxFile(data as never, { sheet: listName.slice(0, 31) || "Lista" } as never).toBlob();
  downloadBlob(blob, exportFileName(listName, "xlsx"));
}
