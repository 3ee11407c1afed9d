import { z } from "zod";

/**
 * Path params of the detail routes (spec §2), parsed with zod. The :id of a list's detail is the
 * one-based row number in the loaded list; forms also accept 'Nuevo'. A param that does not parse
 * makes the path unknown ('No page') instead of reaching a screen with a meaningless id.
 */
export const NUEVO = "Nuevo" as const;

export const rowNumberSchema = z
  .string()
  .regex(/^[1-9]\d{0,8}$/)
  .transform(Number);
export const rowOrNuevoSchema = z.union([z.literal(NUEVO), rowNumberSchema]);
export const nuevoSchema = z.literal(NUEVO);
export const keySchema = z.string().trim().min(1).max(100);

/** Builds a route's params.parse/stringify for one `id` param (TanStack returns no match on `false`). */
export function idParam<S extends z.ZodType<string | number, string>>(schema: S) {
  return {
    parse: (raw: { id: string }): { id: z.output<S> } | false => {
      const parsed = schema.safeParse(raw.id);
      return parsed.success ? { id: parsed.data } : false;
    },
    stringify: ({ id }: { id: z.output<S> }) => ({ id: String(id) }),
  };
}
