import {
  ActionIcon,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Menu,
  Pagination,
  Paper,
  Select,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconDownload,
  IconLock,
  IconRefresh,
  IconSearch,
} from "@tabler/icons-react";
import {
  type ExpandedState,
  type PaginationState,
  type RowData,
  type RowSelectionState,
  type SortingState,
  useTable,
} from "@tanstack/react-table";
import { observeElementRect, useVirtualizer } from "@tanstack/react-virtual";
import {
  type KeyboardEvent,
  memo,
  type ReactElement,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  PAGE_SIZE_ALL,
  type PageSize,
  SHORT_DEFAULT_PAGE_SIZE,
  SHORT_PAGE_SIZES,
  TABLE_MAX_HEIGHT,
  TABLE_ROW_HEIGHT_PX,
} from "../../lib/constants";
import type { ListSearchBinding } from "../../lib/list-search";
import { notifyError } from "../../lib/notify";
import classes from "./data-table.module.css";
import {
  buildSearchIndex,
  type CellValue,
  clampPage,
  type DataTableColumn,
  isColumnSearchable,
  isColumnSortable,
  nextSort,
  pageCount,
  type RowEdits,
  rangeLabel,
  type SortState,
  searchText,
} from "./data-table-logic";
import { buildExportTable, downloadCsv, downloadXlsx } from "./export";
import { createTableFeatures, sortKeyOf, type TableInputs } from "./table-model";

/** Above this many rows on an 'All' page the body is virtualised: only the rows in view are mounted. */
const WINDOWING_THRESHOLD = 150;
const OVERSCAN_ROWS = 10;
/** A scroll box not laid out yet (or a test DOM) reports no height; window as if it showed this much. */
const FALLBACK_VIEWPORT_PX = 600;

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

/** Keystrokes reach the URL after this pause (replace, not push). */
const SEARCH_URL_DEBOUNCE_MS = 300;
export const NO_MATCH_TEXT = "Ningún registro coincide con la búsqueda";

function SortIcon({ direction }: { direction: SortState["direction"] | null }) {
  if (direction === "asc") return <IconArrowUp size={14} aria-hidden />;
  if (direction === "desc") return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden className={classes.idleSortIcon} />;
}

const toSorting = (sort: SortState | null): SortingState =>
  sort ? [{ id: sort.columnId, desc: sort.direction === "desc" }] : [];
const fromSorting = (sorting: SortingState): SortState | null => {
  const [first] = sorting;
  return first ? { columnId: first.id, direction: first.desc ? "desc" : "asc" } : null;
};
const toTablePageSize = (pageSize: PageSize) => (pageSize === PAGE_SIZE_ALL ? Number.POSITIVE_INFINITY : pageSize);
const NO_EDITS: RowEdits = {};

/**
 * The shared list table (spec §2 "All tables have…"): client-side search, sort by header click, paging with
 * 'All', double-click to open, spinner while loading, refresh button 'Recargar', at most 55% of the view high
 * with a sticky header; and, for the review lists, row selection, expandable rows, per-row editable cells and
 * locked rows. Headless @tanstack/react-table holds the state and the row pipeline (table-model.ts), Mantine
 * renders it, and an 'All' page of a long list is virtualised with @tanstack/react-virtual.
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>): ReactElement {
  const {
    rows,
    columns,
    getRowKey,
    label,
    isLoading = false,
    onRefresh,
    isRefreshing = false,
    onRowOpen,
    pageSizes = SHORT_PAGE_SIZES,
    defaultPageSize = SHORT_DEFAULT_PAGE_SIZE,
    initialSort = null,
    isSearchable = true,
    actions,
    emptyText = "No hay registros para mostrar.",
    isCompact = false,
    onSelectionChange,
    isRowSelectable,
    renderExpanded,
    canExpand,
    isRowLocked,
    edits: controlledEdits,
    onEditsChange,
    listSearch,
    exportName,
    isExportable = true,
  } = props;

  const urlState = listSearch?.value;
  const fromUrl = () => ({
    query: urlState?.q ?? "",
    sorting: toSorting(
      urlState?.orden && columns.some((column) => column.id === urlState.orden && isColumnSortable(column))
        ? { columnId: urlState.orden, direction: urlState.dir ?? "asc" }
        : initialSort,
    ),
    pageSize: urlState?.filas !== undefined && pageSizes.includes(urlState.filas) ? urlState.filas : defaultPageSize,
    pageIndex: Math.max(0, (urlState?.pagina ?? 1) - 1),
  });
  const [query, setQuery] = useState(() => fromUrl().query);
  const deferredQuery = useDeferredValue(query);
  const [sorting, setSorting] = useState<SortingState>(() => fromUrl().sorting);
  const [pageSize, setPageSize] = useState<PageSize>(() => fromUrl().pageSize);
  const [pageIndex, setPageIndex] = useState(() => fromUrl().pageIndex);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [ownEdits, setOwnEdits] = useState<RowEdits>(NO_EDITS);
  const edits = controlledEdits ?? ownEdits;

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
  const data = rows as Row[];
  const lockedRef = useRef(isRowLocked);
  lockedRef.current = isRowLocked;

  const needle = searchText(deferredQuery.trim());
  // One object per page change: TanStack compares state by identity, and a new one per render would rebuild
  // the page of a 10,000-row list on every keystroke.
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex, pageSize: toTablePageSize(pageSize) }),
    [pageIndex, pageSize],
  );
  const table = useTable(
    {
      features,
      columns: tableColumns,
      data,
      getRowId: (row) => String(getRowKey(row)),
      state: { sorting, globalFilter: needle, pagination, rowSelection, expanded },
      enableMultiSort: false,
      enableSortingRemoval: false,
      autoResetPageIndex: false,
      autoResetExpanded: false,
      enableRowSelection: (row) =>
        Boolean(onSelectionChange) && !lockedRef.current?.(row.original) && (isRowSelectable?.(row.original) ?? true),
      getRowCanExpand: (row) => Boolean(renderExpanded) && (canExpand?.(row.original) ?? true),
    },
    () => null,
  );

  // The rows as this render shows them: searched and sorted, every page. 'Exportar' exports these, the rows of the
  // render on screen, never the table's live state: TanStack's state is that of the latest render, and a render
  // React has not committed (the search's deferred render, a reload waiting on a transition) may already differ.
  const shownRows = table.getPrePaginatedRowModel().rows;
  const total = shownRows.length;
  const currentPage = clampPage(pageIndex, total, pageSize);
  // Rows may shrink under the page (a reload): show the last page that exists. Not while loading, or the
  // page kept in the URL would be lost before the rows arrive.
  const hasRows = rows.length > 0;
  useEffect(() => {
    if (!isLoading && hasRows && currentPage !== pageIndex) setPageIndex(currentPage);
  }, [currentPage, pageIndex, isLoading, hasRows]);

  // The URL follows the table (search debounced); the table follows the URL when it changes from outside
  // (a list restored on arrival, the back button).
  const urlSignature = JSON.stringify(urlState ?? null);
  const written = useRef(urlSignature);
  const writtenQuery = useRef(query);
  const onListSearchChange = listSearch?.onChange;
  const initialSortKey = JSON.stringify(initialSort);
  useEffect(() => {
    if (!onListSearchChange) return;
    const handle = setTimeout(
      () => {
        const current = fromSorting(sorting);
        const initial = JSON.parse(initialSortKey) as SortState | null;
        const isInitialSort = current?.columnId === initial?.columnId && current?.direction === initial?.direction;
        const next = {
          q: query.trim() ? query : undefined,
          orden: current && !isInitialSort ? current.columnId : undefined,
          dir: current && !isInitialSort ? current.direction : undefined,
          pagina: pageIndex > 0 ? pageIndex + 1 : undefined,
          filas: pageSize !== defaultPageSize ? pageSize : undefined,
        };
        const signature = JSON.stringify(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)));
        if (signature === written.current) return;
        written.current = signature;
        writtenQuery.current = query;
        onListSearchChange(next);
      },
      query === writtenQuery.current ? 0 : SEARCH_URL_DEBOUNCE_MS,
    );
    return () => clearTimeout(handle);
  }, [onListSearchChange, query, sorting, pageIndex, pageSize, defaultPageSize, initialSortKey]);
  useEffect(() => {
    if (!listSearch || urlSignature === written.current) return;
    written.current = urlSignature;
    const next = fromUrl();
    writtenQuery.current = next.query;
    setQuery(next.query);
    setSorting(next.sorting);
    setPageSize(next.pageSize);
    setPageIndex(next.pageIndex);
    // fromUrl reads this render's props; only a URL change from outside matters here.
  }, [urlSignature]);
  const pageRows = table.getRowModel().rows;
  const isStale = query !== deferredQuery;
  const sort = fromSorting(sorting);

  // Selection is reported as rows, in list order, whenever it changes (not when only the screen's arrows do).
  const onSelectionChangeRef = useRef(onSelectionChange);
  const getRowKeyRef = useRef(getRowKey);
  useLayoutEffect(() => {
    onSelectionChangeRef.current = onSelectionChange;
    getRowKeyRef.current = getRowKey;
  });
  const selectionSignature = Object.keys(rowSelection).join("\u0000");
  useEffect(() => {
    if (!onSelectionChangeRef.current) return;
    const keys = new Set(selectionSignature ? selectionSignature.split("\u0000") : []);
    onSelectionChangeRef.current(rows.filter((row) => keys.has(String(getRowKeyRef.current(row)))));
  }, [selectionSignature, rows]);

  // Virtualisation of an 'All' page of a long list.
  const scrollRef = useRef<HTMLDivElement>(null);
  const isWindowed = pageSize === PAGE_SIZE_ALL && pageRows.length > WINDOWING_THRESHOLD;
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;
  // Stable between keystroke renders: the virtualiser re-measures every row when its key function changes.
  const getItemKey = useCallback((index: number) => pageRows[index]?.id ?? index, [pageRows]);
  const virtualizer = useVirtualizer({
    count: isWindowed ? pageRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TABLE_ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    observeElementRect: (instance, notify) =>
      observeElementRect(instance, (rect) => notify({ ...rect, height: rect.height || FALLBACK_VIEWPORT_PX })),
    enabled: isWindowed,
    getItemKey,
    // An expanded row is its row plus the detail row under it; never less than a row (jsdom measures 0).
    measureElement: (element) => {
      const detail = element.nextElementSibling;
      const detailHeight = detail?.hasAttribute("data-detail") ? detail.getBoundingClientRect().height : 0;
      return Math.max(TABLE_ROW_HEIGHT_PX, element.getBoundingClientRect().height + detailHeight);
    },
  });
  const virtualItems = isWindowed ? virtualizer.getVirtualItems() : [];
  const windowStart = isWindowed ? (virtualItems[0]?.index ?? 0) : 0;
  const windowEnd = isWindowed ? (virtualItems[virtualItems.length - 1]?.index ?? -1) + 1 : pageRows.length;
  const paddingTop = isWindowed ? (virtualItems[0]?.start ?? 0) : 0;
  const paddingBottom = isWindowed ? virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1]?.end ?? 0) : 0;
  const mountedRows = isWindowed ? pageRows.slice(windowStart, windowEnd) : pageRows;

  const hasSearchableColumns = columns.some(isColumnSearchable);
  const firstRowNumber = (pageSize === PAGE_SIZE_ALL ? 0 : currentPage * pageSize) + 1;

  const resetScroll = () => {
    scrollRef.current?.scrollTo({ top: 0 });
  };

  // Stable callbacks, so memoised rows are not re-rendered just because the screen passed new arrows.
  const onRowOpenRef = useRef(onRowOpen);
  useLayoutEffect(() => {
    onRowOpenRef.current = onRowOpen;
  });
  const isOpenable = Boolean(onRowOpen);
  const openRow = useMemo(() => (isOpenable ? (row: Row) => onRowOpenRef.current?.(row) : undefined), [isOpenable]);
  const toggleSelected = useCallback(
    (key: string) =>
      setRowSelection((current) => {
        const { [key]: wasSelected, ...others } = current;
        return wasSelected ? others : { ...current, [key]: true };
      }),
    [],
  );
  const toggleExpanded = useCallback(
    (key: string) =>
      setExpanded((current) => {
        const open = current === true ? {} : { ...current };
        open[key] = !open[key];
        return open;
      }),
    [],
  );
  const editsRef = useRef({ edits, onEditsChange, isControlled: controlledEdits !== undefined });
  editsRef.current = { edits, onEditsChange, isControlled: controlledEdits !== undefined };
  const editCell = useCallback((key: string, columnId: string, value: CellValue) => {
    const { edits: current, onEditsChange: notify, isControlled } = editsRef.current;
    const next: RowEdits = { ...current, [key]: { ...current[key], [columnId]: value } };
    if (!isControlled) setOwnEdits(next);
    notify?.(next);
  }, []);

  const hasSelection = Boolean(onSelectionChange);
  const hasExpansion = Boolean(renderExpanded);
  const columnCount = columns.length + (hasSelection ? 1 : 0) + (hasExpansion ? 1 : 0);

  let body: ReactNode;
  if (isLoading) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          <Center py="xl">
            <Loader size="md" aria-label="Cargando" />
          </Center>
        </Table.Td>
      </Table.Tr>
    );
  } else if (pageRows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          <Text c="dimmed" ta="center" py="lg" size="sm">
            {rows.length > 0 && needle ? NO_MATCH_TEXT : emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = (
      <>
        {paddingTop > 0 ? <tr aria-hidden style={{ height: paddingTop }} /> : null}
        {mountedRows.map((row, offset) => {
          const key = row.id;
          const position = windowStart + offset;
          return (
            <BodyRow
              key={key}
              rowKey={key}
              row={row.original}
              columns={columns}
              rowIndex={firstRowNumber + position + 1}
              dataIndex={position}
              measureRef={isWindowed && hasExpansion ? virtualizer.measureElement : undefined}
              isWindowed={isWindowed}
              openRow={openRow}
              hasSelection={hasSelection}
              isSelected={row.getIsSelected()}
              canSelect={row.getCanSelect()}
              onToggleSelected={toggleSelected}
              hasExpansion={hasExpansion}
              isExpanded={row.getIsExpanded()}
              canExpand={row.getCanExpand()}
              onToggleExpanded={toggleExpanded}
              renderExpanded={renderExpanded}
              isLocked={isRowLocked?.(row.original) ?? false}
              rowEdits={edits[key]}
              onEdit={editCell}
              columnCount={columnCount}
            />
          );
        })}
        {paddingBottom > 0 ? <tr aria-hidden style={{ height: paddingBottom }} /> : null}
      </>
    );
  }

  const selectableRows = hasSelection ? shownRows.filter((row) => row.getCanSelect()) : [];
  const selectedCount = selectableRows.filter((row) => row.getIsSelected()).length;

  return (
    <Paper withBorder radius="md" className={classes.root}>
      {isSearchable || onRefresh || actions ? (
        <Group justify="space-between" gap="sm" p="sm" wrap="wrap">
          {isSearchable && hasSearchableColumns ? (
            <TextInput
              className={classes.search}
              placeholder="Search…"
              aria-label="Buscar"
              type="search"
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={isStale ? <Loader size={14} aria-hidden /> : null}
              value={query}
              onChange={(event) => {
                setQuery(event.currentTarget.value);
                setPageIndex(0);
                resetScroll();
              }}
            />
          ) : (
            <span />
          )}
          <Group gap="xs">
            {actions}
            {isExportable && !isLoading ? (
              <ExportMenu
                onExport={(format) => {
                  const table_ = buildExportTable(
                    columns,
                    shownRows.map((row) => row.original),
                  );
                  const name = exportName ?? label;
                  if (format === "csv") downloadCsv(table_, name);
                  else
                    void downloadXlsx(table_, name).catch(() =>
                      notifyError("No fue posible generar el archivo de Excel."),
                    );
                }}
              />
            ) : null}
            {onRefresh ? (
              <Tooltip label="Recargar" openDelay={100}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label="Recargar"
                  loading={isRefreshing}
                  onClick={onRefresh}
                >
                  <IconRefresh size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
      ) : null}

      <div
        ref={scrollRef}
        className={classes.scroll}
        style={{ maxHeight: TABLE_MAX_HEIGHT }}
        aria-busy={isLoading || isStale}
      >
        <Table
          stickyHeader
          highlightOnHover
          striped
          verticalSpacing="sm"
          horizontalSpacing={isCompact ? 8 : "md"}
          aria-label={label}
          aria-rowcount={isWindowed ? total + 1 : undefined}
          className={isCompact ? `${classes.table} ${classes.compact}` : classes.table}
        >
          <Table.Thead className={classes.thead}>
            <Table.Tr aria-rowindex={isWindowed ? 1 : undefined}>
              {hasSelection ? (
                <Table.Th className={classes.th} w={44}>
                  <Checkbox
                    aria-label="Seleccionar todas"
                    size="xs"
                    checked={selectableRows.length > 0 && selectedCount === selectableRows.length}
                    indeterminate={selectedCount > 0 && selectedCount < selectableRows.length}
                    disabled={selectableRows.length === 0}
                    onChange={(event) => {
                      const isChecked = event.currentTarget.checked;
                      setRowSelection((current) => {
                        const next = { ...current };
                        for (const row of selectableRows) {
                          if (isChecked) next[row.id] = true;
                          else delete next[row.id];
                        }
                        return next;
                      });
                    }}
                  />
                </Table.Th>
              ) : null}
              {hasExpansion ? <Table.Th className={classes.th} w={44} aria-label="Detalle" /> : null}
              {columns.map((column) => {
                const direction = sort?.columnId === column.id ? sort.direction : null;
                return (
                  <Table.Th
                    key={column.id}
                    ta={column.align}
                    w={column.width}
                    aria-sort={direction === "asc" ? "ascending" : direction === "desc" ? "descending" : undefined}
                    className={column.isHeaderWrapped ? `${classes.th} ${classes.thWrapped}` : classes.th}
                  >
                    {isColumnSortable(column) ? (
                      <UnstyledButton
                        className={classes.sortButton}
                        onClick={() => {
                          setSorting((current) => toSorting(nextSort(fromSorting(current), column.id)));
                          setPageIndex(0);
                        }}
                      >
                        <span>{column.header}</span>
                        <SortIcon direction={direction} />
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </div>

      <Group justify="flex-end" gap="md" px="sm" py="xs" wrap="wrap" className={classes.footer}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" aria-hidden>
            Filas por página
          </Text>
          <Select
            aria-label="Filas por página"
            size="xs"
            w={84}
            allowDeselect={false}
            data={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
            value={String(pageSize)}
            onChange={(value) => {
              if (!value) return;
              setPageSize(value === PAGE_SIZE_ALL ? PAGE_SIZE_ALL : Number(value));
              setPageIndex(0);
              resetScroll();
            }}
          />
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {rangeLabel(currentPage, total, pageSize)}
        </Text>
        <Pagination
          size="sm"
          total={pageCount(total, pageSize)}
          value={currentPage + 1}
          onChange={(value) => {
            setPageIndex(value - 1);
            resetScroll();
          }}
          getControlProps={(control) => ({
            "aria-label":
              control === "previous" ? "Página anterior" : control === "next" ? "Página siguiente" : control,
          })}
          getItemProps={(value) => ({ "aria-label": `Página ${value}` })}
        />
      </Group>
    </Paper>
  );
}

function ExportMenu({ onExport }: { onExport: (format: "csv" | "xlsx") => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          Exportar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onExport("csv")}>CSV</Menu.Item>
        <Menu.Item onClick={() => onExport("xlsx")}>Excel (.xlsx)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

interface BodyRowProps<Row> {
  rowKey: string;
  row: Row;
  columns: readonly DataTableColumn<Row>[];
  /** aria-rowindex: the row's position among all rows, the header being 1. */
  rowIndex: number;
  /** Position on the page, for the virtualiser's measurements. */
  dataIndex: number;
  measureRef: ((element: Element | null) => void) | undefined;
  isWindowed: boolean;
  openRow: ((row: Row) => void) | undefined;
  hasSelection: boolean;
  isSelected: boolean;
  canSelect: boolean;
  onToggleSelected: (key: string) => void;
  hasExpansion: boolean;
  isExpanded: boolean;
  canExpand: boolean;
  onToggleExpanded: (key: string) => void;
  renderExpanded: ((row: Row) => ReactNode) | undefined;
  isLocked: boolean;
  rowEdits: Readonly<Record<string, CellValue>> | undefined;
  onEdit: (key: string, columnId: string, value: CellValue) => void;
  columnCount: number;
}

/**
 * One body row, memoised: typing in the search box renders the table twice (the urgent render with the
 * old results, then the deferred one), and rows whose props did not change are skipped both times. This is
 * what keeps a 10,000-row list with 'All' responsive.
 */
function BodyRowComponent<Row>(props: BodyRowProps<Row>): ReactElement {
  const { rowKey, row, columns, rowIndex, dataIndex, measureRef, isWindowed, openRow, isLocked, rowEdits } = props;
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === "Enter" && openRow && event.target === event.currentTarget) {
      event.preventDefault();
      openRow(row);
    }
  };
  const rowClasses = [openRow ? classes.openableRow : "", isLocked ? classes.lockedRow : ""].filter(Boolean).join(" ");
  return (
    <>
      <Table.Tr
        ref={measureRef}
        data-index={dataIndex}
        data-locked={isLocked || undefined}
        aria-rowindex={rowIndex}
        aria-selected={props.hasSelection ? props.isSelected : undefined}
        className={rowClasses || undefined}
        style={isWindowed ? { height: TABLE_ROW_HEIGHT_PX } : undefined}
        tabIndex={openRow ? 0 : undefined}
        onDoubleClick={openRow ? () => openRow(row) : undefined}
        onKeyDown={openRow ? onKeyDown : undefined}
      >
        {props.hasSelection ? (
          <Table.Td>
            {isLocked ? (
              <IconLock size={16} aria-label={`Fila ${rowIndex - 1} bloqueada`} className={classes.lockIcon} />
            ) : (
              <Checkbox
                size="xs"
                aria-label={`Seleccionar fila ${rowIndex - 1}`}
                checked={props.isSelected}
                disabled={!props.canSelect}
                onChange={() => props.onToggleSelected(rowKey)}
              />
            )}
          </Table.Td>
        ) : null}
        {props.hasExpansion ? (
          <Table.Td>
            {props.canExpand ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={
                  props.isExpanded
                    ? `Ocultar detalle de la fila ${rowIndex - 1}`
                    : `Ver detalle de la fila ${rowIndex - 1}`
                }
                aria-expanded={props.isExpanded}
                onClick={() => props.onToggleExpanded(rowKey)}
              >
                {props.isExpanded ? (
                  <IconChevronDown size={16} aria-hidden />
                ) : (
                  <IconChevronRight size={16} aria-hidden />
                )}
              </ActionIcon>
            ) : null}
          </Table.Td>
        ) : null}
        {columns.map((column) => (
          <Table.Td
            key={column.id}
            ta={column.align}
            className={isWindowed || column.isNoWrap ? classes.noWrap : undefined}
          >
            {column.edit
              ? column.edit.render(row, {
                  value: rowEdits && column.id in rowEdits ? rowEdits[column.id] : (column.value?.(row) ?? undefined),
                  onChange: (value) => props.onEdit(rowKey, column.id, value),
                  isDisabled: isLocked || column.edit.isEditable?.(row) === false,
                  label: `${column.header}, fila ${rowIndex - 1}`,
                })
              : column.cell
                ? column.cell(row)
                : formatPlain(column.value?.(row))}
          </Table.Td>
        ))}
      </Table.Tr>
      {props.isExpanded && props.renderExpanded ? (
        <Table.Tr data-detail className={classes.detailRow}>
          <Table.Td colSpan={props.columnCount}>{props.renderExpanded(row)}</Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

const BodyRow = memo(BodyRowComponent) as typeof BodyRowComponent;

function formatPlain(value: unknown): ReactNode {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  return String(value);
}

export type { DataTableColumn, SortState } from "./data-table-logic";
