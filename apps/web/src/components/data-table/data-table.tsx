import { Paper, Table } from "@mantine/core";
import type { RowData } from "@tanstack/react-table";
import type { ReactElement } from "react";
import { PAGE_SIZE_ALL } from "../../lib/constants";
import classes from "./data-table.module.css";
import { DataTableHeader } from "./data-table-column-header";
import type { DataTableColumn } from "./data-table-logic";
import { isColumnSearchable, visibleColumns } from "./data-table-logic";
import { DataTablePagination } from "./data-table-pagination";
import type { DataTableProps } from "./data-table-props";
import { DataTableMessageRow, DataTableRows } from "./data-table-row";
import { DataTableToolbar, exportRows } from "./data-table-toolbar";
import { type DataTableState, useDataTable } from "./use-data-table";
import { useTableBoxHeight } from "./use-page-fit";
import { fromSorting } from "./use-table-url-state";

export type { DataTableProps };

export const NO_MATCH_TEXT = "Ningún registro coincide con la búsqueda";

/**
 * The shared list table (spec §2 "All tables have…"): client-side search, sort by header click, paging with
 * 'All', double-click to open, spinner while loading, refresh button 'Recargar', a box down to the window's bottom
 * (at least the spec's 55% of the view) with a sticky header; and, for the review lists, row selection, expandable rows, per-row editable cells and
 * locked rows. Headless @tanstack/react-table holds the state and the row pipeline (table-model.ts), Mantine
 * renders it (toolbar, header, rows and pagination in their own files), the URL keeps search, sort and page
 * (use-table-url-state.ts), and an 'All' page of a long list is virtualised (use-virtual-window.ts).
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>): ReactElement {
  const { columns, label, isLoading = false } = props;
  const { isSearchable = true, onRefresh, actions, isExportable = true } = props;
  const model = useDataTable(props);
  const { state, query, isStale, shownRows, view, thenScrollUp } = model;
  // Issue 40: the columns shown (the 'Columnas' menu); search, sort and 'Exportar' keep every column.
  const shownColumns = visibleColumns(columns, state.toggled);
  const hasColumnMenu = columns.some((column) => column.isHiddenByDefault);
  // Issue 40: the box reaches the window's bottom edge (at least the spec's 55%), the pagination in view.
  const boxHeight = useTableBoxHeight(view.scrollRef);

  return (
    <Paper withBorder radius="md" className={classes.root}>
      {isSearchable || onRefresh || actions || hasColumnMenu ? (
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
          columnMenu={
            hasColumnMenu
              ? {
                  columns: columns
                    .filter((column) => column.header !== "")
                    .map((column) => ({
                      id: column.id,
                      header: column.header,
                      isShown: shownColumns.includes(column),
                    })),
                  onToggle: state.toggleColumn,
                }
              : undefined
          }
        />
      ) : null}
      <div
        ref={view.scrollRef}
        className={classes.scroll}
        style={{ maxHeight: boxHeight }}
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
            columns={shownColumns}
            sort={fromSorting(state.sorting)}
            onSort={state.sortBy}
            selectableRows={model.hasSelection ? shownRows.filter((row) => row.getCanSelect()) : undefined}
            onSelectAll={model.selection.setSelected}
            hasExpansion={model.hasExpansion}
            rowIndex={view.isWindowed ? 1 : undefined}
          />
          <Table.Tbody>
            <DataTableBody props={props} model={model} columns={shownColumns} />
          </Table.Tbody>
        </Table>
      </div>
      <DataTablePagination
        pageSizes={model.pageSizes}
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
  columns,
}: {
  props: DataTableProps<Row>;
  model: DataTableState<Row>;
  /** The columns shown. */
  columns: readonly DataTableColumn<Row>[];
}) {
  const { rows, isRowLocked, renderExpanded } = props;
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
