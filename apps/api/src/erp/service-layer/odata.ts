/**
 * Small helpers for the OData queries the Service Layer adapter sends (docs/erp-service-layer.md, "Query options
 * the adapter sends"): string literals, key filters in chunks, and the incremental filter on SAP's stamps.
 */

/** An OData string literal: single quotes, a quote inside doubled (`O'Brien` → `'O''Brien'`). */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A query string value as SAP reads it (spaces, quotes and `&` escaped). */
export const q = (value: string) => encodeURIComponent(value);

/** Terms per `$filter` (`DocEntry eq n` or a range): keeps every URL well under the usual 8 KB limits. */
export const TERMS_PER_FILTER = 40;

/**
 * Filters that together select exactly these integer keys of `property`, each with at most `perFilter` terms and
 * covering at most `maxKeys` keys. Runs of three or more consecutive keys become ranges (`(DocEntry ge 1 and
 * DocEntry le 500)`), so a whole company database's documents (a cold read) take few filters; `maxKeys` splits
 * them so that the filters can be read in parallel (each filter's pages are read one after the other).
 */
export function keyFilters(
  property: string,
  keys: Iterable<number>,
  perFilter = TERMS_PER_FILTER,
  maxKeys = Number.POSITIVE_INFINITY,
): string[] {
  const sorted = [...new Set(keys)].sort((a, b) => a - b);
  const terms: { text: string; keys: number }[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && (sorted[j + 1] as number) === (sorted[j] as number) + 1) j++;
    if (j - i >= 2) {
      for (let from = sorted[i] as number; from <= (sorted[j] as number); from += maxKeys) {
        const to = Math.min(sorted[j] as number, from + maxKeys - 1);
        terms.push(
          to - from >= 2
            ? { text: `(${property} ge ${from} and ${property} le ${to})`, keys: to - from + 1 }
            : {
                text: Array.from({ length: to - from + 1 }, (_, k) => `${property} eq ${from + k}`).join(" or "),
                keys: to - from + 1,
              },
        );
      }
    } else {
      for (let k = i; k <= j; k++) terms.push({ text: `${property} eq ${sorted[k]}`, keys: 1 });
    }
    i = j + 1;
  }
  const filters: string[] = [];
  let current: string[] = [];
  let covered = 0;
  for (const term of terms) {
    if (current.length > 0 && (current.length >= perFilter || covered + term.keys > maxKeys)) {
      filters.push(current.join(" or "));
      current = [];
      covered = 0;
    }
    current.push(term.text);
    covered += term.keys;
  }
  if (current.length > 0) filters.push(current.join(" or "));
  return filters;
}

/** `property eq 'a' or property eq 'b' …` in chunks, for string keys (ItemCode, CardCode). */
export function stringKeyFilters(property: string, keys: Iterable<string>, perFilter = TERMS_PER_FILTER): string[] {
  const unique = [...new Set(keys)].sort();
  const filters: string[] = [];
  for (let i = 0; i < unique.length; i += perFilter) {
    filters.push(
      unique
        .slice(i, i + perFilter)
        .map((k) => `${property} eq ${literal(k)}`)
        .join(" or "),
    );
  }
  return filters;
}

/**
 * The incremental read from a watermark ('YYYY-MM-DD HH:MM:SS'): everything stamped from one minute before it.
 * SAP's filters honour only HH:MM of UpdateTime, and a document's stamp is taken when its transaction starts, so
 * the minute of overlap re-reads a few documents (de-duplicated by key) rather than missing one.
 */
export function stampFilter(watermark: string): string {
  const at = new Date(`${watermark.replace(" ", "T")}Z`);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Marca de sincronización no válida: ${watermark}`);
  const from = new Date(at.getTime() - 60_000).toISOString();
  const day = from.slice(0, 10);
  const minute = from.slice(11, 16);
  return `UpdateDate gt ${literal(day)} or (UpdateDate eq ${literal(day)} and UpdateTime ge ${literal(minute)})`;
}

/** SAP dates arrive as 'YYYY-MM-DD' or 'YYYY-MM-DDT00:00:00Z': the calendar date. */
export const isoDate = (value: unknown): string => (typeof value === "string" ? value.slice(0, 10) : "");

/** SAP times arrive as 'HH:MM:SS' (or 'HH:MM'): always 'HH:MM:SS'. */
export function isoTime(value: unknown): string {
  if (typeof value !== "string" || value === "") return "00:00:00";
  const t = value.includes("T") ? (value.split("T")[1] ?? "") : value;
  const digits = t.replace(/[^0-9:]/g, "");
  if (/^\d{2}:\d{2}$/.test(digits)) return `${digits}:00`;
  if (/^\d{6}$/.test(digits)) return `${digits.slice(0, 2)}:${digits.slice(2, 4)}:${digits.slice(4, 6)}`;
  return digits.slice(0, 8);
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping the order of the results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  });
  await Promise.all(workers);
  return results;
}
