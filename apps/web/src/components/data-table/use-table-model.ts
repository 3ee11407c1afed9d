import {
  type ExpandedState,
  type RowData,
  type RowSelectionState,
  type SortingState,
  useTable,
} from "@tanstack/react-table";
import { useMemo, useRef, useState } from "react";
import { PAGE_SIZE_ALL, type PageSize } from "../../lib/constants";
import { buildSearchIndex, type DataTableColumn, isColumnSortable } from "./data-table-logic";
import { createTableFeatures, sortKeyOf, type TableInputs } from "./table-model";

const toTablePageSize = (pageSize: PageSize) => (pageSize === PAGE_SIZE_ALL ? Number.POSITIVE_INFINITY : pageSize);

interface TableModelOptions<Row> {
  /** Rows as loaded (a stable array reference). */
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  getRowKey: (row: Row) => string | number;
  sorting: SortingState;
  /** The search as the index holds text (`searchText`): '' shows every row. */
  needle: string;
  pageIndex: number;
  pageSize: PageSize;
  rowSelection: RowSelectionState;
  expanded: ExpandedState;
  /** Rows that may be selected; absent, the table has no selection. */
  canSelect: ((row: Row) => boolean) | undefined;
  /** Rows that may be expanded; absent, the table has no expansion. */
  canExpand: ((row: Row) => boolean) | undefined;
}

/**
 * The headless @tanstack/react-table instance of a DataTable: its state is the one given (the table's own
 * hooks hold it), its row pipeline the one of table-model.ts. The search index is built once per rows/columns
 * change, so a keystroke does not lower-case 10,000 rows.
 */
export function useTableModel<Row extends RowData>(options: TableModelOptions<Row>) {
  const { rows, columns, getRowKey, sorting, needle, pageIndex, pageSize, rowSelection, expanded } = options;
  // What the row models read besides table state.
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
  // Read through a ref: the screen's arrows change every render, TanStack's options need not follow.
  const predicates = useRef({ canSelect: options.canSelect, canExpand: options.canExpand });
  predicates.current = { canSelect: options.canSelect, canExpand: options.canExpand };

  // One object per page change: TanStack compares state by identity, and a new one per render would rebuild
  // the page of a 10,000-row list on every keystroke.
  const pagination = useMemo(() => ({ pageIndex, pageSize: toTablePageSize(pageSize) }), [pageIndex, pageSize]);
  return useTable(
    {
      features,
      columns: tableColumns,
      data: rows as Row[],
      getRowId: (row) => String(getRowKey(row)),
      state: { sorting, globalFilter: needle, pagination, rowSelection, expanded },
      enableMultiSort: false,
      enableSortingRemoval: false,
      autoResetPageIndex: false,
      autoResetExpanded: false,
      enableRowSelection: (row) => predicates.current.canSelect?.(row.original) ?? false,
      getRowCanExpand: (row) => predicates.current.canExpand?.(row.original) ?? false,
    },
    () => null,
  );
}
