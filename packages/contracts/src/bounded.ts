import { z } from "zod";

// --- Bounded cost per request (issue 36) ------------------------------------------------------------------
// A request's cost must follow what the call can legitimately carry. zod validates an array's elements before its
// own checks (`.max()`, `.refine`), so a 50-element limit written as a check still validated 8,000,000 elements
// first (52 s of event loop, then heap exhaustion). Every array of every request is built by `boundedArray`, which
// refuses a wrong length before touching an element and stops at the first bad element; a test walks the call
// registry and refuses any other array (`requestArrays`). The body limit of each call is derived from the same walk
// (`requestBodyLimit`).

/** The inner `z.array` of every `boundedArray`: the registry walk tells them from an unbounded array. */
const BOUNDED_ARRAYS = new WeakSet<z.ZodType>();
/** Texts whose characters are ASCII by construction (base64 file contents): one byte per character on the wire. */
const ASCII_TEXTS = new WeakSet<z.ZodType>();

/** Marks a text schema as ASCII only (base64), so the body limit counts one byte per character. */
export const markAscii = <S extends z.ZodType>(schema: S): S => {
  ASCII_TEXTS.add(schema);
  return schema;
};

type RunElement = (
  payload: { value: unknown; issues: { path?: PropertyKey[] }[] },
  ctx: { async: false },
) => { issues: { path?: PropertyKey[] }[] };

export interface BoundedArrayOptions {
  /** The field as messages name it. */
  campo: string;
  min?: number;
  max: number;
  /** Spanish messages in place of the generic ones (each still says what is wrong). */
  mensajes?: { tipo?: string; min?: string; max?: string };
}

/**
 * A list of `element` with `min`–`max` items. The length is checked first, on the raw input, with a Spanish 400
 * naming the field; the elements are then checked one by one, stopping at the first bad one (zod's own array
 * check would report every bad element of the list). What passes goes through `z.array(element)` for its output
 * (defaults and normalisation), so a good list is parsed twice — at most `max` elements.
 */
export function boundedArray<E extends z.ZodType>(element: E, options: BoundedArrayOptions) {
  const { campo, min = 0, max } = options;
  const tipo = options.mensajes?.tipo ?? `El campo ${campo} debe ser una lista.`;
  const muyCorta = options.mensajes?.min ?? `El campo ${campo} debe tener al menos ${min} elementos.`;
  const muyLarga = options.mensajes?.max ?? `El campo ${campo} admite como máximo ${max} elementos.`;
  const array = z.array(element, { error: tipo }).min(min, { error: muyCorta }).max(max, { error: muyLarga });
  BOUNDED_ARRAYS.add(array);
  return z.preprocess((valor, ctx) => {
    // Not a list: the array's own type message answers it.
    if (!Array.isArray(valor)) return valor;
    if (valor.length > max || valor.length < min) {
      ctx.addIssue({ code: "custom", message: valor.length > max ? muyLarga : muyCorta, input: valor });
      return z.NEVER;
    }
    // The element's own run (zod 4's internal parse step), not safeParse: its issues stay unfinalised, so their
    // messages are written once the parents have prefixed the full path ("ClavesHonorarios[3]").
    const run = (element as unknown as { _zod: { run: RunElement } })._zod.run;
    for (let indice = 0; indice < valor.length; indice++) {
      const result = run({ value: valor[indice], issues: [] }, { async: false });
      if (result.issues.length > 0) {
        const payload = ctx as unknown as { issues: { path?: PropertyKey[] }[] };
        for (const issue of result.issues) payload.issues.push({ ...issue, path: [indice, ...(issue.path ?? [])] });
        return z.NEVER;
      }
    }
    return valor;
  }, array);
}

// --- Walking a request schema -------------------------------------------------------------------------------

/** zod's definition of a schema (zod 4 keeps it under `_zod.def`). */
type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** The smallest maximum length a string or array schema's checks set (`.max(n)`, `.length(n)`), else undefined. */
const maxLengthOf = (schema: z.ZodType): number | undefined => {
  const checks = (defOf(schema).checks ?? []) as {
    _zod: { def: { check: string; maximum?: number; length?: number } };
  }[];
  let max: number | undefined;
  for (const check of checks) {
    const def = check._zod.def;
    const value = def.check === "max_length" ? def.maximum : def.check === "length_equals" ? def.length : undefined;
    if (typeof value === "number" && (max === undefined || value < max)) max = value;
  }
  return max;
};

/** The schemas one wrapper holds (optional, default, pipe, union…), with the path segment each adds. */
function children(def: Def): { schema: z.ZodType; segment?: string | number }[] {
  switch (def.type) {
    case "object":
      return Object.entries(def.shape as Record<string, z.ZodType>).map(([key, schema]) => ({ schema, segment: key }));
    case "array":
      return [{ schema: def.element as z.ZodType, segment: 0 }];
    case "union":
      return (def.options as z.ZodType[]).map((schema) => ({ schema }));
    case "intersection":
      return [{ schema: def.left as z.ZodType }, { schema: def.right as z.ZodType }];
    case "pipe":
      return [{ schema: def.in as z.ZodType }, { schema: def.out as z.ZodType }];
    case "lazy":
      return [{ schema: (def.getter as () => z.ZodType)() }];
    case "record":
      return [{ schema: def.valueType as z.ZodType, segment: "*" }];
    case "tuple":
      return [
        ...(def.items as z.ZodType[]).map((schema, i) => ({ schema, segment: i })),
        ...(def.rest ? [{ schema: def.rest as z.ZodType, segment: "*" }] : []),
      ];
    case "map":
    case "set":
      return [];
    default:
      return def.innerType ? [{ schema: def.innerType as z.ZodType }] : [];
  }
}

export interface RequestArray {
  /** Where the list sits in the body: object keys, and 0 for "inside an element of the list around it". */
  path: (string | number)[];
  /** Built by `boundedArray` (false: a list whose length nothing bounds before its elements). */
  bounded: boolean;
  /** Its largest length ('Infinity' when unbounded). */
  max: number;
  /** The schema of one element. */
  element: z.ZodType;
}

/**
 * Every list a request schema accepts, and whether `boundedArray` built it. A record, map, set or tuple with a
 * rest is reported as an unbounded list: a request has no use for them.
 */
export function requestArrays(schema: z.ZodType): RequestArray[] {
  const found: RequestArray[] = [];
  const seen = new Set<z.ZodType>();
  const walk = (current: z.ZodType, path: (string | number)[]) => {
    if (seen.has(current)) return;
    seen.add(current);
    const def = defOf(current);
    if (def.type === "array") {
      const bounded = BOUNDED_ARRAYS.has(current);
      const max = maxLengthOf(current);
      found.push({
        path,
        bounded,
        max: typeof max === "number" ? max : Number.POSITIVE_INFINITY,
        element: def.element as z.ZodType,
      });
    } else if (
      def.type === "record" ||
      def.type === "map" ||
      def.type === "set" ||
      (def.type === "tuple" && def.rest)
    ) {
      found.push({ path, bounded: false, max: Number.POSITIVE_INFINITY, element: current });
    }
    // A boundedArray is the pipe (length check → z.array): its array is reported once, at the pipe's path.
    for (const child of children(def))
      walk(child.schema, child.segment === undefined ? path : [...path, child.segment]);
  };
  walk(schema, []);
  // The same list reached through two union options (a supplier's and an employee's variant) is reported once.
  const byPath = new Map<string, RequestArray>();
  for (const entry of found) {
    const key = entry.path.join(".");
    const previous = byPath.get(key);
    if (!previous || (previous.bounded && !entry.bounded)) byPath.set(key, entry);
  }
  return [...byPath.values()];
}

// --- Body limit derived from the schema ---------------------------------------------------------------------

/** Bytes one character can take in a JSON body a client builds with JSON.stringify (UTF-8, never escaped). */
const BYTES_PER_CHAR = 3;
/** A text with no maximum of its own (a code checked by a regex): none of the portal's is this long. */
const TEXT_WITHOUT_MAX = 256;
/** A JSON number at its longest ("-1.2345678901234567e+308"). */
const NUMBER_BYTES = 24;

/** The longest JSON a schema accepts, in bytes, as a client would send it (Infinity when nothing bounds it). */
export function largestJsonBytes(schema: z.ZodType): number {
  const seen = new Set<z.ZodType>();
  const size = (current: z.ZodType): number => {
    if (seen.has(current)) return Number.POSITIVE_INFINITY; // a recursive schema: unbounded
    seen.add(current);
    try {
      const def = defOf(current);
      switch (def.type) {
        case "string": {
          const max = maxLengthOf(current);
          const chars = typeof max === "number" ? max : TEXT_WITHOUT_MAX;
          return 2 + chars * (ASCII_TEXTS.has(current) ? 1 : BYTES_PER_CHAR);
        }
        case "number":
        case "int":
        case "bigint":
          return NUMBER_BYTES;
        case "boolean":
        case "null":
        case "undefined":
          return 5;
        case "literal":
          return Math.max(...(def.values as unknown[]).map((v) => JSON.stringify(v ?? null).length * BYTES_PER_CHAR));
        case "enum":
          return Math.max(
            ...Object.values(def.entries as Record<string, unknown>).map(
              (v) => JSON.stringify(v).length * BYTES_PER_CHAR,
            ),
          );
        case "object":
          return (
            2 +
            Object.entries(def.shape as Record<string, z.ZodType>).reduce(
              (total, [key, value]) => total + key.length * BYTES_PER_CHAR + 4 + size(value),
              0,
            )
          );
        case "array": {
          const max = maxLengthOf(current);
          return typeof max === "number" ? 2 + max * (size(def.element as z.ZodType) + 1) : Number.POSITIVE_INFINITY;
        }
        case "union":
          return Math.max(...(def.options as z.ZodType[]).map(size));
        case "intersection":
          return size(def.left as z.ZodType) + size(def.right as z.ZodType);
        case "pipe": {
          // A preprocess or transform in front reads what the schema after it accepts.
          const input = def.in as z.ZodType;
          return defOf(input).type === "transform" ? size(def.out as z.ZodType) : size(input);
        }
        case "lazy":
          return size((def.getter as () => z.ZodType)());
        default:
          return def.innerType ? size(def.innerType as z.ZodType) : Number.POSITIVE_INFINITY;
      }
    } finally {
      seen.delete(current);
    }
  };
  return size(schema);
}

/** The body limit of a call without a body (or whose body is a few small fields): 64 KB. */
export const BODY_LIMIT_MIN = 64 * 1024;
/** What is added to the largest legitimate body: white space a client may add, field order, rounding. */
const BODY_LIMIT_MARGIN = 16 * 1024;

/**
 * A call's body limit: the largest body its request schema accepts plus a margin, rounded up to 64 KB (at least
 * 64 KB). Upload calls (base64 files) come out at megabytes, every other call at kilobytes (review batches of
 * 500 rows at a few megabytes: each row may carry a 1,000-character comment).
 */
export function requestBodyLimit(schema: z.ZodType | undefined): number {
  const largest = schema ? largestJsonBytes(schema) : 0;
  // A list nothing bounds (the registry test names it) gets the smallest limit rather than an unbounded one.
  if (!Number.isFinite(largest)) return BODY_LIMIT_MIN;
  return Math.max(BODY_LIMIT_MIN, Math.ceil((largest + BODY_LIMIT_MARGIN) / BODY_LIMIT_MIN) * BODY_LIMIT_MIN);
}
