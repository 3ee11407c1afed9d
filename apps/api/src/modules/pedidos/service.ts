import type { PedidoLinea, PedidoRow } from "@portal/contracts";
import { encabezadoCompra } from "../../erp/documento-compra-row";
import type { ErpScopeResolver } from "../../erp/scope";
import type { ErpAdapter, ErpPedido } from "../../erp/types";
import type { SessionUser } from "../../lib/session-user";

/** One order as the spec's getPedidos row (spec §7): Fila is the 1-based position in this answer. */
export function toPedidoRow(d: ErpPedido, fila: number, sociedad: string): PedidoRow {
  return {
    ...encabezadoCompra(d, fila, sociedad),
    DetallePedido: d.lineas.map(
      (l, i): PedidoLinea => ({
        IdPedido: d.docNum,
        Fila: i + 1,
        ItemCode: l.itemCode,
        ItemName: l.itemName,
        FrgnName: l.frgnName,
        LineStatus: l.lineStatus,
        UomCode: l.uomCode,
        Quantity: l.quantity,
        OpenQty: l.openQty,
        PriceBefDi: l.priceBefDi,
        DiscPrcnt: l.discPrcnt,
        LineTotal: l.lineTotal,
      }),
    ),
  };
}

/**
 * Purchase orders (spec §2 Orders, §7 getPedidos). Scope from the session: a supplier reads its own CardCode
 * in the sociedades it is registered with; employees read everything. The home tile counts with the same scope.
 */
export function createPedidosService(erp: ErpAdapter, scopeFor: ErpScopeResolver) {
  return {
    async getPedidos(user: SessionUser): Promise<PedidoRow[]> {
      const scope = await scopeFor(user);
      const pedidos = await erp.listPedidos(scope);
      return pedidos.map((d, i) => toPedidoRow(d, i + 1, scope.sociedadNombre(d.bd)));
    },

    async countPedidos(user: SessionUser): Promise<number> {
      return erp.countPedidos(await scopeFor(user));
    },
  };
}
export type PedidosService = ReturnType<typeof createPedidosService>;
