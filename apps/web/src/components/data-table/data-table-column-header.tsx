import { Checkbox, Table, Tooltip, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import type { ReactElement } from "react";
import classes from "./data-table.module.css";
import { type DataTableColumn, isColumnSortable, type SortDirection, type SortState } from "./data-table-logic";
import { selectAllState } from "./use-row-selection";

function SortIcon({ direction }: { direction: SortDirection | null }) {
  if (direction === "asc") return <IconArrowUp size={14} aria-hidden />;
  if (direction === "desc") return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden className={classes.idleSortIcon} />;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

interface DataTableColumnHeaderProps<Row> {
  column: DataTableColumn<Row>;
  /** The direction the table is sorted in by this column, null when sorted by another (or none). */
  direction: SortDirection | null;
  onSort: (columnId: string) => void;
}

/** One column's header: a sort button with its arrow when the column sorts, its text otherwise. */
export function DataTableColumnHeader<Row>({ column, direction, onSort }: DataTableColumnHeaderProps<Row>) {
  return (
    <Table.Th
      ta={column.align}
      w={column.width}
      aria-sort={direction ? ARIA_SORT[direction] : undefined}
      className={column.isHeaderWrapped ? `${classes.th} ${classes.thWrapped}` : classes.th}
    >
      <HeaderHint hint={column.headerHint}>
        {isColumnSortable(column) ? (
          <UnstyledButton className={classes.sortButton} onClick={() => onSort(column.id)}>
            <span>{column.header}</span>
            <SortIcon direction={direction} />
          </UnstyledButton>
        ) : (
          <span>{column.header}</span>
        )}
      </HeaderHint>
    </Table.Th>
  );
}

/** What a header means, on hover and keyboard focus (issue 40: 'Fecha probable de pago' explained). */
function HeaderHint({ hint, children }: { hint: string | undefined; children: ReactElement }) {
  if (!hint) return children;
  return (
    <Tooltip
      label={hint}
      multiline
      maw={320}
      withArrow
      openDelay={300}
      events={{ hover: true, focus: true, touch: true }}
    >
      {children}
    </Tooltip>
  );
}

interface DataTableHeaderProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  sort: SortState | null;
  onSort: (columnId: string) => void;
  /** For a table with row selection, the rows 'Seleccionar todas' (un)selects: the selectable rows shown. */
  selectableRows?: readonly { id: string; getIsSelected: () => boolean }[];
  onSelectAll: (keys: readonly string[], isChecked: boolean) => void;
  /** A table with expandable rows: an empty 'Detalle' header over the expand buttons. */
  hasExpansion: boolean;
  /** aria-rowindex of the header row (1) when the body is windowed. */
  rowIndex?: number;
}

/** The sticky header row: selection and detail columns first, then each column's header. */
export function DataTableHeader<Row>(props: DataTableHeaderProps<Row>): ReactElement {
  const { columns, sort, onSort, selectableRows } = props;
  const selectAll = selectableRows ? selectAllState(selectableRows) : null;
  return (
    <Table.Thead className={classes.thead}>
      <Table.Tr aria-rowindex={props.rowIndex}>
        {selectableRows && selectAll ? (
          <Table.Th className={classes.th} w={44}>
            <Checkbox
              aria-label="Seleccionar todas"
              size="xs"
              checked={selectAll.isChecked}
              indeterminate={selectAll.isIndeterminate}
              disabled={selectAll.isDisabled}
              onChange={(event) =>
                props.onSelectAll(
                  selectableRows.map((row) => row.id),
                  event.currentTarget.checked,
                )
              }
            />
          </Table.Th>
        ) : null}
        {props.hasExpansion ? <Table.Th className={classes.th} w={44} aria-label="Detalle" /> : null}
        {columns.map((column) => (
          <DataTableColumnHeader
            key={column.id}
            column={column}
            direction={sort?.columnId === column.id ? sort.direction : null}
            onSort={onSort}
          />
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
