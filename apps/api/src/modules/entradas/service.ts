import type { EntradaLinea, EntradaRow } from "@portal/contracts";
import type { ErpScopeResolver } from "../../erp/scope";
import type { ErpAdapter, ErpEntrada } from "../../erp/types";
import type { SessionUser } from "../../lib/session-user";
import { archivoUrl } from "../archivos/service";

/** One goods receipt as the spec's getEntradasMercancia row: the order shape plus Pedido and CP. */
export function toEntradaRow(d: ErpEntrada, fila: number, sociedad: string): EntradaRow {
  return {
    Fila: fila,
    U_SYS_PMSNBD: sociedad,
    CardName: d.cardName,
    DocNum: d.docNum,
    DocStatus: d.docStatus,
    DocDate: d.docDate,
    DocDueDate: d.docDueDate,
    GroupNum: d.groupNum,
    U_B1SYS_MainUsage: d.mainUsage,
    PeyMethod: d.peyMethod,
    DocTotal: d.docTotal,
    NumAtCard: d.numAtCard,
    Comments: d.comments,
    DiscPrcnt: d.discPrcnt,
    DiscSum: d.discSum,
    VatSum: d.vatSum,
    U_SYS_PMDPDF: archivoUrl(d.pdfArchivoId),
    BD: d.bd,
    DocCur: d.docCur,
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
