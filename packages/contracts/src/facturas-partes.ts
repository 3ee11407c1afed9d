import { z } from "zod";
import { boundedArray } from "./bounded";
import { decimalSchema, enteroSchema, idSchema } from "./common";

/*
 * Issue 42 part 3 (decision 074): an invoice that bills part of a goods receipt — the lines and quantities the
 * supplier chose (or accepted from the portal's proposal read from the CFDI's concepts). Not in the spec, which
 * knows only whole receipts.
 */

/** How many lines one invoice may bill in part. */
export const MAX_LINEAS_POR_FACTURA = 500;

/**
 * A base document's line billed by quantity (issue 42), after its document's DocEntry: the line (LineNum) and the
 * quantity billed. A receipt's (EntradaDocEntry) and a purchase order's (PedidoDocEntry, decision 076) share them.
 */
export const lineaConCantidadCampos = {
  LineNum: enteroSchema("LineNum").min(0, { error: "El campo LineNum debe ser un número entero de 0 en adelante." }),
  Cantidad: decimalSchema("Cantidad"),
};

/** One line of a receipt billed in part: the receipt (DocEntry), its line (LineNum) and the quantity billed. */
export const lineaFacturaSchema = z.object({ EntradaDocEntry: idSchema("EntradaDocEntry"), ...lineaConCantidadCampos });
export type LineaFactura = z.infer<typeof lineaFacturaSchema>;

/** postFactura's optional `Lineas`: absent or empty bills the whole receipts, as before issue 42. */
export const lineasFacturaSchema = boundedArray(lineaFacturaSchema, {
  campo: "Lineas",
  max: MAX_LINEAS_POR_FACTURA,
  mensajes: {
    tipo: "El campo Lineas debe ser una lista de líneas de la entrada con su cantidad.",
    max: `Una factura puede amparar como máximo ${MAX_LINEAS_POR_FACTURA} líneas de entradas de mercancía.`,
  },
});

/** A line an invoice bills in part, as the invoice's detail and the review show it. */
export const lineaFacturadaSchema = z.object({
  /** The receipt's DocNum (the spec's "Entrada") and DocEntry. */
  Entrada: z.number(),
  EntradaDocEntry: z.number(),
  LineNum: z.number(),
  ItemCode: z.string(),
  ItemName: z.string(),
  /** Billed quantity, and the line's whole quantity. */
  Cantidad: z.string(),
  CantidadLinea: z.string(),
  /** Billed quantity at the line's price after its discount, before taxes. */
  Importe: z.string(),
  /**
   * Issue 42 part 2 (decision 076): present (true) when the line is a purchase order's (a service billed against the
   * order, BaseType 22); `Entrada`/`EntradaDocEntry` then hold the order's DocNum and DocEntry.
   */
  Pedido: z.literal(true).optional(),
});
export type LineaFacturada = z.infer<typeof lineaFacturadaSchema>;

/**
 * A receipt line as the registration form offers it (getEntradas): its quantity, what is left to bill (the ERP's
 * open quantity less what Pendiente/Aceptada invoices of the portal hold that the ERP does not show yet) and its
 * amount after the line discount, before taxes.
 */
export const lineaPorFacturarSchema = z.object({
  LineNum: z.number(),
  ItemCode: z.string(),
  ItemName: z.string(),
  Quantity: z.string(),
  PorFacturar: z.string(),
  LineTotal: z.string(),
});
export type LineaPorFacturar = z.infer<typeof lineaPorFacturarSchema>;

/** The sentences of billing a receipt in part (API refusals and the registration form). */
export const FACTURA_PARTES_MSG = {
  lineaRepetida: (entrada: number, linea: number) =>
    `La línea ${linea} de la entrada ${entrada} se eligió más de una vez; cada línea se factura una sola vez por factura.`,
  entradaNoElegida: (docEntry: number) =>
    `Las líneas elegidas mencionan una entrada (DocEntry ${docEntry}) que no es de las elegidas para esta factura.`,
  lineaNoExiste: (entrada: number, linea: number) => `La entrada ${entrada} no tiene la línea ${linea}.`,
  cantidadInvalida: (entrada: number, linea: number) =>
    `La cantidad de la línea ${linea} de la entrada ${entrada} debe ser mayor que cero.`,
  cantidadExcedeAbierta: (entrada: number, linea: number, cantidad: string, abierta: string) =>
    `La línea ${linea} de la entrada ${entrada} tiene ${abierta} por facturar; no se pueden facturar ${cantidad}.`,
  entradaFacturadaCompleta: (entrada: number) =>
    `La entrada ${entrada} tiene una factura pendiente o aceptada por la entrada completa; no se puede facturar en partes.`,
  entradaFacturadaEnPartes: (entrada: number) =>
    `La entrada ${entrada} ya se está facturando en partes; facture lo que queda eligiendo sus líneas y cantidades.`,
  cantidadYaFacturada: (entrada: number) =>
    `Otra factura tomó antes parte de la cantidad de la entrada ${entrada}; lo que eligió supera lo que queda por facturar. Revise las cantidades.`,
  entradaSinLineas: (entrada: number) =>
    `No eligió ninguna línea de la entrada ${entrada}; elija sus líneas y cantidades o quítela de la factura.`,
  /**
   * Decision 077: a replacement (TipoRelacion 04) of an accepted invoice billing lines must bill the same lines and
   * quantities, with the same total and currency. `lineas` names them ("entrada 123: línea 0 × 4").
   */
  sustitutaDistintaParcial: (folio: string, uuid: string, lineas: string, total: string, moneda: string) =>
    `El CFDI sustituye (TipoRelacion 04) al CFDI ${uuid} de la factura aceptada con folio ${folio}, que factura ${lineas}; una sustitución debe facturar las mismas líneas y cantidades, con el total ${total} y la moneda ${moneda}. Si la factura es por otras líneas, cantidades o importe, regístrela cuando la factura ${folio} haya sido rechazada.`,
  /** How a replaced invoice's lines are named in `sustitutaDistintaParcial`. */
  lineasDeDocumento: (pedido: boolean, docNum: number, lineas: string) =>
    `${pedido ? "el pedido" : "la entrada"} ${docNum} (${lineas})`,
  lineaConCantidad: (linea: number, cantidad: string) => `línea ${linea} × ${cantidad}`,
  totalParte: (entrada: number) => `el total de la parte elegida de la entrada ${entrada}`,
  /** The registration form. */
  sinCantidades: "Indique la cantidad a facturar de al menos una línea de la entrada.",
  facturarParte: "Facturar solo una parte de esta entrada",
  cantidadesTitulo: "Líneas y cantidades que factura",
  columnaArticulo: "Artículo",
  columnaPorFacturar: "Por facturar",
  columnaCantidad: "Cantidad a facturar",
  propuestaDelXml: "Las cantidades se propusieron a partir de los conceptos del XML; revíselas.",
  totalDeLaParte: (importe: string) => `Total de la parte elegida: ${importe}`,
  /** Invoice detail, review and receipts. */
  lineasFacturadasTitulo: "Líneas facturadas",
  porFacturar: "Por facturar",
  facturaParcial: "Parcial",
} as const;
