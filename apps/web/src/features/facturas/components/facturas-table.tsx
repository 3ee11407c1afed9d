import { Button } from "@mantine/core";
import type { FacturaRow } from "@portal/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { DataTable } from "../../../components/data-table";
import { LONG_DEFAULT_PAGE_SIZE, LONG_PAGE_SIZES } from "../../../lib/constants";
import { useListSearch } from "../../../lib/list-search";
import { isProveedor } from "../../../lib/permissions";
import { NUEVO } from "../../../lib/route-params";
import type { Session } from "../../../lib/session";
import { facturasList } from "../api";
import { misFacturasColumns } from "./facturas-columns";

const EMPTY: readonly FacturaRow[] = [];
const SUPPLIER_COLUMNS = misFacturasColumns(true);
const EMPLOYEE_COLUMNS = misFacturasColumns(false);

/**
 * /MisFacturas (spec §2): search, 'Recargar', 'Agregar' for suppliers only, sorted by '#', 50 rows per page
 * with multiples of 50 plus All, a spinner while loading; double-click opens /MisFacturas/MiFactura/{row}.
 */
export function FacturasTable({ session }: { session: Session }) {
  const listSearch = useListSearch();
  const facturas = facturasList.useList(session);
  const navigate = useNavigate();
  return (
    <DataTable
      listSearch={listSearch}
      label="Facturas"
      rows={facturas.data ?? EMPTY}
      columns={isProveedor(session) ? SUPPLIER_COLUMNS : EMPLOYEE_COLUMNS}
      getRowKey={(row) => row.IdFactura}
      isLoading={facturas.isPending && facturas.fetchStatus !== "idle"}
      onRefresh={() => void facturas.refetch()}
      isRefreshing={facturas.isRefetching}
      onRowOpen={(row) => void navigate({ to: "/MisFacturas/MiFactura/$id", params: { id: row.Fila } })}
      pageSizes={LONG_PAGE_SIZES}
      defaultPageSize={LONG_DEFAULT_PAGE_SIZE}
      initialSort={{ columnId: "Fila", direction: "asc" }}
      isCompact
      actions={
        isProveedor(session) ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => void navigate({ to: "/MisFacturas/Factura/$id", params: { id: NUEVO } })}
          >
            Agregar
          </Button>
        ) : null
      }
      emptyText="No hay facturas para mostrar."
    />
  );
}
