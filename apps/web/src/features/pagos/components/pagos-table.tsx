import type { PagoRow } from "@portal/contracts";
import { useNavigate } from "@tanstack/react-router";
import { DataTable } from "../../../components/data-table";
import { LONG_DEFAULT_PAGE_SIZE, LONG_PAGE_SIZES } from "../../../lib/constants";
import { useListSearch } from "../../../lib/list-search";
import { isProveedor } from "../../../lib/permissions";
import type { Session } from "../../../lib/session";
import { pagosList } from "../api";
import { clavePago } from "../pago-logic";
import { misPagosColumns, renderFacturasDelPago } from "./pagos-columns";

const EMPTY: readonly PagoRow[] = [];
const SUPPLIER_COLUMNS = misPagosColumns(true);
const EMPLOYEE_COLUMNS = misPagosColumns(false);

/**
 * /Pagos (spec §2): search, 'Recargar', rows expandable into their 'Factura(s)', sorted by '#', 50 rows per page
 * with multiples of 50 plus All, a spinner while loading; double-click opens /Pagos/Pago/{row}. Issue 14: rows
 * whose complement is overdue carry the 'Complemento vencido' mark.
 */
export function PagosTable({ session }: { session: Session }) {
  const listSearch = useListSearch();
  const pagos = pagosList.useList(session);
  const navigate = useNavigate();
  return (
    <DataTable
      listSearch={listSearch}
      label="Complemento de pagos"
      rows={pagos.data ?? EMPTY}
      columns={isProveedor(session) ? SUPPLIER_COLUMNS : EMPLOYEE_COLUMNS}
      getRowKey={clavePago}
      isLoading={pagos.isPending && pagos.fetchStatus !== "idle"}
      onRefresh={() => void pagos.refetch()}
      isRefreshing={pagos.isRefetching}
      onRowOpen={(row) => void navigate({ to: "/Pagos/Pago/$id", params: { id: row.Fila } })}
      pageSizes={LONG_PAGE_SIZES}
      defaultPageSize={LONG_DEFAULT_PAGE_SIZE}
      initialSort={{ columnId: "Fila", direction: "asc" }}
      renderExpanded={renderFacturasDelPago}
      isCompact
      emptyText="No hay pagos para mostrar."
    />
  );
}
