import type { Readable } from "node:stream";
import { MSG, type PedidoLinea, type PedidoRow } from "@portal/contracts";
import { encabezadoCompra } from "../../erp/documento-compra-row";
import { listAnswer, type RowCache, type RowPosition } from "../../erp/row-cache";
import type { ErpScopeResolver } from "../../erp/scope";
import type { ErpAdapter, ErpClaveDocumento, ErpPedido, ErpScope } from "../../erp/types";
import type { SessionUser } from "../../lib/session-user";

/** One order as the spec's getPedidos row (spec §7), without Fila and U_SYS_PMSNBD (added per answer). */
export function pedidoRowBody(d: ErpPedido): Omit<PedidoRow, keyof RowPosition> {
  return {
    ...encabezadoCompra(d),
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
 * Rows come as JSON text from the per-version row cache (erp/row-cache.ts).
 */
export function createPedidosService(erp: ErpAdapter, scopeFor: ErpScopeResolver, cache: RowCache) {
  const source = {
    kind: "pedido",
    versions: (scope: ErpScope) => erp.listPedidoVersions(scope),
    readAll: (scope: ErpScope) => erp.listPedidos(scope),
    read: (keys: readonly ErpClaveDocumento[]) => erp.readPedidos(keys),
  };
  return {
    /** The getPedidos answer as a stream of UTF-8 JSON (built from the row cache). */
    async getPedidos(user: SessionUser): Promise<Readable> {
      return listAnswer<ErpPedido, PedidoRow>(cache, source, await scopeFor(user), pedidoRowBody, MSG.ok);
    },

    async countPedidos(user: SessionUser): Promise<number> {
      return erp.countPedidos(await scopeFor(user));
    },
  };
}
export type PedidosService = ReturnType<typeof createPedidosService>;
