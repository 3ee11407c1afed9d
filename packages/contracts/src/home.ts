import { z } from "zod";
import { operadorSchema, tileConConteoSchema } from "./codes";
import { archivoRefSchema, successAnswer } from "./common";

/** POST /api/home/getSociedades (spec §7): the signed-in supplier's companies for the Home table. */
export const homeSociedadesRequestSchema = z.object({
  usuario: z.union([z.string(), z.number()]).optional(),
  operador: operadorSchema.optional(),
  dato: z.literal("SN").optional(),
});
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

/** POST /api/home/RowDocuments (spec §7): count shown on a non-catalogue tile. */
export const rowDocumentsRequestSchema = z.object({
  usuario: z.union([z.string(), z.number()]).optional(),
  operador: operadorSchema.optional(),
  dato: tileConConteoSchema,
});
export type RowDocumentsRequest = z.infer<typeof rowDocumentsRequestSchema>;
export const rowDocumentsAnswerSchema = successAnswer(z.object({ Registro: z.number().int().nonnegative() }));
