import {
  ActionIcon,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconRefresh, IconSearch } from "@tabler/icons-react";
import {
  type KeyboardEvent,
  memo,
  type ReactElement,
  type ReactNode,
  type UIEvent,
  useCallback,
  useDeferredValue,
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
import classes from "./data-table.module.css";
import {
  buildSearchIndex,
  clampPage,
  type DataTableColumn,
  filterRows,
  isColumnSearchable,
  isColumnSortable,
  nextSort,
  pageCount,
  paginate,
  rangeLabel,
  type SortState,
  sortRows,
  visibleWindow,
} from "./data-table-logic";

/** Above this many rows on screen the body is windowed: only the rows in view are mounted. */
const WINDOWING_THRESHOLD = 150;

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
}

function SortIcon({ direction }: { direction: SortState["direction"] | null }) {
  if (direction === "asc") return <IconArrowUp size={14} aria-hidden />;
  if (direction === "desc") return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden className={classes.idleSortIcon} />;
}

/**
 * The shared list table (spec §2 "All tables have…"): client-side search, sort by header click,
 * paging with 'All', double-click to open, spinner while loading, refresh button 'Recargar', at most
 * 55% of the view high with a sticky header. Search, sort and paging are the pure functions of
 * data-table-logic.ts; long pages ('All') are windowed so 10,000 rows stay responsive.
 */
export function DataTable<Row>(props: DataTableProps<Row>): ReactElement {
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
  } = props;

  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const [pageSize, setPageSize] = useState<PageSize>(defaultPageSize);
  const [page, setPage] = useState(0);

  // Sort once per rows/sort change and filter the sorted rows per keystroke: filtering keeps the
  // order, and re-sorting 10,000 rows on every key would be the expensive step.
  const searchIndex = useMemo(() => buildSearchIndex(rows, columns), [rows, columns]);
  const ordered = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  const sorted = useMemo(() => filterRows(ordered, searchIndex, deferredQuery), [ordered, searchIndex, deferredQuery]);
  const currentPage = clampPage(page, sorted.length, pageSize);
  const pageRows = useMemo(() => paginate(sorted, currentPage, pageSize), [sorted, currentPage, pageSize]);
  const isStale = query !== deferredQuery;

  // Windowing: which of pageRows are mounted.
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 600 });
  const frame = useRef(0);
  const isWindowed = pageRows.length > WINDOWING_THRESHOLD;
  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      if (!isWindowed) return;
      const target = event.currentTarget;
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() =>
        setScroll({ top: target.scrollTop, height: target.clientHeight || 600 }),
      );
    },
    [isWindowed],
  );
  const window_ = isWindowed
    ? visibleWindow(scroll.top, scroll.height, TABLE_ROW_HEIGHT_PX, pageRows.length)
    : { start: 0, end: pageRows.length };
  const mountedRows = isWindowed ? pageRows.slice(window_.start, window_.end) : pageRows;

  const hasSearchableColumns = columns.some(isColumnSearchable);
  const firstRowNumber = (pageSize === PAGE_SIZE_ALL ? 0 : currentPage * pageSize) + 1;

  const resetScroll = () => {
    scrollRef.current?.scrollTo({ top: 0 });
    setScroll((current) => ({ ...current, top: 0 }));
  };

  // A stable opener, so memoised rows are not re-rendered just because the screen passed a new arrow.
  const onRowOpenRef = useRef(onRowOpen);
  useLayoutEffect(() => {
    onRowOpenRef.current = onRowOpen;
  });
  const isOpenable = Boolean(onRowOpen);
  const openRow = useMemo(() => (isOpenable ? (row: Row) => onRowOpenRef.current?.(row) : undefined), [isOpenable]);

  let body: ReactNode;
  if (isLoading) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Center py="xl">
            <Loader size="md" aria-label="Cargando" />
          </Center>
        </Table.Td>
      </Table.Tr>
    );
  } else if (pageRows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text c="dimmed" ta="center" py="lg" size="sm">
            {emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = (
      <>
        {isWindowed && window_.start > 0 ? (
          <tr aria-hidden style={{ height: window_.start * TABLE_ROW_HEIGHT_PX }} />
        ) : null}
        {mountedRows.map((row, offset) => (
          <BodyRow
            key={getRowKey(row)}
            row={row}
            columns={columns}
            rowIndex={firstRowNumber + window_.start + offset + 1}
            isWindowed={isWindowed}
            openRow={openRow}
          />
        ))}
        {isWindowed && window_.end < pageRows.length ? (
          <tr aria-hidden style={{ height: (pageRows.length - window_.end) * TABLE_ROW_HEIGHT_PX }} />
        ) : null}
      </>
    );
  }

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
                setPage(0);
                resetScroll();
              }}
            />
          ) : (
            <span />
          )}
          <Group gap="xs">
            {actions}
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
        onScroll={onScroll}
        aria-busy={isLoading || isStale}
      >
        <Table
          stickyHeader
          highlightOnHover
          striped
          verticalSpacing="sm"
          horizontalSpacing={isCompact ? 8 : "md"}
          aria-label={label}
          aria-rowcount={isWindowed ? sorted.length + 1 : undefined}
          className={isCompact ? `${classes.table} ${classes.compact}` : classes.table}
        >
          <Table.Thead className={classes.thead}>
            <Table.Tr aria-rowindex={isWindowed ? 1 : undefined}>
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
                          setSort((current) => nextSort(current, column.id));
                          setPage(0);
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
              setPage(0);
              resetScroll();
            }}
          />
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {rangeLabel(currentPage, sorted.length, pageSize)}
        </Text>
        <Pagination
          size="sm"
          total={pageCount(sorted.length, pageSize)}
          value={currentPage + 1}
          onChange={(value) => {
            setPage(value - 1);
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

interface BodyRowProps<Row> {
  row: Row;
  columns: readonly DataTableColumn<Row>[];
  /** aria-rowindex: the row's position among all rows, the header being 1. */
  rowIndex: number;
  isWindowed: boolean;
  openRow: ((row: Row) => void) | undefined;
}

/**
 * One body row, memoised: typing in the search box renders the table twice (the urgent render with the
 * old results, then the deferred one), and rows whose row, columns and position did not change are
 * skipped both times. This is what keeps a 10,000-row list with 'All' responsive.
 */
function BodyRowComponent<Row>({ row, columns, rowIndex, isWindowed, openRow }: BodyRowProps<Row>): ReactElement {
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === "Enter" && openRow) {
      event.preventDefault();
      openRow(row);
    }
  };
  return (
    <Table.Tr
      aria-rowindex={rowIndex}
      className={openRow ? classes.openableRow : undefined}
      style={isWindowed ? { height: TABLE_ROW_HEIGHT_PX } : undefined}
      tabIndex={openRow ? 0 : undefined}
      onDoubleClick={openRow ? () => openRow(row) : undefined}
      onKeyDown={openRow ? onKeyDown : undefined}
    >
      {columns.map((column) => (
        <Table.Td
          key={column.id}
          ta={column.align}
          className={isWindowed || column.isNoWrap ? classes.noWrap : undefined}
        >
          {column.cell ? column.cell(row) : formatPlain(column.value?.(row))}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

const BodyRow = memo(BodyRowComponent) as typeof BodyRowComponent;

function formatPlain(value: unknown): ReactNode {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  return String(value);
}

export type { DataTableColumn, SortState } from "./data-table-logic";
