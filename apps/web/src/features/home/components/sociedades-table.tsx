import type { HomeSociedadRow } from "@portal/contracts";
import { DataTable } from "../../../components/data-table";
import { SOCIEDADES_PROVEEDOR_COLUMNS } from "../../../components/sociedad-columns";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import type { Session } from "../../../lib/session";
import { useHomeSociedades } from "../api";

const EMPTY: readonly HomeSociedadRow[] = [];

/** Home, suppliers only (spec §2): the supplier's companies; sort # ascending, pages 5/10/15/All. */
export function SociedadesTable({ session }: { session: Session }) {
  const sociedades = useHomeSociedades(session);
  return (
    <DataTable
      label="Sociedades"
      rows={sociedades.data ?? EMPTY}
      columns={SOCIEDADES_PROVEEDOR_COLUMNS}
      getRowKey={(row) => row.IdSociedad}
      isLoading={sociedades.isPending && sociedades.fetchStatus !== "idle"}
      onRefresh={() => void sociedades.refetch()}
      isRefreshing={sociedades.isRefetching}
      pageSizes={SHORT_PAGE_SIZES}
      defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
      initialSort={{ columnId: "Fila", direction: "asc" }}
      emptyText="No tiene sociedades registradas."
    />
  );
}
