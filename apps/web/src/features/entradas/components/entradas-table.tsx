import type { EntradaRow } from "@portal/contracts";
import { useNavigate } from "@tanstack/react-router";
import { columnasDocumentoCompra, DocumentoCompraTable } from "../../../components/documento-compra";
import type { Session } from "../../../lib/session";
import { entradasList } from "../api";
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

/** /Entradas-Mercancia (spec §2 Goods receipts); double-click opens the receipt. */
export function EntradasTable({ session }: { session: Session }) {
  const navigate = useNavigate();
  return (
    <DocumentoCompraTable
      query={entradasList.useList(session)}
      label="Entradas de mercancía"
      columns={ENTRADAS_COLUMNS}
      emptyText="No hay entradas de mercancía para mostrar."
      onRowOpen={(row) => void navigate({ to: "/Entradas-Mercancia/EntradaMercancia/$id", params: { id: row.Fila } })}
    />
  );
}
