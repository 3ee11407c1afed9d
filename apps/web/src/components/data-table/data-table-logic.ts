import { compareAmounts, formatAmount, parseAmount } from "@portal/cfdi";
import type { ReactNode } from "react";
import { PAGE_SIZE_ALL, type PageSize } from "../../lib/constants";

/**
 * Pure logic of the shared data table: search, sort and paging. No React here, so it is unit tested
 * directly and stays cheap enough for 10,000 rows.
 */

export type CellValue = string | number | boolean | null | undefined;
export type SortDirection = "asc" | "desc";

/**
 * What a column holds (issue 23), declared once in its definition so search, sort and export agree: text (the
 * default), money (an amount in a currency: shown "3,327.01 MXN", sorted by currency then amount, exported as a
 * number beside a currency column) or a date (an ISO YYYY-MM-DD value, exported as a real date).
 */
export type ColumnKind = "text" | "money" | "date";

/** An amount as the API sends it (a decimal string) and its currency code. */
export interface Money {
  amount: string;
  currency: string;
}

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export interface DataTableColumn<Row> {
  /** Stable id, also used by `initialSort`. */
  id: string;
  /** Header text; it names the sort button too. */
  header: string;
  /** The value searched and sorted on; also rendered when there is no `cell`. */
  value?: (row: Row) => CellValue;
  /**
   * Sort key when it differs from what is shown and searched: e.g. an amount shown as "1,234.50 MXN"
   * (searchable as displayed) but ordered by its numeric value.
   */
  sortValue?: (row: Row) => CellValue;
  /** What the column holds (default text); a money column reads its amount and currency from `money`. */
  kind?: ColumnKind;
  /** The amount and currency of a money column (see `moneyColumn`). */
  money?: (row: Row) => Money;
  /** Custom rendering (buttons, tooltips, badges). */
  cell?: (row: Row) => ReactNode;
  /** Included in the client-side search (default: true when the column has a `value`). */
  isSearchable?: boolean;
  /** Header click sorts by this column (default: true when the column has a `value` or `sortValue`). */
  isSortable?: boolean;
  align?: "left" | "center" | "right";
  /** Fixed width (CSS length or px). */
  width?: number | string;
  /** Keeps long text on one line with an ellipsis. */
  isNoWrap?: boolean;
  /**
   * Lets a long header break into lines ("Días de / crédito") when the table is tight: for wide lists whose
   * short codes sit under long headers. Headers stay on one line by default.
   */
  isHeaderWrapped?: boolean;
  /**
   * Hidden until the user shows it from the table's 'Columnas' menu (issue 40: long technical columns — UUIDs,
   * file links — give their room at 1366 px to the columns a person came for). Still searched, sorted and exported.
   */
  isHiddenByDefault?: boolean;
  /** What the header means, shown on hover and focus (a date whose rule the reader must know). */
  headerHint?: string;
  /**
   * Makes the cell editable row by row (a review's status select, its Revisado checkbox, a comment): renders
   * the editor with the row's current value (its edit, or `value`). Locked rows and rows for which
   * `isEditable` says no get the editor disabled.
   */
  edit?: {
    render: (row: Row, editor: CellEditor) => ReactNode;
    isEditable?: (row: Row) => boolean;
  };
}

/** What an editable cell's editor receives. */
export interface CellEditor {
  value: CellValue;
  onChange: (value: CellValue) => void;
  isDisabled: boolean;
  /** Accessible name: the column's header and the row's number ("Estatus, fila 3"). */
  label: string;
}

/** Edits made in a table, by row key and column id. */
export type RowEdits = Readonly<Record<string, Readonly<Record<string, CellValue>>>>;

/**
 * The columns shown: each column's default (shown, or hidden when `isHiddenByDefault`), turned over for the ids the
 * user toggled in the 'Columnas' menu.
 */
export const visibleColumns = <Row>(
  columns: readonly DataTableColumn<Row>[],
  toggled: readonly string[],
): DataTableColumn<Row>[] => columns.filter((column) => !column.isHiddenByDefault !== toggled.includes(column.id));

/** The toggled ids as the URL keeps them: known columns only, once each, in the columns' order. */
export const knownToggles = <Row>(columns: readonly DataTableColumn<Row>[], ids: readonly string[]): string[] =>
  columns.map((column) => column.id).filter((id) => ids.includes(id));

export const isColumnSearchable = <Row>(column: DataTableColumn<Row>): boolean =>
  Boolean(column.value) && column.isSearchable !== false;

export const isColumnSortable = <Row>(column: DataTableColumn<Row>): boolean =>
  Boolean(column.sortValue ?? column.value) && column.isSortable !== false;

/** Combining marks left by NFD: the accents of 'á', 'é', 'ü', the tilde of 'ñ'. */
const ACCENTS = /\p{M}/gu;
/** A comma between digits: the thousands separator of "3,327.01". */
const THOUSANDS_COMMA = /(?<=\d),(?=\d)/g;

/**
 * Text of a value as the search sees it (issue 23): lower case, without accents and without thousands
 * separators, so 'validacion' finds 'Validación' and '3327.01' finds '3,327.01' (and the other way round: the
 * query goes through the same function).
 */
export function searchText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  return String(value).normalize("NFD").replace(ACCENTS, "").toLocaleLowerCase("es-MX").replace(THOUSANDS_COMMA, "");
}

/** Spec §9: an amount with 2 decimals and thousands commas, followed by its currency ("47,820.76 MXN"). */
export function formatMoney({ amount, currency }: Money): string {
  if (parseAmount(amount) === null) return amount;
  const formatted = formatAmount(amount);
  return currency ? `${formatted} ${currency}` : formatted;
}

/**
 * A money column: shown and searched as "3,327.01 MXN", sorted by currency and then amount, exported as a number
 * with a currency column. Rendering (`cell`) and layout stay the caller's.
 */
export function moneyColumn<Row>(
  column: Omit<DataTableColumn<Row>, "kind" | "value" | "sortValue" | "money"> & { money: (row: Row) => Money },
): DataTableColumn<Row> {
  return {
    align: "right",
    isNoWrap: true,
    ...column,
    kind: "money",
    value: (row) => formatMoney(column.money(row)),
  };
}

/** A date column: its value is the ISO date (YYYY-MM-DD), shown, searched and sorted as is, exported as a date. */
export function dateColumn<Row>(column: Omit<DataTableColumn<Row>, "kind">): DataTableColumn<Row> {
  return { isNoWrap: true, ...column, kind: "date" };
}

/**
 * Order of two amounts of a money column (issue 23): by currency first (in alphabetical order whatever the
 * direction, so the currencies never mix), then by amount in `sign`'s direction, exactly. Blank or unreadable
 * amounts go last.
 */
export function compareMoney(a: Money, b: Money, sign: 1 | -1): number {
  const x = parseAmount(a.amount);
  const y = parseAmount(b.amount);
  if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0);
  return collator.compare(a.currency, b.currency) || sign * compareAmounts(x, y);
}

export type SearchIndex<Row> = ReadonlyMap<Row, string>;

/**
 * Builds, once per rows/columns change, the lower-cased text each row is searched in. Keeping this
 * apart from `filterRows` means typing in the search box does not lower-case 10,000 rows per key.
 * Keyed by row, so the table can sort once and then filter the sorted rows on every keystroke.
 */
export function buildSearchIndex<Row>(
  rows: readonly Row[],
  columns: readonly DataTableColumn<Row>[],
): SearchIndex<Row> {
  const searchable = columns.filter(isColumnSearchable);
  const index = new Map<Row, string>();
  for (const row of rows) {
    index.set(
      row,
      searchable
        .map((column) => searchText(column.value?.(row)))
        .filter(Boolean)
        .join("\u0000"),
    );
  }
  return index;
}

/** Spec §5 Search: case-insensitive substring match over the searchable columns; keeps the order. */
export function filterRows<Row>(rows: readonly Row[], index: SearchIndex<Row>, query: string): readonly Row[] {
  const needle = searchText(query.trim());
  if (!needle) return rows;
  return rows.filter((row) => index.get(row)?.includes(needle) ?? false);
}

const collator = new Intl.Collator("es-MX", { numeric: true, sensitivity: "base" });

const isBlank = (value: CellValue) => value === null || value === undefined || value === "";

/** Blank values last in both directions; numbers numerically; text with Spanish collation. */
export function compareValues(a: CellValue, b: CellValue): number {
  if (isBlank(a) || isBlank(b)) return isBlank(a) === isBlank(b) ? 0 : isBlank(a) ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** Stable sort by one column; returns the input when there is nothing to sort by. */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly DataTableColumn<Row>[],
  sort: SortState | null,
): readonly Row[] {
  if (!sort) return rows;
  const column = columns.find((candidate) => candidate.id === sort.columnId);
  const sign = sort.direction === "asc" ? 1 : -1;
  const money = column?.kind === "money" ? column.money : undefined;
  if (money) {
    const keyed = rows.map((row, position) => ({ row, position, key: money(row) }));
    keyed.sort((x, y) => compareMoney(x.key, y.key, sign) || x.position - y.position);
    return keyed.map((entry) => entry.row);
  }
  const read = column?.sortValue ?? column?.value;
  if (!read) return rows;
  const keyed = rows.map((row, position) => ({ row, position, key: read(row) }));
  keyed.sort((x, y) => {
    const blankOrder = (isBlank(x.key) ? 1 : 0) - (isBlank(y.key) ? 1 : 0);
    if (blankOrder !== 0) return blankOrder;
    return sign * compareValues(x.key, y.key) || x.position - y.position;
  });
  return keyed.map((entry) => entry.row);
}

/** Header click (spec §2): a new column sorts ascending, the same column toggles the direction. */
export function nextSort(current: SortState | null, columnId: string): SortState {
  if (current?.columnId === columnId) {
    return { columnId, direction: current.direction === "asc" ? "desc" : "asc" };
  }
  return { columnId, direction: "asc" };
}

export function pageCount(total: number, pageSize: PageSize): number {
  if (pageSize === PAGE_SIZE_ALL) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Clamps a zero-based page index into range (rows may shrink under a search). */
export function clampPage(page: number, total: number, pageSize: PageSize): number {
  return Math.min(Math.max(0, page), pageCount(total, pageSize) - 1);
}

/** Rows of one zero-based page; 'All' returns every row. */
export function paginate<Row>(rows: readonly Row[], page: number, pageSize: PageSize): readonly Row[] {
  if (pageSize === PAGE_SIZE_ALL) return rows;
  const start = clampPage(page, rows.length, pageSize) * pageSize;
  return rows.slice(start, start + pageSize);
}

/** "1–5 de 23": the range shown under the table. */
export function rangeLabel(page: number, total: number, pageSize: PageSize): string {
  if (total === 0) return "0 de 0";
  if (pageSize === PAGE_SIZE_ALL) return `1–${total} de ${total}`;
  const start = clampPage(page, total, pageSize) * pageSize;
  return `${start + 1}–${Math.min(start + pageSize, total)} de ${total}`;
}

/** Which rows to mount when windowing a long list in a scroll box of fixed row height. */
export function visibleWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  total: number,
  overscan = 10,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const count = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight);
  const start = Math.max(0, first - overscan);
  const end = Math.min(total, first + count + overscan);
  return { start, end: Math.max(start, end) };
}
