import type { EntradaLinea, EntradaRow } from "@portal/contracts";
import { encabezadoCompra } from "../../erp/documento-compra-row";
import type { ErpScopeResolver } from "../../erp/scope";
import type { ErpAdapter, ErpEntrada } from "../../erp/types";
import type { SessionUser } from "../../lib/session-user";

/** One goods receipt as the spec's getEntradasMercancia row: the order shape plus Pedido and CP. */
export function toEntradaRow(d: ErpEntrada, fila: number, sociedad: string): EntradaRow {
  return {
    ...encabezadoCompra(d, fila, sociedad),
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

/** Goods receipts (spec §2 Goods receipts, §7 getEntradasMercancia), scoped like orders. */
export function createEntradasService(erp: ErpAdapter, scopeFor: ErpScopeResolver) {
  return {
    async getEntradasMercancia(user: SessionUser): Promise<EntradaRow[]> {
      const scope = await scopeFor(user);
      const entradas = await erp.listEntradas(scope);
      return entradas.map((d, i) => toEntradaRow(d, i + 1, scope.sociedadNombre(d.bd)));
    },

    async countEntradas(user: SessionUser): Promise<number> {
      return erp.countEntradas(await scopeFor(user));
    },
  };
}
export type EntradasService = ReturnType<typeof createEntradasService>;
