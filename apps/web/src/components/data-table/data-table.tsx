import { Paper, Table } from "@mantine/core";
import type { RowData } from "@tanstack/react-table";
import { type ReactElement, type ReactNode, useDeferredValue } from "react";
import {
  PAGE_SIZE_ALL,
  type PageSize,
  SHORT_DEFAULT_PAGE_SIZE,
  SHORT_PAGE_SIZES,
  TABLE_MAX_HEIGHT,
} from "../../lib/constants";
import type { ListSearchBinding } from "../../lib/list-search";
import classes from "./data-table.module.css";
import { DataTableHeader } from "./data-table-column-header";
import {
  clampPage,
  type DataTableColumn,
  isColumnSearchable,
  type RowEdits,
  type SortState,
  searchText,
} from "./data-table-logic";
import { DataTablePagination } from "./data-table-pagination";
import { DataTableMessageRow, DataTableRows, useOpenRow } from "./data-table-row";
import { DataTableToolbar, exportRows } from "./data-table-toolbar";
import { useCellEdits } from "./use-cell-edits";
import { useRowExpansion } from "./use-row-expansion";
import { useRowSelection } from "./use-row-selection";
import { useTableModel } from "./use-table-model";
import { fromSorting, useKeepPageInRange, useTableUrlState } from "./use-table-url-state";
import { useVirtualWindow } from "./use-virtual-window";

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

export const NO_MATCH_TEXT = "Ningún registro coincide con la búsqueda";

/**
 * The shared list table (spec §2 "All tables have…"): client-side search, sort by header click, paging with
 * 'All', double-click to open, spinner while loading, refresh button 'Recargar', at most 55% of the view high
 * with a sticky header; and, for the review lists, row selection, expandable rows, per-row editable cells and
 * locked rows. Headless @tanstack/react-table holds the state and the row pipeline (table-model.ts), Mantine
 * renders it (toolbar, header, rows and pagination in their own files), the URL keeps search, sort and page
 * (use-table-url-state.ts), and an 'All' page of a long list is virtualised (use-virtual-window.ts).
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>): ReactElement {
  const { rows, columns, getRowKey, label, isLoading = false, onRowOpen, onSelectionChange, isRowLocked } = props;
  const { pageSizes = SHORT_PAGE_SIZES, defaultPageSize = SHORT_DEFAULT_PAGE_SIZE, renderExpanded } = props;
  const { isSearchable = true, onRefresh, actions, isExportable = true } = props;
  const state = useTableUrlState({
    columns,
    listSearch: props.listSearch,
    pageSizes,
    defaultPageSize,
    initialSort: props.initialSort ?? null,
  });
  const { query, pageSize, pageIndex, setPageIndex } = state;
  const deferredQuery = useDeferredValue(query);
  const needle = searchText(deferredQuery.trim());
  const selection = useRowSelection({ rows, getRowKey, onSelectionChange });
  const { expanded, toggleExpanded } = useRowExpansion();
  const { edits, editCell } = useCellEdits(props.edits, props.onEditsChange);
  const table = useTableModel({
    rows,
    columns,
    getRowKey,
    sorting: state.sorting,
    needle,
    pageIndex,
    pageSize,
    rowSelection: selection.rowSelection,
    expanded,
    canSelect: onSelectionChange ? (row) => !isRowLocked?.(row) && (props.isRowSelectable?.(row) ?? true) : undefined,
    canExpand: renderExpanded ? (row) => props.canExpand?.(row) ?? true : undefined,
  });

  // The rows as this render shows them: searched and sorted, every page. 'Exportar' exports these, the rows of the
  // render on screen, never the table's live state: TanStack's state is that of the latest render, and a render
  // React has not committed (the search's deferred render, a reload waiting on a transition) may already differ.
  const shownRows = table.getPrePaginatedRowModel().rows;
  const total = shownRows.length;
  const currentPage = clampPage(pageIndex, total, pageSize);
  useKeepPageInRange(currentPage, pageIndex, setPageIndex, isLoading || rows.length === 0);
  const pageRows = table.getRowModel().rows;
  const isStale = query !== deferredQuery;
  const hasSelection = Boolean(onSelectionChange);
  const hasExpansion = Boolean(renderExpanded);
  const view = useVirtualWindow({ rows: pageRows, isAllPage: pageSize === PAGE_SIZE_ALL, isMeasured: hasExpansion });
  const openRow = useOpenRow(onRowOpen);
  // A new search, page size or page shows its rows from the top.
  const thenScrollUp =
    <Value,>(change: (value: Value) => void) =>
    (value: Value) => {
      change(value);
      view.resetScroll();
    };

  const columnCount = columns.length + (hasSelection ? 1 : 0) + (hasExpansion ? 1 : 0);
  const emptyText = props.emptyText ?? "No hay registros para mostrar.";
  const body = isLoading ? (
    <DataTableMessageRow columnCount={columnCount} message={null} />
  ) : pageRows.length === 0 ? (
    <DataTableMessageRow columnCount={columnCount} message={rows.length > 0 && needle ? NO_MATCH_TEXT : emptyText} />
  ) : (
    <DataTableRows
      rows={view.mountedRows}
      start={view.start}
      firstRowNumber={(pageSize === PAGE_SIZE_ALL ? 0 : currentPage * pageSize) + 1}
      paddingTop={view.paddingTop}
      paddingBottom={view.paddingBottom}
      edits={edits}
      isRowLocked={isRowLocked}
      columns={columns}
      measureRef={view.measureRef}
      isWindowed={view.isWindowed}
      openRow={openRow}
      hasSelection={hasSelection}
      onToggleSelected={selection.toggleSelected}
      hasExpansion={hasExpansion}
      onToggleExpanded={toggleExpanded}
      renderExpanded={renderExpanded}
      onEdit={editCell}
      columnCount={columnCount}
    />
  );

  return (
    <Paper withBorder radius="md" className={classes.root}>
      {isSearchable || onRefresh || actions ? (
        <DataTableToolbar
          search={
            isSearchable && columns.some(isColumnSearchable)
              ? { query, isStale, onChange: thenScrollUp(state.search) }
              : null
          }
          actions={actions}
          onExport={
            isExportable && !isLoading
              ? (format) =>
                  exportRows(
                    columns,
                    shownRows.map((row) => row.original),
                    props.exportName ?? label,
                    format,
                  )
              : undefined
          }
          onRefresh={onRefresh}
          isRefreshing={props.isRefreshing ?? false}
        />
      ) : null}
      <div
        ref={view.scrollRef}
        className={classes.scroll}
        style={{ maxHeight: TABLE_MAX_HEIGHT }}
        aria-busy={isLoading || isStale}
      >
        <Table
          stickyHeader
          highlightOnHover
          striped
          verticalSpacing="sm"
          horizontalSpacing={props.isCompact ? 8 : "md"}
          aria-label={label}
          aria-rowcount={view.isWindowed ? total + 1 : undefined}
          className={props.isCompact ? `${classes.table} ${classes.compact}` : classes.table}
        >
          <DataTableHeader
            columns={columns}
            sort={fromSorting(state.sorting)}
            onSort={state.sortBy}
            selectableRows={hasSelection ? shownRows.filter((row) => row.getCanSelect()) : undefined}
            onSelectAll={selection.setSelected}
            hasExpansion={hasExpansion}
            rowIndex={view.isWindowed ? 1 : undefined}
          />
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </div>
      <DataTablePagination
        pageSizes={pageSizes}
        pageSize={pageSize}
        currentPage={currentPage}
        total={total}
        onPageSizeChange={thenScrollUp(state.resize)}
        onPageChange={thenScrollUp(setPageIndex)}
      />
    </Paper>
  );
}

export type { DataTableColumn, SortState } from "./data-table-logic";
