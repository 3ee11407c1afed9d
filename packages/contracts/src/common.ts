import { z } from "zod";
import { operadorSchema } from "./codes";

/** Every answer has status, message and (on success) data (spec §7). */
export const errorAnswerSchema = z.object({
  status: z.literal("error"),
  message: z.string(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

export const successAnswer = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal("success"), message: z.string(), data });

export const messageAnswerSchema = z.object({ status: z.literal("success"), message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/**
 * List calls carry usuario (the stored id) and operador (spec §6: "Lists are requested with the user id
 * and operador"). The server never trusts them: scope comes from the session. They are accepted for
 * compatibility with the spec's payloads.
 */
export const listRequestSchema = z.object({
  usuario: z.union([z.string(), z.number()]).optional(),
  operador: operadorSchema.optional(),
});
export type ListRequest = z.infer<typeof listRequestSchema>;

/** A non-empty trimmed text field with a Spanish message naming the field. */
export const requiredText = (campo: string, max = 254) =>
  z
    .string({ error: `El campo ${campo} es obligatorio.` })
    .trim()
    .min(1, { error: `El campo ${campo} es obligatorio.` })
    .max(max, { error: `El campo ${campo} admite como máximo ${max} caracteres.` });

/** An uploaded file travels as base64 content plus its file name (spec §5, §9). */
export const archivoUploadSchema = z.object({
  nombre: z.string().trim().min(1).max(255),
  base64: z.string().min(1),
});

/**
 * A stored file as lists show it: presence plus a download URL, never the content
 * (files are streamed on demand from GET /api/archivos/:id by callers allowed to see them).
 */
export const archivoRefSchema = z.string().describe("URL de descarga (/api/archivos/{id}) o vacío si no hay archivo");
