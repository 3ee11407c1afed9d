import type { RowData } from "@tanstack/react-table";
import { useDeferredValue } from "react";
import { PAGE_SIZE_ALL, SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../lib/constants";
import { clampPage, searchText } from "./data-table-logic";
import type { DataTableProps } from "./data-table-props";
import { useOpenRow } from "./data-table-row";
import { useCellEdits } from "./use-cell-edits";
import { useMeasurePageFit, usePageFit } from "./use-page-fit";
import { useRowExpansion } from "./use-row-expansion";
import { useRowSelection } from "./use-row-selection";
import { useTableModel } from "./use-table-model";
import { useKeepPageInRange, useTableUrlState } from "./use-table-url-state";
import { useVirtualWindow } from "./use-virtual-window";

/**
 * The shared table's state as one render shows it: search, sort, page and page size (URL or local), the
 * selection, expansion and edits, the TanStack row pipeline, the rows shown and the virtual window of an 'All'
 * page.
 */
export function useDataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { rows, columns, getRowKey, isLoading = false, onRowOpen, onSelectionChange, isRowLocked } = props;
  const { renderExpanded } = props;
  // Issue 40: the default page fills the window's height (a short list's 5 grows to the rows that fit).
  const fit = usePageFit(props.defaultPageSize ?? SHORT_DEFAULT_PAGE_SIZE, props.pageSizes ?? SHORT_PAGE_SIZES);
  const { pageSizes, defaultPageSize } = fit;
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
  useMeasurePageFit(view.scrollRef, fit.isToMeasure && !isLoading && pageRows.length > 0, fit.setFit);
  const openRow = useOpenRow(onRowOpen);
  // A new search, page size or page shows its rows from the top.
  const thenScrollUp =
    <Value>(change: (value: Value) => void) =>
    (value: Value) => {
      change(value);
      view.resetScroll();
    };

  return {
    state,
    query,
    pageSize,
    /** The 'Filas por página' options, the fitted default among them. */
    pageSizes,
    needle,
    selection,
    toggleExpanded,
    edits,
    editCell,
    shownRows,
    total,
    currentPage,
    pageRows,
    isStale,
    hasSelection,
    hasExpansion,
    view,
    openRow,
    thenScrollUp,
  };
}

export type DataTableState<Row extends RowData> = ReturnType<typeof useDataTable<Row>>;
