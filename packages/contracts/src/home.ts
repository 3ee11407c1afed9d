import { z } from "zod";
import { tileConConteoSchema } from "./codes";
import { archivoRefSchema, enteroSchema, fechaSchema, importeSchema, listRequestSchema, successAnswer } from "./common";

/** POST /api/home/getSociedades (spec §7): the signed-in supplier's companies for the Home table. */
export const homeSociedadesRequestSchema = listRequestSchema.extend({
  dato: z.literal("SN", { error: "El campo dato debe ser SN." }).optional(),
});
export type HomeSociedadesRequest = z.infer<typeof homeSociedadesRequestSchema>;
export const homeSociedadRowSchema = z.object({
  Fila: z.number().int(),
  IdSociedad: z.number().int(),
  NomSociedad: z.string(),
  RFC: z.string(),
  Regimen: z.string(),
  CP: z.string(),
  Estatus: z.string(),
  /** Download URL of the tax-status certificate PDF, empty when none. */
  Constancia: archivoRefSchema,
});
export type HomeSociedadRow = z.infer<typeof homeSociedadRowSchema>;
export const homeSociedadesAnswerSchema = successAnswer(z.array(homeSociedadRowSchema));
export type HomeSociedadesAnswer = z.infer<typeof homeSociedadesAnswerSchema>;

/** POST /api/home/RowDocuments (spec §7): count shown on a non-catalogue tile. */
export const rowDocumentsRequestSchema = listRequestSchema.extend({ dato: tileConConteoSchema });
export type RowDocumentsRequest = z.infer<typeof rowDocumentsRequestSchema>;
export const rowDocumentsAnswerSchema = successAnswer(z.object({ Registro: z.number().int().nonnegative() }));
export type RowDocumentsAnswer = z.infer<typeof rowDocumentsAnswerSchema>;

/**
 * POST /api/home/getPagosProximos (issue 27, decision 032; not in the spec): the signed-in supplier's accepted,
 * unpaid invoices expected to be paid from today to 30 days ahead (FechaProbablePago), what remains of each summed
 * by week (Monday to Sunday, clipped to the window) and currency; `Atrasado` sums those whose expected date has
 * passed unpaid.
 */
export const homePagosProximosRequestSchema = listRequestSchema;
export const importePorMonedaSchema = z.object({
  DocCur: z.string(),
  Total: importeSchema("Total"),
  Facturas: enteroSchema("Facturas"),
});
export type ImportePorMoneda = z.infer<typeof importePorMonedaSchema>;
export const pagosSemanaSchema = z.object({
  Desde: fechaSchema("Desde"),
  Hasta: fechaSchema("Hasta"),
  Importes: z.array(importePorMonedaSchema),
});
export type PagosSemana = z.infer<typeof pagosSemanaSchema>;
export const pagosProximosSchema = z.object({
  Desde: fechaSchema("Desde"),
  Hasta: fechaSchema("Hasta"),
  Semanas: z.array(pagosSemanaSchema),
  Atrasado: z.array(importePorMonedaSchema),
});
export type PagosProximos = z.infer<typeof pagosProximosSchema>;
export const homePagosProximosAnswerSchema = successAnswer(pagosProximosSchema);
