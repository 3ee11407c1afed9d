import type { Readable } from "node:stream";
import { type EntradaLinea, type EntradaRow, MSG } from "@portal/contracts";
import { encabezadoCompra } from "../../erp/documento-compra-row";
import { listAnswer, type RowCache, type RowPosition } from "../../erp/row-cache";
import type { ErpScopeResolver } from "../../erp/scope";
import type { ErpAdapter, ErpClaveDocumento, ErpEntrada, ErpScope } from "../../erp/types";
import type { SessionUser } from "../../lib/session-user";

/** One goods receipt as the spec's getEntradasMercancia row: the order shape plus Pedido and CP. */
export function entradaRowBody(d: ErpEntrada): Omit<EntradaRow, keyof RowPosition> {
  return {
    ...encabezadoCompra(d),
    Pedido: d.pedidoDocNum,
    CP: d.cp,
    DetalleEntradaMercancia: d.lineas.map(
      (l, i): EntradaLinea => ({
        IdEntrada: d.docNum,
        Fila: i + 1,
        ItemCode: l.itemCode,
        ItemName: l.itemName,
        FrgnName: l.frgnName,
        LineStatus: l.lineStatus,
        UomCode: l.uomCode,
        Quantity: l.quantity,
        PriceBefDi: l.priceBefDi,
        DiscPrcnt: l.discPrcnt,
        LineTotal: l.lineTotal,
      }),
    ),
  };
}

/** Goods receipts (spec §2 Goods receipts, §7 getEntradasMercancia), scoped and cached like orders. */
export function createEntradasService(erp: ErpAdapter, scopeFor: ErpScopeResolver, cache: RowCache) {
  const source = {
    kind: "entrada",
    versions: (scope: ErpScope) => erp.listEntradaVersions(scope),
    readAll: (scope: ErpScope) => erp.listEntradas(scope),
    read: (keys: readonly ErpClaveDocumento[]) => erp.readEntradas(keys),
  };
  return {
    /** The getEntradasMercancia answer as a stream of UTF-8 JSON (built from the row cache). */
    async getEntradasMercancia(user: SessionUser): Promise<Readable> {
      return listAnswer<ErpEntrada, EntradaRow>(cache, source, await scopeFor(user), entradaRowBody, MSG.ok);
    },

    async countEntradas(user: SessionUser): Promise<number> {
      return erp.countEntradas(await scopeFor(user));
    },
  };
}
export type EntradasService = ReturnType<typeof createEntradasService>;
