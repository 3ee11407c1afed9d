import type { PedidoLinea, PedidoRow } from "@portal/contracts";
import { Navigate } from "@tanstack/react-router";
import {
  camposDocumentoCompra,
  columnasPartida,
  DocumentoCompraDetalle,
  formatCantidad,
  pdfName,
} from "../../../components/documento-compra";
import type { Session } from "../../../lib/session";
import { pedidosList } from "../api";
import { cantidadEntregada, tituloPedido } from "../pedido-logic";

/** Lines of an order: quantity, then open and delivered (spec §3 Order line). */
export const PEDIDO_LINE_COLUMNS = columnasPartida<PedidoLinea>([
  { id: "OpenQty", header: "Pendiente", align: "right", cell: (linea) => formatCantidad(linea.OpenQty) },
  {
    id: "Entregada",
    header: "Entregada",
    align: "right",
    cell: (linea) => formatCantidad(cantidadEntregada(linea)),
  },
]);

function Detalle({ pedido }: { pedido: PedidoRow }) {
  return (
    <DocumentoCompraDetalle
      title={tituloPedido(pedido.DocNum)}
      backTo="/Pedidos"
      backLabel="Pedidos"
      documento={pedido}
      fields={camposDocumentoCompra(pedido, {
        numeros: [{ label: "Pedido", value: pedido.DocNum }],
        fechaVencimiento: "Fecha de entrega",
      })}
      lines={pedido.DetallePedido}
      columns={PEDIDO_LINE_COLUMNS}
      pdfName={pdfName("Pedido", pedido.DocNum)}
    />
  );
}

/** /Pedidos/Pedido/:id (spec §2): the :id-th row of the loaded list; without it, back to the list. */
export function PedidoDetalle({ session, fila }: { session: Session; fila: number }) {
  const pedido = pedidosList.useLoadedRow(session, fila);
  if (!pedido) return <Navigate to="/Pedidos" replace />;
  return <Detalle pedido={pedido} />;
}
