import { z } from "zod";
import { boundedArray } from "./bounded";
import { actorRequestSchema, identificadorSchema, idSchema, listRequestSchema, successAnswer } from "./common";
import { entradaDocEntrySchema, entradasMercanciaSchema } from "./facturas";
import { lineaFacturaSchema } from "./facturas-partes";
import { lineaPedidoFacturaSchema } from "./facturas-pedidos";

/*
 * Issue 40 (decision 062): 'Generar CFDI de prueba' — only where the SAT's test certificates are trusted
 * (SAT_TEST_CERTS=true, the demo); a production portal answers 404 and the web shows no button.
 */

/**
 * The forms the button serves: the invoice's (whole receipts or, with Lineas, part of them), the services invoice's
 * against purchase orders (issue 42 part 2), the credit note's and the payment complement's.
 */
export const TIPOS_CFDI_PRUEBA = ["factura", "servicios", "nota", "complemento"] as const;
export type TipoCfdiPrueba = (typeof TIPOS_CFDI_PRUEBA)[number];

/** How many lines a test CFDI may bill (the demo's; a small call keeps a small body limit). */
export const MAX_LINEAS_CFDI_PRUEBA = 20;

/**
 * POST /api/cfdiPrueba/postCfdiPrueba: a CFDI sealed with the SAT's public test CSD of the signed-in supplier's RFC,
 * stamped by the portal's test stamping authority, and its PDF. `factura`: for the receipts chosen (RazonSocial is
 * the company database, as postFactura's), with `Lineas` for part of them (lines and quantities, as postFactura's
 * Lineas, decision 074); `servicios`: for service lines of the supplier's open purchase orders (RazonSocial and
 * LineasPedido, as postFacturaPedido's, decision 076); `nota`: crediting one of the supplier's accepted invoices (IdFactura);
 * `complemento`: the complement the portal expects for one of its payments (BD and PagoSAP, as
 * getComplementoEsperado's).
 */
export const postCfdiPruebaRequestSchema = actorRequestSchema.extend({
  Tipo: z.enum(TIPOS_CFDI_PRUEBA, {
    error: "El campo Tipo es obligatorio y debe ser factura, servicios, nota o complemento.",
  }),
  RazonSocial: identificadorSchema("RazonSocial", 100).optional(),
  EntradaMercancia: entradasMercanciaSchema.optional(),
  EntradaDocEntry: entradaDocEntrySchema.optional(),
  Lineas: boundedArray(lineaFacturaSchema, {
    campo: "Lineas",
    max: MAX_LINEAS_CFDI_PRUEBA,
    mensajes: {
      tipo: "El campo Lineas debe ser una lista de líneas de la entrada con su cantidad.",
      max: `Un CFDI de prueba puede amparar como máximo ${MAX_LINEAS_CFDI_PRUEBA} líneas.`,
    },
  }).optional(),
  LineasPedido: boundedArray(lineaPedidoFacturaSchema, {
    campo: "LineasPedido",
    min: 1,
    max: MAX_LINEAS_CFDI_PRUEBA,
    mensajes: {
      tipo: "El campo LineasPedido debe ser una lista de líneas de pedidos con su cantidad.",
      min: "Elija al menos una línea de un pedido y la cantidad que factura.",
      max: `Un CFDI de prueba puede amparar como máximo ${MAX_LINEAS_CFDI_PRUEBA} líneas.`,
    },
  }).optional(),
  IdFactura: idSchema("IdFactura").optional(),
  BD: identificadorSchema("BD", 100).optional(),
  PagoSAP: idSchema("PagoSAP").optional(),
});
export type PostCfdiPruebaRequest = z.infer<typeof postCfdiPruebaRequestSchema>;

const archivoGeneradoSchema = z.object({ nombre: z.string(), base64: z.string() });
export const cfdiPruebaSchema = z.object({
  UUID: z.string(),
  XML: archivoGeneradoSchema,
  PDF: archivoGeneradoSchema,
});
export type CfdiPrueba = z.infer<typeof cfdiPruebaSchema>;
export const postCfdiPruebaAnswerSchema = successAnswer(cfdiPruebaSchema);

/** POST /api/cfdiPrueba/getDisponible: whether this portal issues test CFDIs (the web shows the button then). */
export const getCfdiPruebaDisponibleRequestSchema = listRequestSchema;
export const getCfdiPruebaDisponibleAnswerSchema = successAnswer(z.object({ Disponible: z.boolean() }));

export const CFDI_PRUEBA_MSG = {
  generado: (uuid: string) =>
    `Se generó el CFDI de prueba ${uuid} y se colocaron su XML y su PDF en el formulario; revíselos antes de enviarlos.`,
  /** A field the chosen Tipo needs (the schema lets each one be absent: each form sends its own). */
  campoRequerido: (campo: string, tipo: string) =>
    `El campo ${campo} es obligatorio para un CFDI de prueba de tipo ${tipo}.`,
  facturaNoExiste: "La factura no existe o no es de su cuenta.",
  facturaNoAceptada: (folio: string) =>
    `La factura con folio ${folio} no está aceptada; solo se emiten notas de crédito de facturas aceptadas.`,
  sinComplemento: "Este pago no requiere complemento de pago (no tiene facturas PPD o su complemento ya fue aceptado).",
  sociedadNoVinculada: "La sociedad seleccionada no está vinculada a su cuenta o está inactiva.",
  errorServicio: "Error al consumir el servicio postCfdiPrueba",
  /** The concept a test CFDI for services prints (its PDF). */
  conceptoServicios: (pedidos: readonly number[]) =>
    `Servicios ${pedidos.length > 1 ? "de los pedidos" : "del pedido"} ${pedidos.join(", ")}`,
  /** The forms' hints while the button lacks what to issue. */
  faltanEntradas: "Elija la razón social y las entradas de mercancía.",
  faltanCantidades:
    "Indique cantidades válidas (sin exceder lo que queda por facturar) para generar el CFDI de prueba de esa parte.",
  faltanServicios:
    "Elija la razón social e indique cantidades válidas de las líneas de servicio para generar el CFDI de prueba.",
} as const;
