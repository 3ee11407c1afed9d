import {
  columnFilteringFeature,
  globalFilteringFeature,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";
import { type CellValue, type DataTableColumn, type SearchIndex, type SortState, sortRows } from "./data-table-logic";

/**
 * The TanStack Table side of the shared table: the features it registers and its row-model stages. TanStack
 * owns the state (sorting, global filter, pagination, selection, expansion) and runs the pipeline
 * filter → sort → paginate; the three stages below are ours because the spec's rules are (Spanish collation,
 * blanks last, searching what is shown; data-table-logic.ts) and because a 10,000-row list must repaint
 * within a frame or two on each keystroke: flat lists need none of the stock stages' per-row bookkeeping.
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

interface FilteringTable<Row> {
  getPreFilteredRowModel: () => AnyRowModel<Row>;
  atoms: { globalFilter?: { get: () => unknown } };
}

/**
 * The filtered row model: spec §5 search over the rows' search index (case-insensitive substring of the
 * searchable columns as shown). The rows are flat lists, so the matching rows are kept as they are and the
 * id lookup stays the loaded list's; no per-row filter bookkeeping on each keystroke.
 */
export function createSearchRowModel<Row>(inputs: { current: TableInputs<Row> }) {
  return (table: FilteringTable<Row>) => {
    let last: { pre: AnyRowModel<Row>; needle: string; index: unknown; model: AnyRowModel<Row> } | null = null;
    return (): never => {
      const pre = table.getPreFilteredRowModel();
      const needle = String(table.atoms.globalFilter?.get() ?? "");
      const { searchIndex } = inputs.current;
      if (last && last.pre === pre && last.needle === needle && last.index === searchIndex) return last.model as never;
      let model = pre;
      if (needle) {
        const rows = pre.rows.filter((row) => searchIndex.get(row.original)?.includes(needle) ?? false);
        model = { rows, flatRows: rows, rowsById: pre.rowsById };
      }
      last = { pre, needle, index: searchIndex, model };
      return model as never;
    };
  };
}

interface PaginatingTable<Row> {
  getPrePaginatedRowModel: () => AnyRowModel<Row>;
  atoms: { pagination?: { get: () => { pageIndex: number; pageSize: number } | undefined } };
}

/** The page: a slice of the ordered rows ('All' is the whole list, as it is). */
export function createPageRowModel<Row>() {
  return (table: PaginatingTable<Row>) => {
    let last: { pre: AnyRowModel<Row>; start: number; end: number; model: AnyRowModel<Row> } | null = null;
    return (): never => {
      const pre = table.getPrePaginatedRowModel();
      const { pageIndex = 0, pageSize = Number.POSITIVE_INFINITY } = table.atoms.pagination?.get() ?? {};
      const start = pageSize === Number.POSITIVE_INFINITY ? 0 : pageIndex * pageSize;
      const end = start + pageSize;
      if (last && last.pre === pre && last.start === start && last.end === end) return last.model as never;
      let model = pre;
      if (start > 0 || end < pre.rows.length) {
        const rows = pre.rows.slice(start, end);
        model = { rows, flatRows: rows, rowsById: pre.rowsById };
      }
      last = { pre, start, end, model };
      return model as never;
    };
  };
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
    filteredRowModel: createSearchRowModel(inputs),
    sortedRowModel: createSortOnceRowModel(inputs),
    paginatedRowModel: createPageRowModel<Row>(),
  });
}

/** Sort keys as TanStack reads them; blanks are undefined so `sortUndefined: 'last'` can keep them last. */
export const sortKeyOf =
  <Row>(column: DataTableColumn<Row>) =>
  (row: Row): Exclude<CellValue, null> => {
    const value = (column.sortValue ?? column.value)?.(row);
    return value === null || value === "" ? undefined : value;
  };
