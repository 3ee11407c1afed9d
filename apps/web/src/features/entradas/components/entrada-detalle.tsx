import type { EntradaLinea, EntradaRow } from "@portal/contracts";
import { Navigate } from "@tanstack/react-router";
import {
  camposDocumentoCompra,
  columnasPartida,
  DocumentoCompraDetalle,
  pdfName,
} from "../../../components/documento-compra";
import type { Session } from "../../../lib/session";
import { entradasList } from "../api";
import { pedidoRelacionado, tituloEntrada } from "../entrada-logic";

/** Receipt lines have no open quantity (spec §3 Goods receipt lines). */
export const ENTRADA_LINE_COLUMNS = columnasPartida<EntradaLinea>();

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
