import { z } from "zod";
import { tileConConteoSchema } from "./codes";
import { archivoRefSchema, listRequestSchema, successAnswer } from "./common";

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
