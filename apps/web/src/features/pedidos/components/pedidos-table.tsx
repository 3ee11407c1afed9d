import type { PedidoRow } from "@portal/contracts";
import { useNavigate } from "@tanstack/react-router";
import { DataTable } from "../../../components/data-table";
import { columnasDocumentoCompra } from "../../../components/documento-compra";
import { LONG_DEFAULT_PAGE_SIZE, LONG_PAGE_SIZES } from "../../../lib/constants";
import type { Session } from "../../../lib/session";
import { usePedidos } from "../api";

/** Module constant: the table builds its search index once per loaded list. */
export const PEDIDOS_COLUMNS = columnasDocumentoCompra<PedidoRow>({
  numeros: [{ id: "DocNum", header: "Pedido", value: (row) => row.DocNum }],
  fechaVencimiento: "Fecha de entrega",
});

const EMPTY: readonly PedidoRow[] = [];

/** /Pedidos (spec §2 Orders): 50 rows per page, steps of 50 plus All; double-click opens the order. */
export function PedidosTable({ session }: { session: Session }) {
  const pedidos = usePedidos(session);
  const navigate = useNavigate();
  return (
    <DataTable
      label="Pedidos"
      rows={pedidos.data ?? EMPTY}
      columns={PEDIDOS_COLUMNS}
      getRowKey={(row) => row.Fila}
      isLoading={pedidos.isPending && pedidos.fetchStatus !== "idle"}
      onRefresh={() => void pedidos.refetch()}
      isRefreshing={pedidos.isRefetching}
      onRowOpen={(row) => void navigate({ to: "/Pedidos/Pedido/$id", params: { id: row.Fila } })}
      pageSizes={LONG_PAGE_SIZES}
      defaultPageSize={LONG_DEFAULT_PAGE_SIZE}
      initialSort={{ columnId: "Fila", direction: "asc" }}
      isCompact
      emptyText="No hay pedidos para mostrar."
    />
  );
}
