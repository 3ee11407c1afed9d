import { z } from "zod";
import {
  archivoRefSchema,
  decimalSchema,
  enteroSchema,
  fechaSchema,
  importeSchema,
  listRequestSchema,
  successAnswer,
} from "./common";

/**
 * Header of a purchase document as the ERP gives it (spec §3 Order, §7 getPedidos); goods receipts reuse it.
 * Amounts, quantities and percentages are decimal strings; dates are YYYY-MM-DD; free texts are '' when empty.
 * The payment method is not sent: it follows GroupNum (metodoPagoPorDiasCredito in @portal/cfdi).
 */
export const documentoCompraBaseSchema = z.object({
  Fila: enteroSchema("Fila"),
  /** The company (sociedad) the document belongs to. */
  U_SYS_PMSNBD: z.string(),
  CardName: z.string(),
  DocNum: enteroSchema("DocNum"),
  /** O = open; anything else reads closed. */
  DocStatus: z.string(),
  DocDate: fechaSchema("DocDate"),
  /** Agreed (due) date. */
  DocDueDate: fechaSchema("DocDueDate"),
  /** Credit days (payment-terms group): PPD when above 0, otherwise PUE. */
  GroupNum: enteroSchema("GroupNum"),
  /** Main use (uso de CFDI code). */
  U_B1SYS_MainUsage: z.string(),
  /** Payment form code (forma de pago), spelled as the spec spells it. */
  PeyMethod: z.string(),
  DocTotal: importeSchema("DocTotal"),
  /** Supplier reference. */
  NumAtCard: z.string(),
  Comments: z.string(),
  DiscPrcnt: decimalSchema("DiscPrcnt"),
  DiscSum: importeSchema("DiscSum"),
  VatSum: importeSchema("VatSum"),
  /** Download URL of the document's PDF, '' when there is none ('Descargar PDF' hidden). */
  U_SYS_PMDPDF: archivoRefSchema,
  /** ERP database of the company. */
  BD: z.string(),
  DocCur: z.string(),
});

/** The fields of a purchasing line that orders and goods receipts share (spec §3 order and receipt lines). */
export const partidaCompraSchema = z.object({
  Fila: enteroSchema("Fila"),
  /** Item code (SAP ItemCode). */
  ItemCode: z.string(),
  ItemName: z.string(),
  FrgnName: z.string(),
  LineStatus: z.string(),
  UomCode: z.string(),
  Quantity: decimalSchema("Quantity"),
  /** Unit price before discount. */
  PriceBefDi: importeSchema("PriceBefDi"),
  DiscPrcnt: decimalSchema("DiscPrcnt"),
  LineTotal: importeSchema("LineTotal"),
});

/** Order line (spec §3 Order line). Delivered quantity = Quantity - OpenQty, computed by the UI. */
export const pedidoLineaSchema = partidaCompraSchema.extend({
  IdPedido: enteroSchema("IdPedido"),
  OpenQty: decimalSchema("OpenQty"),
});
export type PedidoLinea = z.infer<typeof pedidoLineaSchema>;

/** POST /api/pedidos/getPedidos (spec §7). */
export const getPedidosRequestSchema = listRequestSchema;
export type GetPedidosRequest = z.infer<typeof getPedidosRequestSchema>;
export const pedidoRowSchema = documentoCompraBaseSchema.extend({
  DetallePedido: z.array(pedidoLineaSchema),
});
export type PedidoRow = z.infer<typeof pedidoRowSchema>;
export const getPedidosAnswerSchema = successAnswer(z.array(pedidoRowSchema));
export type GetPedidosAnswer = z.infer<typeof getPedidosAnswerSchema>;
