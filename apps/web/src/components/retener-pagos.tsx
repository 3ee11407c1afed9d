import { Badge } from "@mantine/core";
import { COMPLEMENTOS_ATRASADOS_MSG } from "@portal/contracts";
import type { DataTableColumn } from "./data-table";

/**
 * Issue 27: the badge of a supplier flagged "retener pagos por complementos atrasados" (informative). Yellow, whose
 * light-badge text the theme darkens to 4.5:1 (issue 40: orange read at 3.61:1).
 */
export function RetenerPagosBadge() {
  return (
    <Badge color="yellow" variant="light" size="sm" title={COMPLEMENTOS_ATRASADOS_MSG.etiquetaRetener}>
      Pagos retenidos
    </Badge>
  );
}

/**
 * A supplier-name column that adds the badge beside the name of a flagged supplier (the review lists): its value,
 * search, sort and export stay the name's.
 */
export function withRetenerPagosBadge<Row>(
  column: DataTableColumn<Row>,
  isRetenido: (row: Row) => boolean,
): DataTableColumn<Row> {
  return {
    ...column,
    cell: (row) => (
      <>
        {column.cell ? column.cell(row) : String(column.value?.(row) ?? "")}
        {isRetenido(row) ? (
          <>
            {" "}
            <RetenerPagosBadge />
          </>
        ) : null}
      </>
    ),
  };
}
