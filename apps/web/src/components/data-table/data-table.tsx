import { Paper, Table } from "@mantine/core";
import { type RowData, useTable } from "@tanstack/react-table";
import { type ReactElement, type ReactNode, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from "react";
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
  buildSearchIndex,
  clampPage,
  type DataTableColumn,
  isColumnSearchable,
  isColumnSortable,
  nextSort,
  type RowEdits,
  type SortState,
  searchText,
} from "./data-table-logic";
import { DataTablePagination } from "./data-table-pagination";
import { DataTableMessageRow, DataTableRow } from "./data-table-row";
import { DataTableToolbar, exportRows } from "./data-table-toolbar";
import { createTableFeatures, sortKeyOf, type TableInputs } from "./table-model";
import { useCellEdits } from "./use-cell-edits";
import { useRowExpansion } from "./use-row-expansion";
import { selectAllState, useRowSelection } from "./use-row-selection";
import { fromSorting, toSorting, useKeepPageInRange, useTableUrlState } from "./use-table-url-state";
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

const toTablePageSize = (pageSize: PageSize) => (pageSize === PAGE_SIZE_ALL ? Number.POSITIVE_INFINITY : pageSize);

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
  const state = useTableUrlState({
    columns,
    listSearch: props.listSearch,
    pageSizes,
    defaultPageSize,
    initialSort: props.initialSort ?? null,
  });
  const { query, sorting, pageSize, pageIndex, setPageIndex } = state;
  const deferredQuery = useDeferredValue(query);
  const selection = useRowSelection({ rows, getRowKey, onSelectionChange });
  const { expanded, toggleExpanded } = useRowExpansion();
  const { edits, editCell } = useCellEdits(props.edits, props.onEditsChange);

  // What the row models read besides table state; the search index is built once per rows/columns change,
  // so a keystroke does not lower-case 10,000 rows.
  const searchIndex = useMemo(() => buildSearchIndex(rows, columns), [rows, columns]);
  const inputs = useRef<TableInputs<Row>>({ columns, searchIndex });
  inputs.current = { columns, searchIndex };
  const [features] = useState(() => createTableFeatures(inputs));
  const tableColumns = useMemo(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: column.value || column.sortValue ? sortKeyOf(column) : undefined,
        enableSorting: isColumnSortable(column),
        sortUndefined: "last" as const,
      })),
    [columns],
  );
  const lockedRef = useRef(isRowLocked);
  lockedRef.current = isRowLocked;
  const needle = searchText(deferredQuery.trim());
  // One object per page change: TanStack compares state by identity, and a new one per render would rebuild
  // the page of a 10,000-row list on every keystroke.
  const pagination = useMemo(() => ({ pageIndex, pageSize: toTablePageSize(pageSize) }), [pageIndex, pageSize]);
  const table = useTable(
    {
      features,
      columns: tableColumns,
      data: rows as Row[],
      getRowId: (row) => String(getRowKey(row)),
      state: { sorting, globalFilter: needle, pagination, rowSelection: selection.rowSelection, expanded },
      enableMultiSort: false,
      enableSortingRemoval: false,
      autoResetPageIndex: false,
      autoResetExpanded: false,
      enableRowSelection: (row) =>
        Boolean(onSelectionChange) &&
        !lockedRef.current?.(row.original) &&
        (props.isRowSelectable?.(row.original) ?? true),
      getRowCanExpand: (row) => Boolean(renderExpanded) && (props.canExpand?.(row.original) ?? true),
    },
    () => null,
  );

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
  const toFirstPage = () => {
    setPageIndex(0);
    view.resetScroll();
  };

  // Stable, so memoised rows are not re-rendered just because the screen passed a new arrow.
  const onRowOpenRef = useRef(onRowOpen);
  useLayoutEffect(() => {
    onRowOpenRef.current = onRowOpen;
  });
  const isOpenable = Boolean(onRowOpen);
  const openRow = useMemo(() => (isOpenable ? (row: Row) => onRowOpenRef.current?.(row) : undefined), [isOpenable]);

  const columnCount = columns.length + (hasSelection ? 1 : 0) + (hasExpansion ? 1 : 0);
  const firstRowNumber = (pageSize === PAGE_SIZE_ALL ? 0 : currentPage * pageSize) + 1;
  const selectableRows = hasSelection ? shownRows.filter((row) => row.getCanSelect()) : [];
  const { isSearchable = true, onRefresh, actions, isExportable = true } = props;

  let body: ReactNode;
  if (isLoading) body = <DataTableMessageRow columnCount={columnCount} message={null} />;
  else if (pageRows.length === 0) {
    const emptyText = props.emptyText ?? "No hay registros para mostrar.";
    body = (
      <DataTableMessageRow columnCount={columnCount} message={rows.length > 0 && needle ? NO_MATCH_TEXT : emptyText} />
    );
  } else {
    body = (
      <>
        {view.paddingTop > 0 ? <tr aria-hidden style={{ height: view.paddingTop }} /> : null}
        {view.mountedRows.map((row, offset) => (
          <DataTableRow
            key={row.id}
            rowKey={row.id}
            row={row.original}
            columns={columns}
            rowIndex={firstRowNumber + view.start + offset + 1}
            dataIndex={view.start + offset}
            measureRef={view.measureRef}
            isWindowed={view.isWindowed}
            openRow={openRow}
            hasSelection={hasSelection}
            isSelected={row.getIsSelected()}
            canSelect={row.getCanSelect()}
            onToggleSelected={selection.toggleSelected}
            hasExpansion={hasExpansion}
            isExpanded={row.getIsExpanded()}
            canExpand={row.getCanExpand()}
            onToggleExpanded={toggleExpanded}
            renderExpanded={renderExpanded}
            isLocked={isRowLocked?.(row.original) ?? false}
            rowEdits={edits[row.id]}
            onEdit={editCell}
            columnCount={columnCount}
          />
        ))}
        {view.paddingBottom > 0 ? <tr aria-hidden style={{ height: view.paddingBottom }} /> : null}
      </>
    );
  }

  return (
    <Paper withBorder radius="md" className={classes.root}>
      {isSearchable || onRefresh || actions ? (
        <DataTableToolbar
          search={
            isSearchable && columns.some(isColumnSearchable)
              ? {
                  query,
                  isStale,
                  onChange: (next) => {
                    state.setQuery(next);
                    toFirstPage();
                  },
                }
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
            sort={fromSorting(sorting)}
            onSort={(columnId) => {
              state.setSorting((current) => toSorting(nextSort(fromSorting(current), columnId)));
              setPageIndex(0);
            }}
            selectAll={
              hasSelection
                ? {
                    ...selectAllState(selectableRows),
                    onChange: (isChecked) =>
                      selection.setSelected(
                        selectableRows.map((row) => row.id),
                        isChecked,
                      ),
                  }
                : undefined
            }
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
        onPageSizeChange={(next) => {
          state.setPageSize(next);
          toFirstPage();
        }}
        onPageChange={(page) => {
          setPageIndex(page);
          view.resetScroll();
        }}
      />
    </Paper>
  );
}

export type { DataTableColumn, SortState } from "./data-table-logic";
