import type { PedidoRow } from "@portal/contracts";
import { useNavigate } from "@tanstack/react-router";
import { columnasDocumentoCompra, DocumentoCompraTable } from "../../../components/documento-compra";
import type { Session } from "../../../lib/session";
import { pedidosList } from "../api";

/** Module constant: the table builds its search index once per loaded list. */
export const PEDIDOS_COLUMNS = columnasDocumentoCompra<PedidoRow>({
  numeros: [{ id: "DocNum", header: "Pedido", value: (row) => row.DocNum }],
  fechaVencimiento: "Fecha de entrega",
});

/** /Pedidos (spec §2 Orders); double-click opens the order. */
export function PedidosTable({ session }: { session: Session }) {
  const navigate = useNavigate();
  return (
    <DocumentoCompraTable
      query={pedidosList.useList(session)}
      label="Pedidos"
      columns={PEDIDOS_COLUMNS}
      emptyText="No hay pedidos para mostrar."
      onRowOpen={(row) => void navigate({ to: "/Pedidos/Pedido/$id", params: { id: row.Fila } })}
    />
  );
}
