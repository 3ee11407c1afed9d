import { z } from "zod";
import { decimalSchema, enteroSchema, listRequestSchema, successAnswer } from "./common";
import { documentoCompraBaseSchema, partidaCompraSchema } from "./pedidos";

/**
 * Goods-receipt line (spec §3 Goods receipt lines: code, description, status, unit, quantity, unit price,
 * discount, total). The spec does not name the parent key; by analogy with the order line's IdPedido we
 * call it IdEntrada. The spec gives receipts no open quantity; issue 42 adds it (OpenQty).
 */
export const entradaLineaSchema = partidaCompraSchema.extend({
  IdEntrada: enteroSchema("IdEntrada"),
  /**
   * Issue 42 (decision 074): what of the line the ERP has not billed yet (SAP OpenQty): a receipt billed in parts
   * stays open for the rest. Absent from older servers.
   */
  OpenQty: decimalSchema("OpenQty").optional(),
});
export type EntradaLinea = z.infer<typeof entradaLineaSchema>;

/** POST /api/entradasMercancia/getEntradasMercancia: the order shape plus Pedido (spec §7) and CP (spec §3). */
export const getEntradasMercanciaRequestSchema = listRequestSchema;
export type GetEntradasMercanciaRequest = z.infer<typeof getEntradasMercanciaRequestSchema>;
export const entradaRowSchema = documentoCompraBaseSchema.extend({
  /** DocNum of the related order; null when the receipt has no base order. */
  Pedido: enteroSchema("Pedido").nullable(),
  /** Postal code the supplier issues from (spec §3 Goods receipt "fields read from the server"). */
  CP: z.string(),
  /** Issue 37 (decision 051): the receipt's key in the ERP (SAP DocEntry); DocNum repeats across numbering series. */
  DocEntry: enteroSchema("DocEntry"),
  DetalleEntradaMercancia: z.array(entradaLineaSchema),
});
export type EntradaRow = z.infer<typeof entradaRowSchema>;
export const getEntradasMercanciaAnswerSchema = successAnswer(z.array(entradaRowSchema));
export type GetEntradasMercanciaAnswer = z.infer<typeof getEntradasMercanciaAnswerSchema>;
