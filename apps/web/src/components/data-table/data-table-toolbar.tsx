import { ActionIcon, Button, Checkbox, Group, Loader, Menu, Popover, Stack, TextInput, Tooltip } from "@mantine/core";
import { IconColumns, IconDownload, IconRefresh, IconSearch } from "@tabler/icons-react";
import type { ReactElement, ReactNode } from "react";
import { notifyError } from "../../lib/notify";
import classes from "./data-table.module.css";
import type { DataTableColumn } from "./data-table-logic";
import { buildExportTable, downloadCsv, downloadXlsx } from "./export";

export type ExportFormat = "csv" | "xlsx";

/** 'Exportar': the rows given (as shown: searched and sorted, every page) as a CSV or Excel file named `name`. */
export function exportRows<Row>(
  columns: readonly DataTableColumn<Row>[],
  rows: readonly Row[],
  name: string,
  format: ExportFormat,
): void {
  const table = buildExportTable(columns, rows);
  if (format === "csv") downloadCsv(table, name);
  else void downloadXlsx(table, name).catch(() => notifyError("No fue posible generar el archivo de Excel."));
}

interface DataTableToolbarProps {
  /** The search box; null hides it (an empty placeholder keeps the rest on the right). */
  search: { query: string; isStale: boolean; onChange: (query: string) => void } | null;
  /** Extra content before the buttons (e.g. an 'Agregar' button). */
  actions?: ReactNode;
  /** Shows 'Exportar'. */
  onExport?: (format: ExportFormat) => void;
  /** Shows 'Recargar'; it spins while `isRefreshing`. */
  onRefresh?: () => void;
  isRefreshing: boolean;
  /** Shows 'Columnas' (a list with columns hidden by default): each column with whether it is shown. */
  columnMenu?: ColumnMenu;
}

export interface ColumnMenu {
  columns: { id: string; header: string; isShown: boolean }[];
  onToggle: (columnId: string) => void;
}

/** The bar above the table: search on the left; the screen's actions, 'Exportar' and 'Recargar' on the right. */
export function DataTableToolbar({
  search,
  actions,
  onExport,
  onRefresh,
  isRefreshing,
  columnMenu,
}: DataTableToolbarProps): ReactElement {
  return (
    <Group justify="space-between" gap="sm" p="sm" wrap="wrap">
      {search ? (
        <TextInput
          className={classes.search}
          placeholder="Search…"
          aria-label="Buscar"
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isStale ? <Loader size={14} aria-hidden /> : null}
          value={search.query}
          onChange={(event) => search.onChange(event.currentTarget.value)}
        />
      ) : (
        <span />
      )}
      <Group gap="xs">
        {actions}
        {columnMenu ? <ColumnsMenu menu={columnMenu} /> : null}
        {onExport ? <ExportMenu onExport={onExport} /> : null}
        {onRefresh ? (
          <Tooltip label="Recargar" openDelay={100}>
            <ActionIcon variant="default" size="lg" aria-label="Recargar" loading={isRefreshing} onClick={onRefresh}>
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Group>
  );
}

function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => void }) {
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

/**
 * 'Columnas' (issue 40): every column of the list with a checkbox; the choice stays in the URL with the list's
 * search and sort. A popover of real checkboxes, so each says whether its column is shown.
 */
function ColumnsMenu({ menu }: { menu: ColumnMenu }) {
  return (
    <Popover position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          Columnas
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group label="Columnas que se muestran" value={menu.columns.filter((c) => c.isShown).map((c) => c.id)}>
          <Stack gap={6} mt="xs">
            {menu.columns.map((column) => (
              <Checkbox
                key={column.id}
                value={column.id}
                label={column.header}
                size="xs"
                onChange={() => menu.onToggle(column.id)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
