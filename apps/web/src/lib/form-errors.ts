import type { z } from "zod";

/**
 * Mantine form errors from a zod result: the first message of each top-level field, keyed by its name.
 * Forms build their schemas from the contracts' field rules, so the messages are the contracts' own.
 */
export function fieldErrors<Field extends string>(
  result: z.ZodSafeParseResult<unknown>,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  if (result.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (fields as readonly string[]).includes(field) && !errors[field as Field]) {
      errors[field as Field] = issue.message;
    }
  }
  return errors;
}
