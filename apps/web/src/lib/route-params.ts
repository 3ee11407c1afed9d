/**
 * Path params of the detail routes (spec §2). The :id of a list's detail is the one-based row number in the
 * loaded list; forms also accept 'Nuevo'. A param that does not parse makes the path unknown ('No page')
 * instead of reaching a screen with a meaningless id. Plain parsers (no zod): the route table is part of the
 * first screen, which must not load zod (decision 017).
 */
export const NUEVO = "Nuevo" as const;

/** A parser shaped like zod's safeParse, enough for the route params. */
export interface ParamParser<T> {
  safeParse(raw: unknown): { success: true; data: T } | { success: false };
}

const parser = <T>(parse: (raw: unknown) => T | undefined): ParamParser<T> => ({
  safeParse(raw) {
    const data = parse(raw);
    return data === undefined ? { success: false } : { success: true, data };
  },
});

export const rowNumberSchema = parser((raw) =>
  typeof raw === "string" && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined,
);
export const rowOrNuevoSchema = parser<typeof NUEVO | number>((raw) =>
  raw === NUEVO ? NUEVO : rowNumberSchema.safeParse(raw).success ? Number(raw) : undefined,
);
export const nuevoSchema = parser<typeof NUEVO>((raw) => (raw === NUEVO ? NUEVO : undefined));
export const keySchema = parser((raw) => {
  if (typeof raw !== "string") return undefined;
  const key = raw.trim();
  return key.length >= 1 && key.length <= 100 ? key : undefined;
});

/** Builds a route's params.parse/stringify for one `id` param (TanStack returns no match on `false`). */
export function idParam<T extends string | number>(schema: ParamParser<T>) {
  return {
    parse: (raw: { id: string }): { id: T } | false => {
      const parsed = schema.safeParse(raw.id);
      return parsed.success ? { id: parsed.data } : false;
    },
    stringify: ({ id }: { id: T }) => ({ id: String(id) }),
  };
}
