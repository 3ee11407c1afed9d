import { z } from "zod";
import { boundedArray } from "./bounded";
import { call } from "./call-spec";
import { actorRequestSchema, identificadorSchema, idSchema, messageAnswerSchema, successAnswer } from "./common";
import { cfdiFacturaNueva } from "./facturas";
import { lineaConCantidadCampos, lineaPorFacturarSchema } from "./facturas-partes";

/*
 * Issue 42 part 2 (decision 076): services billed against the purchase order. A purchase order line of a service
 * (a non-inventory item, SAP OITM.InvntItem 'N') has no goods receipt; the supplier bills it directly, by quantity
 * (a fraction bills part of the service: 0.6 of 1 is 60 %). One CFDI may bill lines of several orders, several CFDI
 * one order, never more than each line's open quantity. Not in the spec, which bills receipts only.
 */

/** How many order lines one invoice may bill. */
export const MAX_LINEAS_PEDIDO_POR_FACTURA = 500;

/** One order line billed: the order (DocEntry), its line (LineNum) and the quantity. */
export const lineaPedidoFacturaSchema = z.object({
  PedidoDocEntry: idSchema("PedidoDocEntry"),
  ...lineaConCantidadCampos,
});
export type LineaPedidoFactura = z.infer<typeof lineaPedidoFacturaSchema>;

/**
 * The order lines an invoice bills, at least one: postFacturaPedido's `LineasPedido`, a foreign supplier's
 * postFacturaExtranjera's (decision 073) and a test CFDI's for services (postCfdiPrueba).
 */
export const lineasPedidoFacturaSchema = boundedArray(lineaPedidoFacturaSchema, {
  campo: "LineasPedido",
  min: 1,
  max: MAX_LINEAS_PEDIDO_POR_FACTURA,
  mensajes: {
    tipo: "El campo LineasPedido debe ser una lista de líneas de pedidos con su cantidad.",
    min: "Elija al menos una línea de un pedido y la cantidad que factura.",
    max: `Una factura puede amparar como máximo ${MAX_LINEAS_PEDIDO_POR_FACTURA} líneas de pedidos.`,
  },
});

/** POST /api/facturas/postFacturaPedido: a CFDI billing service lines of the supplier's purchase orders. */
export const postFacturaPedidoRequestSchema = actorRequestSchema.extend({
  RazonSocial: identificadorSchema("RazonSocial", 100),
  LineasPedido: lineasPedidoFacturaSchema,
  ...cfdiFacturaNueva,
});
export type PostFacturaPedidoRequest = z.infer<typeof postFacturaPedidoRequestSchema>;

/** POST /api/facturas/getPedidosPorFacturar: the supplier's open orders with service lines left to bill. */
export const getPedidosPorFacturarRequestSchema = actorRequestSchema.extend({
  BD: identificadorSchema("BD", 100),
});
/** An order's service line as a receipt's line is offered (PorFacturar: the ERP's open quantity less what the
 * portal's Pendiente/Aceptada invoices hold that the ERP does not show). */
export const lineaPedidoPorFacturarSchema = lineaPorFacturarSchema;
export const pedidoPorFacturarSchema = z.object({
  DocEntry: z.number(),
  DocNum: z.number(),
  DocDate: z.string(),
  DocTotal: z.string(),
  DocCur: z.string(),
  GroupNum: z.number(),
  /** Payment form and CFDI use the §5 checks compare with the XML's. */
  PeyMethod: z.string(),
  U_B1SYS_MainUsage: z.string(),
  /** What is left to bill of the order's service lines, before taxes. */
  PorFacturar: z.string(),
  Lineas: z.array(lineaPedidoPorFacturarSchema),
});
export type PedidoPorFacturar = z.infer<typeof pedidoPorFacturarSchema>;
export const getPedidosPorFacturarAnswerSchema = successAnswer(z.array(pedidoPorFacturarSchema));

/** The calls of issue 42 part 2 (spread into CALLS). */
export const PEDIDOS_SERVICIO_CALLS = {
  getPedidosPorFacturar: call({
    method: "POST",
    path: "/api/facturas/getPedidosPorFacturar",
    request: getPedidosPorFacturarRequestSchema,
    answer: getPedidosPorFacturarAnswerSchema,
    access: "proveedor",
    tag: "facturas",
    summary: "Pedidos con servicios que el proveedor puede facturar sin entrada de mercancía",
  }),
  postFacturaPedido: call({
    method: "POST",
    path: "/api/facturas/postFacturaPedido",
    request: postFacturaPedidoRequestSchema,
    answer: messageAnswerSchema,
    access: "proveedor",
    tag: "facturas",
    summary: "Registrar una factura de servicios contra sus pedidos (PDF y XML)",
  }),
};

/** What the portal says about invoices billing order lines (issue 42 part 2). */
export const FACTURA_PEDIDO_MSG = {
  pedidoNoEncontrado: (docEntry: number) =>
    `El pedido con clave ${docEntry} no existe en esta razón social o no es de usted.`,
  pedidoCerrado: (pedido: number) => `El pedido ${pedido} ya está cerrado en el ERP; no se puede facturar.`,
  lineaNoExiste: (pedido: number, linea: number) => `El pedido ${pedido} no tiene la línea ${linea}.`,
  lineaNoServicio: (pedido: number, linea: number, articulo: string) =>
    `La línea ${linea} del pedido ${pedido} (${articulo}) es de un artículo de inventario: se factura con su entrada de mercancía.`,
  lineaRepetida: (pedido: number, linea: number) =>
    `La línea ${linea} del pedido ${pedido} se eligió más de una vez; cada línea se factura una sola vez por factura.`,
  cantidadInvalida: (pedido: number, linea: number) =>
    `La cantidad de la línea ${linea} del pedido ${pedido} debe ser mayor que cero.`,
  cantidadExcedeAbierta: (pedido: number, linea: number, cantidad: string, abierta: string) =>
    `La línea ${linea} del pedido ${pedido} tiene ${abierta} por facturar; no se pueden facturar ${cantidad}.`,
  cantidadYaFacturada: (pedido: number) =>
    `Otra factura tomó antes parte de la cantidad del pedido ${pedido}; lo que eligió supera lo que queda por facturar. Revise las cantidades.`,
  /** How an invoice billing orders names them where the lists say 'Entrada'. */
  pedidoEnLista: (pedidos: string) => `Pedido ${pedidos}`,
  columnaPedido: "Pedido",
  /** The form 'Facturar servicios de un pedido' (/MisFacturas/Servicios). */
  tituloForm: "Facturar servicios de un pedido",
  enlaceForm: "Facturar servicios de un pedido (sin entrada de mercancía)",
  sinPedidos: "No tiene pedidos con servicios por facturar en esta razón social.",
  sociedadRequerida: "Elija la razón social.",
  sinCantidades: "Indique la cantidad a facturar de al menos una línea de servicio.",
  /** A foreign supplier's invoice of order lines (decision 073): its currency is the orders'. */
  monedaDelPedido: "La del pedido",
  pedidoTitulo: (pedido: number, fecha: string, importe: string) =>
    `Pedido ${pedido} · ${fecha} · por facturar ${importe}`,
} as const;
