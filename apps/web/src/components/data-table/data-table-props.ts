import type { ReactNode } from "react";
import type { PageSize } from "../../lib/constants";
import type { ListSearchBinding } from "../../lib/list-search";
import type { DataTableColumn, RowEdits, SortState } from "./data-table-logic";

/** The props of the shared list table (data-table.tsx). */
export interface DataTableProps<Row> {
  /** Rows as loaded; keep the array reference stable between renders (e.g. straight from react-query). */
  rows: readonly Row[];
  /** Column definitions; memoise them (useMemo or module constant) so the search index is built once. */
  columns: readonly DataTableColumn<Row>[];
  /** Unique key of a row. */
  getRowKey: (row: Row) => string | number;
  /** Accessible name of the table (e.g. the screen title). */
  label: string;
  /** Shows a spinner instead of rows. */
  isLoading?: boolean;
  /** Shows the refresh button ('Recargar'); it spins while `isRefreshing`. */
  onRefresh?: () => void;
  isRefreshing?: boolean;
  /** Double-click (or Enter on a focused row) opens the row. */
  onRowOpen?: (row: Row) => void;
  /** Page size options, 'All' included where the spec offers it (default 5, 10, 15, All). */
  pageSizes?: readonly PageSize[];
  defaultPageSize?: PageSize;
  initialSort?: SortState | null;
  /** Shows the search box (default true). */
  isSearchable?: boolean;
  /** Extra toolbar content on the right (e.g. an 'Agregar' button). */
  actions?: ReactNode;
  /** Text when there are no rows. */
  emptyText?: string;
  /**
   * Denser cells (tighter padding, 13 px text) for wide lists such as orders and receipts, whose dozen
   * columns would otherwise push the total out of view on a laptop screen.
   */
  isCompact?: boolean;
  /** A leading checkbox column; called with the selected rows (in list order) whenever they change. */
  onSelectionChange?: (selected: Row[]) => void;
  /** Rows that may be selected (default: every row that is not locked). */
  isRowSelectable?: (row: Row) => boolean;
  /** A leading expand button per row; the expanded row shows this under it, across the table. */
  renderExpanded?: (row: Row) => ReactNode;
  /** Rows that have something to expand (default: all, when `renderExpanded` is given). */
  canExpand?: (row: Row) => boolean;
  /** Locked rows (e.g. a reviewed invoice): not selectable, editors disabled, marked with a lock. */
  isRowLocked?: (row: Row) => boolean;
  /** Edits of the editable cells (controlled); without it the table keeps them itself. */
  edits?: RowEdits;
  onEditsChange?: (edits: RowEdits) => void;
  /** Keeps search, sort, page and page size in the URL (useListSearch()); without it they live in the table. */
  listSearch?: ListSearchBinding;
  /** Name of the exported files ('pedidos' gives pedidos-2026-11-23.csv); default: the label. */
  exportName?: string;
  /** Shows 'Exportar' (CSV and Excel of the filtered, sorted rows); default true. */
  isExportable?: boolean;
}
