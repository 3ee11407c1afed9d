import { type EntradaLinea, type EntradaRow, FACTURA_PARTES_MSG } from "@portal/contracts";
import { Navigate } from "@tanstack/react-router";
import {
  camposDocumentoCompra,
  columnasPartida,
  DocumentoCompraDetalle,
  formatCantidad,
  pdfName,
} from "../../../components/documento-compra";
import type { Session } from "../../../lib/session";
import { entradasList } from "../api";
import { pedidoRelacionado, tituloEntrada } from "../entrada-logic";

/**
 * Spec §3 Goods receipt lines, and (issue 42, decision 074) what the ERP has not billed yet of each: a receipt billed
 * in parts stays open for the rest.
 */
export const ENTRADA_LINE_COLUMNS = columnasPartida<EntradaLinea>([
  {
    id: "OpenQty",
    header: FACTURA_PARTES_MSG.porFacturar,
    align: "right",
    cell: (linea) => (linea.OpenQty === undefined ? "—" : formatCantidad(linea.OpenQty)),
  },
]);

function Detalle({ entrada }: { entrada: EntradaRow }) {
  return (
    <DocumentoCompraDetalle
      title={tituloEntrada(entrada.DocNum)}
      backTo="/Entradas-Mercancia"
      backLabel="Entradas de mercancía"
      documento={entrada}
      fields={camposDocumentoCompra(entrada, {
        numeros: [
          { label: "Entrada", value: entrada.DocNum },
          { label: "Pedido", value: pedidoRelacionado(entrada.Pedido) },
        ],
        fechaVencimiento: "Fecha de vencimiento",
      })}
      lines={entrada.DetalleEntradaMercancia}
      columns={ENTRADA_LINE_COLUMNS}
      pdfName={pdfName("EntradaMercancia", entrada.DocNum)}
    />
  );
}

/** /Entradas-Mercancia/EntradaMercancia/:id: the :id-th row of the loaded list; without it, back to the list. */
export function EntradaDetalle({ session, fila }: { session: Session; fila: number }) {
  const entrada = entradasList.useLoadedRow(session, fila);
  if (!entrada) return <Navigate to="/Entradas-Mercancia" replace />;
  return <Detalle entrada={entrada} />;
}
