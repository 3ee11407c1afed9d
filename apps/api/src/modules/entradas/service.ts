import type { EntradaLinea, EntradaRow } from "@portal/contracts";
import { encabezadoCompra, partidaCompra } from "../../erp/documento-compra-row";
import type { RowPosition } from "../../erp/row-cache";
import type { ErpAdapter, ErpEntrada } from "../../erp/types";
import { type DocumentList, watchedBy } from "../documentos/lista";

/** One goods receipt as the spec's getEntradasMercancia row: the order shape plus Pedido and CP. */
export function entradaRowBody(d: ErpEntrada): Omit<EntradaRow, keyof RowPosition> {
  return {
    ...encabezadoCompra(d),
    Pedido: d.pedidoDocNum,
    CP: d.cp,
    DocEntry: d.docEntry,
    // Issue 42 (decision 074): what the ERP has not billed yet of each line (a receipt billed in parts).
    DetalleEntradaMercancia: d.lineas.map(
      (l, i): EntradaLinea => ({ IdEntrada: d.docNum, ...partidaCompra(l, i), OpenQty: l.openQty }),
    ),
  };
}

/** Goods receipts (spec §2 Goods receipts, §7 getEntradasMercancia), a document list like orders. */
export const entradasList = (erp: ErpAdapter): DocumentList<ErpEntrada, EntradaRow> => ({
  kind: "entrada",
  versions: (scope) => erp.listEntradaVersions(scope),
  readAll: (scope) => erp.listEntradas(scope),
  read: (keys) => erp.readEntradas(keys),
  ...watchedBy(erp, "entrada"),
  count: (scope) => erp.countEntradas(scope),
  row: entradaRowBody,
});
