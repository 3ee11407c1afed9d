import type { EntradaRow } from "@portal/contracts";
import { useNavigate } from "@tanstack/react-router";
import { DataTable } from "../../../components/data-table";
import { columnasDocumentoCompra } from "../../../components/documento-compra";
import { LONG_DEFAULT_PAGE_SIZE, LONG_PAGE_SIZES } from "../../../lib/constants";
import type { Session } from "../../../lib/session";
import { useEntradas } from "../api";
import { pedidoRelacionado } from "../entrada-logic";

/** The order's columns plus the receipt number and its related order (spec §2 Goods receipts). */
export const ENTRADAS_COLUMNS = columnasDocumentoCompra<EntradaRow>({
  numeros: [
    { id: "DocNum", header: "Entrada", value: (row) => row.DocNum },
    {
      id: "Pedido",
      header: "Pedido",
      value: (row) => row.Pedido,
      cell: (row) => pedidoRelacionado(row.Pedido),
    },
  ],
  fechaVencimiento: "Fecha de vencimiento",
});

const EMPTY: readonly EntradaRow[] = [];

/** /Entradas-Mercancia: 50 rows per page, steps of 50 plus All; double-click opens the receipt. */
export function EntradasTable({ session }: { session: Session }) {
  const entradas = useEntradas(session);
  const navigate = useNavigate();
  return (
    <DataTable
      label="Entradas de mercancía"
      rows={entradas.data ?? EMPTY}
      columns={ENTRADAS_COLUMNS}
      getRowKey={(row) => row.Fila}
      isLoading={entradas.isPending && entradas.fetchStatus !== "idle"}
      onRefresh={() => void entradas.refetch()}
      isRefreshing={entradas.isRefetching}
      onRowOpen={(row) => void navigate({ to: "/Entradas-Mercancia/EntradaMercancia/$id", params: { id: row.Fila } })}
      pageSizes={LONG_PAGE_SIZES}
      defaultPageSize={LONG_DEFAULT_PAGE_SIZE}
      initialSort={{ columnId: "Fila", direction: "asc" }}
      isCompact
      emptyText="No hay entradas de mercancía para mostrar."
    />
  );
}
