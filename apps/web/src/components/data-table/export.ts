import { parseAmount } from "@portal/cfdi";
import { clock, hoyIso } from "../../lib/clock";
import { type CellValue, type DataTableColumn, isColumnSearchable } from "./data-table-logic";

/**
 * 'Exportar' (issue 16): the rows of a table as filtered and sorted (all of them, not only the page), under
 * the visible column headers. Values are the ones the table shows and searches (`column.value`), except what a
 * spreadsheet must read as data (issue 23): a money column is its amount (a plain decimal: a number in Excel) with
 * its currency in a column of its own, and a date column is a date (ISO in CSV, a real date in Excel).
 */
export interface ExportTable {
  headers: string[];
  rows: CellValue[][];
  /** What each column holds, by position; absent means text. */
  kinds?: ExportKind[];
}

/** 'amount': a plain decimal string ("3327.01"); 'date': an ISO date ("2026-11-20"); 'text': as shown. */
export type ExportKind = "text" | "amount" | "date";

/** Header of the currency column that follows a money column. */
export const CURRENCY_HEADER = "Moneda";

/** Columns with a value (buttons and icons only, such as 'Ver', are left out). */
export function exportColumns<Row>(columns: readonly DataTableColumn<Row>[]): DataTableColumn<Row>[] {
  return columns.filter((column) => Boolean(column.value) && (isColumnSearchable(column) || !column.cell));
}

interface ExportField<Row> {
  header: string;
  kind: ExportKind;
  read: (row: Row) => CellValue;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

function fieldsOf<Row>(column: DataTableColumn<Row>): ExportField<Row>[] {
  const value = (row: Row) => normalise(column.value?.(row));
  const { money } = column;
  if (column.kind === "money" && money) {
    const currencyHeader = column.header === "Total" ? CURRENCY_HEADER : `${CURRENCY_HEADER} (${column.header})`;
    return [
      { header: column.header, kind: "amount", read: (row) => parseAmount(money(row).amount) ?? "" },
      { header: currencyHeader, kind: "text", read: (row) => money(row).currency },
    ];
  }
  if (column.kind === "date") {
    return [
      {
        header: column.header,
        kind: "date",
        read: (row) => {
          const shown = value(row);
          return typeof shown === "string" && ISO_DATE.test(shown) ? shown.slice(0, 10) : shown;
        },
      },
    ];
  }
  return [{ header: column.header, kind: "text", read: value }];
}

export function buildExportTable<Row>(columns: readonly DataTableColumn<Row>[], rows: readonly Row[]): ExportTable {
  const fields = exportColumns(columns).flatMap(fieldsOf);
  return {
    headers: fields.map((field) => field.header),
    kinds: fields.map((field) => field.kind),
    rows: rows.map((row) => fields.map((field) => field.read(row))),
  };
}

function normalise(value: CellValue): CellValue {
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number" && !Number.isFinite(value)) return "";
  return value ?? "";
}

/** Cells that a spreadsheet would read as a formula are prefixed with ' (CSV injection guard). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CellValue, kind: ExportKind = "text"): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "boolean" ? (value ? "Sí" : "No") : String(value);
  // A plain amount ("-12.50") is a number, not a formula: only text is guarded.
  const isPlainAmount = kind === "amount" && parseAmount(text) === text;
  if (typeof value === "string" && !isPlainAmount && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * UTF-8 with BOM (so Excel reads the accents), CRLF line ends, RFC 4180 quoting; amounts as plain decimals ('.'
 * decimal point, no thousands separators) and dates as ISO (YYYY-MM-DD), whatever the reader's locale.
 */
export function toCsv(table: ExportTable): string {
  const header = table.headers.map((cell) => csvCell(cell)).join(",");
  const lines = [
    header,
    ...table.rows.map((cells) => cells.map((cell, i) => csvCell(cell, table.kinds?.[i])).join(",")),
  ];
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

/** Excel number formats: amounts with 2 decimals and thousands separators, dates as day/month/year (es-MX). */
export const AMOUNT_FORMAT = "#,##0.00";
export const DATE_FORMAT = "dd/mm/yyyy";

/** A sheet cell as the workbook library takes it. */
export type SheetCell =
  | { value: number; type: NumberConstructor; format?: string }
  | { value: Date; type: DateConstructor; format: string }
  | { value: string; type: StringConstructor; fontWeight?: "bold" };

const textCell = (value: CellValue): SheetCell => ({
  value: value === null || value === undefined ? "" : String(value),
  type: String,
});

/**
 * A cell of the sheet (issue 23): amounts are numbers shown with 2 decimals, dates are dates (midnight UTC of the
 * day, which Excel reads as that day), numbers stay numbers and the rest is text. A value that is not what its
 * column says (a blank amount, a date that is not ISO) stays text.
 */
export function sheetCell(value: CellValue, kind: ExportKind = "text"): SheetCell {
  if (typeof value === "number") return { value, type: Number };
  if (kind === "amount" && typeof value === "string" && parseAmount(value) !== null) {
    return { value: Number(value), type: Number, format: AMOUNT_FORMAT };
  }
  if (kind === "date" && typeof value === "string") {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (match) {
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      if (!Number.isNaN(date.getTime())) return { value: date, type: Date, format: DATE_FORMAT };
    }
  }
  return textCell(value);
}

/** The sheet: bold headers, then the rows' cells by their column's kind. */
export function sheetData(table: ExportTable): SheetCell[][] {
  return [
    table.headers.map((header) => ({ value: header, type: String, fontWeight: "bold" as const })),
    ...table.rows.map((row) => row.map((value, i) => sheetCell(value, table.kinds?.[i]))),
  ];
}

/** The workbook library is loaded only when someone exports. */
export async function downloadXlsx(table: ExportTable, listName: string): Promise<void> {
  const { default: writeXlsxFile } = await import("write-excel-file/browser");
  const data = sheetData(table);
  const blob = await writeXlsxFile(data as never, { sheet: listName.slice(0, 31) || "Lista" } as never).toBlob();
  downloadBlob(blob, exportFileName(listName, "xlsx"));
}
