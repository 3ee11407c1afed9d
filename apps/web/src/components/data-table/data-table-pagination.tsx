import { Group, Pagination, Select, Text } from "@mantine/core";
import type { ReactElement } from "react";
import { PAGE_SIZE_ALL, type PageSize } from "../../lib/constants";
import classes from "./data-table.module.css";
import { pageCount, rangeLabel } from "./data-table-logic";

interface DataTablePaginationProps {
  pageSizes: readonly PageSize[];
  pageSize: PageSize;
  /** Zero-based page shown. */
  currentPage: number;
  /** Rows after the search, every page. */
  total: number;
  onPageSizeChange: (pageSize: PageSize) => void;
  /** Called with the zero-based page. */
  onPageChange: (page: number) => void;
}

/** The footer: 'Filas por página', the range shown ("1–5 de 23") and the pages. */
export function DataTablePagination({
  pageSizes,
  pageSize,
  currentPage,
  total,
  onPageSizeChange,
  onPageChange,
}: DataTablePaginationProps): ReactElement {
  return (
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
            if (value) onPageSizeChange(value === PAGE_SIZE_ALL ? PAGE_SIZE_ALL : Number(value));
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
        onChange={(value) => onPageChange(value - 1)}
        getControlProps={(control) => ({
          "aria-label": control === "previous" ? "Página anterior" : control === "next" ? "Página siguiente" : control,
        })}
        getItemProps={(value) => ({ "aria-label": `Página ${value}` })}
      />
    </Group>
  );
}
