import { Paper, Table } from "@mantine/core";
import type { RowData } from "@tanstack/react-table";
import type { ReactElement, ReactNode } from "react";
import { PAGE_SIZE_ALL, type PageSize, SHORT_PAGE_SIZES, TABLE_MAX_HEIGHT } from "../../lib/constants";
import type { ListSearchBinding } from "../../lib/list-search";
import classes from "./data-table.module.css";
import { DataTableHeader } from "./data-table-column-header";
import { type DataTableColumn, isColumnSearchable, type RowEdits, type SortState } from "./data-table-logic";
import { DataTablePagination } from "./data-table-pagination";
import { DataTableMessageRow, DataTableRows } from "./data-table-row";
import { DataTableToolbar, exportRows } from "./data-table-toolbar";
import { type DataTableState, useDataTable } from "./use-data-table";
import { fromSorting } from "./use-table-url-state";

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
  const { columns, label, isLoading = false, pageSizes = SHORT_PAGE_SIZES } = props;
  const { isSearchable = true, onRefresh, actions, isExportable = true } = props;
  const model = useDataTable(props);
  const { state, query, isStale, shownRows, view, thenScrollUp } = model;

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
          aria-rowcount={view.isWindowed ? model.total + 1 : undefined}
          className={props.isCompact ? `${classes.table} ${classes.compact}` : classes.table}
        >
          <DataTableHeader
            columns={columns}
            sort={fromSorting(state.sorting)}
            onSort={state.sortBy}
            selectableRows={model.hasSelection ? shownRows.filter((row) => row.getCanSelect()) : undefined}
            onSelectAll={model.selection.setSelected}
            hasExpansion={model.hasExpansion}
            rowIndex={view.isWindowed ? 1 : undefined}
          />
          <Table.Tbody>
            <DataTableBody props={props} model={model} />
          </Table.Tbody>
        </Table>
      </div>
      <DataTablePagination
        pageSizes={pageSizes}
        pageSize={model.pageSize}
        currentPage={model.currentPage}
        total={model.total}
        onPageSizeChange={thenScrollUp(state.resize)}
        onPageChange={thenScrollUp(state.setPageIndex)}
      />
    </Paper>
  );
}

/** The table's rows: a spinner row while loading, the empty or no-match message, or the rows of the page. */
function DataTableBody<Row extends RowData>({
  props,
  model,
}: {
  props: DataTableProps<Row>;
  model: DataTableState<Row>;
}) {
  const { rows, columns, isRowLocked, renderExpanded } = props;
  const { pageRows, view, pageSize, hasSelection, hasExpansion } = model;
  const columnCount = columns.length + (hasSelection ? 1 : 0) + (hasExpansion ? 1 : 0);
  const emptyText = props.emptyText ?? "No hay registros para mostrar.";
  if (props.isLoading) return <DataTableMessageRow columnCount={columnCount} message={null} />;
  if (pageRows.length === 0) {
    return (
      <DataTableMessageRow
        columnCount={columnCount}
        message={rows.length > 0 && model.needle ? NO_MATCH_TEXT : emptyText}
      />
    );
  }
  return (
    <DataTableRows
      rows={view.mountedRows}
      start={view.start}
      firstRowNumber={(pageSize === PAGE_SIZE_ALL ? 0 : model.currentPage * pageSize) + 1}
      paddingTop={view.paddingTop}
      paddingBottom={view.paddingBottom}
      edits={model.edits}
      isRowLocked={isRowLocked}
      columns={columns}
      measureRef={view.measureRef}
      isWindowed={view.isWindowed}
      openRow={model.openRow}
      hasSelection={hasSelection}
      onToggleSelected={model.selection.toggleSelected}
      hasExpansion={hasExpansion}
      onToggleExpanded={model.toggleExpanded}
      renderExpanded={renderExpanded}
      onEdit={model.editCell}
      columnCount={columnCount}
    />
  );
}

export type { DataTableColumn, SortState } from "./data-table-logic";
