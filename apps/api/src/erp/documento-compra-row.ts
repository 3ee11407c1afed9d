import type { PedidoRow } from "@portal/contracts";
import { archivoUrl } from "../modules/archivos/service";
import type { RowPosition } from "./row-cache";
import type { ErpDocumentoCompra, ErpLinea } from "./types";

/**
 * The header fields orders and goods receipts share in their list rows (spec §7 getPedidos/getEntradas),
 * without the answer-dependent Fila and U_SYS_PMSNBD (erp/row-cache.ts adds those).
 */
export type EncabezadoCompra = Omit<PedidoRow, "DetallePedido" | keyof RowPosition>;

export const encabezadoCompra = (d: ErpDocumentoCompra): EncabezadoCompra => ({
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
});

/** The fields an order line and a receipt line share (spec §3 order and receipt lines). */
export const partidaCompra = (l: ErpLinea, i: number) => ({
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
});
