import { z } from "zod";
import { actorRequestSchema, identificadorSchema, idSchema, listRequestSchema, successAnswer } from "./common";
import { entradaDocEntrySchema, entradasMercanciaSchema } from "./facturas";

/*
 * Issue 40 (decision 062): 'Generar CFDI de prueba' — only where the SAT's test certificates are trusted
 * (SAT_TEST_CERTS=true, the demo); a production portal answers 404 and the web shows no button.
 */

/** The three forms the button serves: the invoice's, the credit note's and the payment complement's. */
export const TIPOS_CFDI_PRUEBA = ["factura", "nota", "complemento"] as const;
export type TipoCfdiPrueba = (typeof TIPOS_CFDI_PRUEBA)[number];

/**
 * POST /api/cfdiPrueba/postCfdiPrueba: a CFDI sealed with the SAT's public test CSD of the signed-in supplier's RFC,
 * stamped by the portal's test stamping authority, and its PDF. `factura`: for the receipts chosen (RazonSocial is
 * the company database, as postFactura's); `nota`: crediting one of the supplier's accepted invoices (IdFactura);
 * `complemento`: the complement the portal expects for one of its payments (BD and PagoSAP, as
 * getComplementoEsperado's).
 */
export const postCfdiPruebaRequestSchema = actorRequestSchema.extend({
  Tipo: z.enum(TIPOS_CFDI_PRUEBA, {
    error: "El campo Tipo es obligatorio y debe ser factura, nota o complemento.",
  }),
  RazonSocial: identificadorSchema("RazonSocial", 100).optional(),
  EntradaMercancia: entradasMercanciaSchema.optional(),
  EntradaDocEntry: entradaDocEntrySchema.optional(),
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
} as const;
