import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  globalFilteringFeature,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";
import { type CellValue, type DataTableColumn, type SearchIndex, type SortState, sortRows } from "./data-table-logic";

/**
 * The TanStack Table side of the shared table: which features it registers and the one processing stage it
 * replaces. TanStack owns the state (sorting, global filter, pagination, selection, expansion) and the row
 * pipeline filter → sort → paginate; our pure functions (data-table-logic.ts) decide how rows compare and
 * match, because the spec's rules are ours (Spanish collation, blanks last, searching what is shown).
 */

/** What the table's row models read that is not table state: the columns and their search index. */
export interface TableInputs<Row> {
  columns: readonly DataTableColumn<Row>[];
  searchIndex: SearchIndex<Row>;
}

/** TanStack's row model, without its feature generics (the table's features are fixed below). */
type AnyRow<Row> = { original: Row };
type AnyRowModel<Row> = { rows: AnyRow<Row>[]; flatRows: AnyRow<Row>[]; rowsById: Record<string, AnyRow<Row>> };
interface SortingTable<Row> {
  getCoreRowModel: () => AnyRowModel<Row>;
  getPreSortedRowModel: () => AnyRowModel<Row>;
  atoms: { sorting?: { get: () => { id: string; desc: boolean }[] | undefined } };
}

/**
 * The sorted row model, sorting once per rows/sort change and then only keeping the order for each search:
 * the whole list is ordered with `sortRows` the first time a sort is asked for, and every later filter result
 * (a subset of the same rows) is read off that order in linear time. Re-sorting 10,000 filtered rows with a
 * collator on every keystroke is what would make typing in a long 'All' list miss frames.
 */
export function createSortOnceRowModel<Row>(inputs: { current: TableInputs<Row> }) {
  return (table: SortingTable<Row>) => {
    let ordered: { core: AnyRowModel<Row>; sort: string; columns: unknown; rows: AnyRow<Row>[] } | null = null;
    let last: { pre: AnyRowModel<Row>; sort: string; columns: unknown; model: AnyRowModel<Row> } | null = null;
    // `never`: TanStack types the slot loosely (RowModel<any, any>); the rows are the table's own Row objects.
    return (): never => {
      const pre = table.getPreSortedRowModel();
      const [first] = table.atoms.sorting?.get() ?? [];
      const sort: SortState | null = first ? { columnId: first.id, direction: first.desc ? "desc" : "asc" } : null;
      const sortKey = sort ? `${sort.columnId}:${sort.direction}` : "";
      const { columns } = inputs.current;
      if (last && last.pre === pre && last.sort === sortKey && last.columns === columns) {
        return last.model as never;
      }
      let model = pre;
      if (sort && pre.rows.length > 1) {
        const core = table.getCoreRowModel();
        if (!ordered || ordered.core !== core || ordered.sort !== sortKey || ordered.columns !== columns) {
          const byOriginal = new Map(core.rows.map((row) => [row.original, row]));
          const rows = sortRows(
            core.rows.map((row) => row.original),
            columns,
            sort,
          ).map((original) => byOriginal.get(original) as AnyRow<Row>);
          ordered = { core, sort: sortKey, columns, rows };
        }
        const kept = pre.rows.length === ordered.rows.length ? null : new Set(pre.rows);
        const rows = kept ? ordered.rows.filter((row) => kept.has(row)) : ordered.rows;
        model = { rows, flatRows: rows, rowsById: pre.rowsById };
      }
      last = { pre, sort: sortKey, columns, model };
      return model as never;
    };
  };
}

/**
 * Spec §5 search as a TanStack global filter. The needle arrives lower-cased (the table's globalFilter state
 * is already `searchText(query)`); a row matches when its searchable text (one string per row, built once per
 * rows/columns in the search index) contains it. One column carries the search so it runs once per row.
 */
export function matchesSearch<Row>(inputs: { current: TableInputs<Row> }) {
  return (row: AnyRow<Row>, _columnId: string, needle: string): boolean =>
    inputs.current.searchIndex.get(row.original)?.includes(needle) ?? false;
}

/** Each table builds its features once (they close over its inputs), registering only what it uses. */
export function createTableFeatures<Row>(inputs: { current: TableInputs<Row> }) {
  return tableFeatures({
    columnFilteringFeature,
    globalFilteringFeature,
    rowSortingFeature,
    rowPaginationFeature,
    rowSelectionFeature,
    rowExpandingFeature,
    filteredRowModel: createFilteredRowModel(),
    sortedRowModel: createSortOnceRowModel(inputs),
    paginatedRowModel: createPaginatedRowModel(),
  });
}

/** Sort keys as TanStack reads them; blanks are undefined so `sortUndefined: 'last'` can keep them last. */
export const sortKeyOf =
  <Row>(column: DataTableColumn<Row>) =>
  (row: Row): Exclude<CellValue, null> => {
    const value = (column.sortValue ?? column.value)?.(row);
    return value === null || value === "" ? undefined : value;
  };
