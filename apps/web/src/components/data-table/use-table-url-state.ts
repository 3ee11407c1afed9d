import type { SortingState } from "@tanstack/react-table";
import { useEffect, useRef, useState } from "react";
import type { PageSize } from "../../lib/constants";
import type { ListSearch, ListSearchBinding } from "../../lib/list-search";
import { type DataTableColumn, isColumnSortable, knownToggles, nextSort, type SortState } from "./data-table-logic";

/** Keystrokes reach the URL after this pause (replace, not push). */
const SEARCH_URL_DEBOUNCE_MS = 300;

export const toSorting = (sort: SortState | null): SortingState =>
  sort ? [{ id: sort.columnId, desc: sort.direction === "desc" }] : [];

export const fromSorting = (sorting: SortingState): SortState | null => {
  const [first] = sorting;
  return first ? { columnId: first.id, direction: first.desc ? "desc" : "asc" } : null;
};

/** What the table keeps of a list in the URL: its search, sort, page and page size. */
export interface TableUrlOptions<Row> {
  columns: readonly DataTableColumn<Row>[];
  /** Without it the state lives in the table alone. */
  listSearch: ListSearchBinding | undefined;
  pageSizes: readonly PageSize[];
  defaultPageSize: PageSize;
  initialSort: SortState | null;
}

export interface TableUrlState {
  query: string;
  sorting: SortingState;
  pageSize: PageSize;
  /** Zero-based. */
  pageIndex: number;
  /** Columns whose visibility the user turned over (ids, in the columns' order). */
  toggled: string[];
}

/**
 * The table's state as the URL gives it: a sort by an unknown or unsortable column falls back to `initialSort`,
 * a page size the table does not offer to `defaultPageSize`, a page before the first to the first.
 */
export function readTableUrlState<Row>(
  urlState: ListSearch | undefined,
  { columns, pageSizes, defaultPageSize, initialSort }: Omit<TableUrlOptions<Row>, "listSearch">,
): TableUrlState {
  const orden = urlState?.orden;
  const sortColumn = orden && columns.some((column) => column.id === orden && isColumnSortable(column)) ? orden : "";
  return {
    query: urlState?.q ?? "",
    sorting: toSorting(sortColumn ? { columnId: sortColumn, direction: urlState?.dir ?? "asc" } : initialSort),
    pageSize: urlState?.filas !== undefined && pageSizes.includes(urlState.filas) ? urlState.filas : defaultPageSize,
    pageIndex: Math.max(0, (urlState?.pagina ?? 1) - 1),
    toggled: knownToggles(columns, urlState?.columnas?.split(",") ?? []),
  };
}

/**
 * The URL of the table's state: only what differs from the defaults (no search, the initial sort, the first
 * page, the default page size) is written.
 */
export function writeTableUrlState(
  { query, sorting, pageIndex, pageSize, toggled }: TableUrlState,
  defaults: {
    initialSort: SortState | null;
    defaultPageSize: PageSize;
    /**
     * Issue 40: whether the user chose the page size (kept in the URL even when it equals the default, which
     * depends on the window); without it, written when it differs from the default.
     */
    isPageSizeChosen?: boolean;
  },
): ListSearch {
  const current = fromSorting(sorting);
  const initial = defaults.initialSort;
  const isInitialSort = current?.columnId === initial?.columnId && current?.direction === initial?.direction;
  return {
    q: query.trim() ? query : undefined,
    orden: current && !isInitialSort ? current.columnId : undefined,
    dir: current && !isInitialSort ? current.direction : undefined,
    pagina: pageIndex > 0 ? pageIndex + 1 : undefined,
    filas: (defaults.isPageSizeChosen ?? pageSize !== defaults.defaultPageSize) ? pageSize : undefined,
    columnas: toggled.length > 0 ? toggled.join(",") : undefined,
  };
}

const signatureOf = (search: ListSearch) =>
  JSON.stringify(Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)));

/**
 * Search, sort, page and page size of a table, kept in the URL when a `listSearch` is given: the URL follows the
 * table (the search debounced), and the table follows the URL when it changes from outside (a list restored on
 * arrival, the back button).
 */
export function useTableUrlState<Row>(options: TableUrlOptions<Row>) {
  const { listSearch, defaultPageSize, initialSort } = options;
  const urlState = listSearch?.value;
  const fromUrl = () => readTableUrlState(urlState, options);
  const [query, setQuery] = useState(() => fromUrl().query);
  const [sorting, setSorting] = useState<SortingState>(() => fromUrl().sorting);
  // Issue 40: the page size the user chose (in the URL), or null: the list's default, which may still grow to the
  // rows that fit the window once they are measured (use-page-fit.ts).
  const chosenFromUrl = (): PageSize | null => {
    const filas = urlState?.filas;
    return filas !== undefined && fromUrl().pageSize === filas ? filas : null;
  };
  const [chosenPageSize, setChosenPageSize] = useState<PageSize | null>(chosenFromUrl);
  const pageSize = chosenPageSize ?? defaultPageSize;
  const [pageIndex, setPageIndex] = useState(() => fromUrl().pageIndex);
  const [toggled, setToggled] = useState<string[]>(() => fromUrl().toggled);

  const urlSignature = JSON.stringify(urlState ?? null);
  const written = useRef(urlSignature);
  const writtenQuery = useRef(query);
  const onListSearchChange = listSearch?.onChange;
  const initialSortKey = JSON.stringify(initialSort);
  useEffect(() => {
    if (!onListSearchChange) return;
    const handle = setTimeout(
      () => {
        const next = writeTableUrlState(
          { query, sorting, pageIndex, pageSize, toggled },
          {
            initialSort: JSON.parse(initialSortKey) as SortState | null,
            defaultPageSize,
            isPageSizeChosen: chosenPageSize !== null,
          },
        );
        const signature = signatureOf(next);
        if (signature === written.current) return;
        written.current = signature;
        writtenQuery.current = query;
        onListSearchChange(next);
      },
      query === writtenQuery.current ? 0 : SEARCH_URL_DEBOUNCE_MS,
    );
    return () => clearTimeout(handle);
  }, [
    onListSearchChange,
    query,
    sorting,
    pageIndex,
    pageSize,
    chosenPageSize,
    toggled,
    defaultPageSize,
    initialSortKey,
  ]);
  useEffect(() => {
    if (!listSearch || urlSignature === written.current) return;
    written.current = urlSignature;
    const next = fromUrl();
    writtenQuery.current = next.query;
    setQuery(next.query);
    setSorting(next.sorting);
    setChosenPageSize(chosenFromUrl());
    setPageIndex(next.pageIndex);
    setToggled(next.toggled);
    // fromUrl reads this render's props; only a URL change from outside matters here.
  }, [urlSignature]);

  return {
    query,
    sorting,
    pageSize,
    pageIndex,
    setPageIndex,
    toggled,
    /** Shows a hidden column or hides a shown one (the 'Columnas' menu). */
    toggleColumn: (columnId: string) =>
      setToggled((current) =>
        knownToggles(
          options.columns,
          current.includes(columnId) ? current.filter((id) => id !== columnId) : [...current, columnId],
        ),
      ),
    /** A new search, from the first page. */
    search: (next: string) => {
      setQuery(next);
      setPageIndex(0);
    },
    /** A header click: sorts by the column (or the other way round), from the first page. */
    sortBy: (columnId: string) => {
      setSorting((current) => toSorting(nextSort(fromSorting(current), columnId)));
      setPageIndex(0);
    },
    /** Another page size, from the first page. */
    resize: (next: PageSize) => {
      setChosenPageSize(next);
      setPageIndex(0);
    },
  };
}

/**
 * Rows may shrink under the page (a reload): the table moves to the last page that exists. Not while loading, or
 * the page kept in the URL would be lost before the rows arrive.
 */
export function useKeepPageInRange(
  currentPage: number,
  pageIndex: number,
  setPageIndex: (page: number) => void,
  isWaiting: boolean,
): void {
  useEffect(() => {
    if (!isWaiting && currentPage !== pageIndex) setPageIndex(currentPage);
  }, [currentPage, pageIndex, isWaiting, setPageIndex]);
}
