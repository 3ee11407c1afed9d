import type { PedidoLinea, PedidoRow } from "@portal/contracts";
import { encabezadoCompra, partidaCompra } from "../../erp/documento-compra-row";
import type { RowPosition } from "../../erp/row-cache";
import type { ErpAdapter, ErpPedido } from "../../erp/types";
import { type DocumentList, watchedBy } from "../documentos/lista";

/** One order as the spec's getPedidos row (spec §7), without Fila and U_SYS_PMSNBD (added per answer). */
export function pedidoRowBody(d: ErpPedido): Omit<PedidoRow, keyof RowPosition> {
  return {
    ...encabezadoCompra(d),
    DetallePedido: d.lineas.map(
      (l, i): PedidoLinea => ({ IdPedido: d.docNum, ...partidaCompra(l, i), OpenQty: l.openQty }),
    ),
  };
}

/** Purchase orders (spec §2 Orders, §7 getPedidos), a document list (modules/documentos/lista.ts). */
export const pedidosList = (erp: ErpAdapter): DocumentList<ErpPedido, PedidoRow> => ({
  kind: "pedido",
  versions: (scope) => erp.listPedidoVersions(scope),
  readAll: (scope) => erp.listPedidos(scope),
  read: (keys) => erp.readPedidos(keys),
  ...watchedBy(erp, "pedido"),
  count: (scope) => erp.countPedidos(scope),
  row: pedidoRowBody,
});
