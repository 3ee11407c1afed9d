import { ActionIcon, Center, Checkbox, Loader, Table, Text } from "@mantine/core";
import { IconChevronDown, IconChevronRight, IconLock } from "@tabler/icons-react";
import { type KeyboardEvent, memo, type ReactElement, type ReactNode, useLayoutEffect, useMemo, useRef } from "react";
import { TABLE_ROW_HEIGHT_PX } from "../../lib/constants";
import classes from "./data-table.module.css";
import type { CellValue, DataTableColumn, RowEdits } from "./data-table-logic";

/** What a double-click in a row's own control (a review's status, comment or checkbox) must not turn into. */
const CONTROLS = "input, textarea, select, button, a, label, [role='combobox'], [role='option'], [role='listbox']";

/**
 * Whether a double-click opens the row: on the row itself, not in one of its controls (selecting a comment's word
 * is not opening the document) nor in a dropdown it renders elsewhere (a portal's events bubble through React).
 */
export function isRowOpenTarget(row: Element, target: EventTarget | null): boolean {
  if (!(target instanceof Element) || !row.contains(target)) return false;
  const control = target.closest(CONTROLS);
  return control === null || !row.contains(control);
}

/** A body row across the whole table: the spinner while loading, or the text of an empty list. */
export function DataTableMessageRow({ columnCount, message }: { columnCount: number; message: string | null }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columnCount}>
        {message === null ? (
          <Center py="xl">
            <Loader size="md" role="status" aria-label="Cargando" />
          </Center>
        ) : (
          <Text c="dimmed" ta="center" py="lg" size="sm">
            {message}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

interface DataTableRowProps<Row> {
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
function DataTableRowComponent<Row>(props: DataTableRowProps<Row>): ReactElement {
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
        onDoubleClick={
          openRow
            ? (event) => {
                if (isRowOpenTarget(event.currentTarget, event.target)) openRow(row);
              }
            : undefined
        }
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

const DataTableRow = memo(DataTableRowComponent) as typeof DataTableRowComponent;

/**
 * The screen's `onRowOpen` as a stable function (undefined when rows do not open), so memoised rows are not
 * re-rendered just because the screen passed a new arrow; it always calls the latest one.
 */
export function useOpenRow<Row>(onRowOpen: ((row: Row) => void) | undefined): ((row: Row) => void) | undefined {
  const latest = useRef(onRowOpen);
  useLayoutEffect(() => {
    latest.current = onRowOpen;
  });
  const isOpenable = Boolean(onRowOpen);
  return useMemo(() => (isOpenable ? (row: Row) => latest.current?.(row) : undefined), [isOpenable]);
}

/** What the body reads of a TanStack row. */
export interface BodyRow<Row> {
  id: string;
  original: Row;
  getIsSelected: () => boolean;
  getCanSelect: () => boolean;
  getIsExpanded: () => boolean;
  getCanExpand: () => boolean;
}

/** The props every row shares; keep each stable, or every memoised row renders again. */
type SharedRowProps<Row> = Pick<
  DataTableRowProps<Row>,
  | "columns"
  | "measureRef"
  | "isWindowed"
  | "openRow"
  | "hasSelection"
  | "onToggleSelected"
  | "hasExpansion"
  | "onToggleExpanded"
  | "renderExpanded"
  | "onEdit"
  | "columnCount"
>;

interface DataTableRowsProps<Row> extends SharedRowProps<Row> {
  /** The rows to mount (the whole page, or the window of a virtualised one). */
  rows: readonly BodyRow<Row>[];
  /** Position of the first of them on the page. */
  start: number;
  /** Number of the page's first row among all rows (1 on the first page). */
  firstRowNumber: number;
  /** Spacers standing for the rows of a virtualised page above and below the window. */
  paddingTop: number;
  paddingBottom: number;
  edits: RowEdits;
  isRowLocked: ((row: Row) => boolean) | undefined;
}

/** The body's rows, between the spacers of a virtualised page. */
export function DataTableRows<Row>(props: DataTableRowsProps<Row>): ReactElement {
  const { rows, start, firstRowNumber, paddingTop, paddingBottom, edits, isRowLocked, ...shared } = props;
  return (
    <>
      {paddingTop > 0 ? <tr aria-hidden style={{ height: paddingTop }} /> : null}
      {rows.map((row, offset) => (
        <DataTableRow
          key={row.id}
          {...shared}
          rowKey={row.id}
          row={row.original}
          rowIndex={firstRowNumber + start + offset + 1}
          dataIndex={start + offset}
          isSelected={row.getIsSelected()}
          canSelect={row.getCanSelect()}
          isExpanded={row.getIsExpanded()}
          canExpand={row.getCanExpand()}
          isLocked={isRowLocked?.(row.original) ?? false}
          rowEdits={edits[row.id]}
        />
      ))}
      {paddingBottom > 0 ? <tr aria-hidden style={{ height: paddingBottom }} /> : null}
    </>
  );
}

function formatPlain(value: unknown): ReactNode {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  return String(value);
}
