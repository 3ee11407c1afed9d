import { entityContext, nextLinkFormOf, withDateForm } from "./answer-forms";
import type { Catalog } from "./catalog";
import type { EntitySet } from "./entities";
import type { SimulatorFaults } from "./faults";
import { compileFilter, FilterError, type PropertyType, type Row } from "./filter";
import type { HeaderCache } from "./header-cache";
import { type Ctx, etagOf, SapFailure, sendJson, sendRawJson } from "./http";

/**
 * The OData subset the adapter uses, over the header cache: `$select`, `$filter` (filter.ts), `$orderby`, `$top`,
 * `$skip`, `$count`/`$inlinecount`, server-driven paging with next links (`Prefer: odata.maxpagesize`,
 * `B1S-PageSize`), one entity by key and one of its properties.
 */

export function project(set: EntitySet, row: Row, props: string[], lines: Row[] | undefined): Row {
  const out: Row = {};
  for (const p of props) out[p] = p === set.lines ? (lines ?? []) : (row[p] ?? null);
  return out;
}

export function parseSelect(set: EntitySet, types: Map<string, PropertyType>, select: string | null): string[] {
  if (!select || select.trim() === "*") return [...types.keys()];
  const fields = select.split(",").map((f) => f.trim());
  const unknown = fields.find((f) => !types.has(f));
  if (unknown !== undefined) throw new SapFailure(400, -1000, `Property '${unknown}' of '${set.type}' is invalid`);
  return fields;
}

export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return (a as number) < (b as number) ? -1 : 1;
}

export function orderRows(
  set: EntitySet,
  types: Map<string, PropertyType>,
  data: Row[],
  orderby: string | null,
): Row[] {
  if (!orderby) return data;
  const keys = orderby.split(",").map((part) => {
    const [name = "", dir = "asc", extra] = part.trim().split(/\s+/);
    const type = types.get(name);
    if (!type || type.kind === "complex" || extra !== undefined || !/^(asc|desc)$/i.test(dir)) {
      throw new SapFailure(400, -1000, `Property '${name}' of '${set.type}' is invalid`);
    }
    return { name, sign: dir.toLowerCase() === "desc" ? -1 : 1 };
  });
  // The default order (by key) is what the cache holds: nothing to do for `$orderby=DocEntry` ascending.
  if (keys.length === 1 && keys[0]?.name === set.key.name && keys[0].sign === 1) return data;
  return [...data].sort((x, y) => {
    for (const k of keys) {
      const c = compareValues(x[k.name], y[k.name]) * k.sign;
      if (c !== 0) return c;
    }
    return 0;
  });
}

export function nonNegative(value: string | null, option: string): number | undefined {
  if (value === null) return undefined;
  if (!/^\d+$/.test(value)) throw new SapFailure(400, -1000, `Invalid value '${value}' of query option '${option}'`);
  return Number(value);
}

export const annotation = (ctx: Ctx, name: "context" | "nextLink" | "count" | "etag") =>
  ctx.dialect === "v1" ? `odata.${name === "context" ? "metadata" : name}` : `@odata.${name}`;

/** A page whose line collections PostgreSQL built as JSON text (header-cache.ts, withLinesJson), sent as text. */
export function sendWithLinesJson(
  ctx: Ctx,
  set: EntitySet,
  body: Row,
  page: Row[],
  props: string[],
  linesJson: Map<number, string>,
  headers: Record<string, string>,
): void {
  // Each row serialised with an empty line collection, whose `[]` is replaced by the JSON PostgreSQL built:
  // the property name in quotes followed by `:[]` cannot occur inside a serialised string (its quotes are
  // escaped there), so the first occurrence is the property itself. Same for the body's "value".
  const marker = `${JSON.stringify(set.lines)}:[]`;
  const items = page.map((r) => {
    const text = JSON.stringify(withDateForm(ctx, set, project(set, r, props, [])));
    const at = text.indexOf(marker);
    const json = linesJson.get(Number(r[set.key.name])) ?? "[]";
    return at < 0 ? text : `${text.slice(0, at + marker.length - 2)}${json}${text.slice(at + marker.length)}`;
  });
  const text = JSON.stringify(body);
  const at = text.indexOf('"value":[]');
  sendRawJson(ctx, `${text.slice(0, at + 9)}${items.join(",")}${text.slice(at + 9)}`, headers);
}

export interface QueryDeps {
  faults: Pick<SimulatorFaults, "nextLinkForm" | "nextLinkOnFullLastPage">;
  /** After a page of a collection is computed (faults.ts, insertDuringPaging). */
  pageServed(setName: string, bd: string): Promise<void>;
  catalog: Pick<Catalog, "propertiesOf">;
  headers: HeaderCache;
}

/** The raw query string with `$top`/`$skip` replaced: next links keep the caller's other options as sent. */
function nextLinkOf(
  faults: QueryDeps["faults"],
  ctx: Ctx,
  resource: string,
  rawQuery: string,
  top: number | undefined,
  skip: number,
): string {
  const kept = rawQuery
    .split("&")
    .filter((p) => p !== "" && !/^(\$|%24)(top|skip)=/i.test(p))
    .map((p) => p.replace(/^%24/i, "$"));
  if (top !== undefined) kept.push(`$top=${top}`);
  kept.push(`$skip=${skip}`);
  const relative = `${resource}?${kept.join("&")}`;
  const form = nextLinkFormOf(ctx, faults.nextLinkForm);
  if (form === "relative") return relative;
  if (form === "absolute-path") return `${ctx.root}${relative}`;
  return `http://${ctx.req.headers.host}${ctx.root}${relative}`;
}

/** The `$filter` as a predicate (`B1S-CaseInsensitive` honoured); a FilterError answers 400 code 201. */
function predicateOf(ctx: Ctx, types: Map<string, PropertyType>, filterText: string | null) {
  if (!filterText) return undefined;
  try {
    const ci = String(ctx.req.headers["b1s-caseinsensitive"] ?? "").toLowerCase() === "true";
    return compileFilter(filterText, types, ci);
  } catch (error) {
    if (error instanceof FilterError) throw new SapFailure(400, 201, error.message);
    throw error;
  }
}

/** The page size asked (`Prefer: odata.maxpagesize`, else `B1S-PageSize`, else 20; 0 = no paging). */
function pageSizeOf(ctx: Ctx): { prefer: RegExpExecArray | null; pageSize: number } {
  const prefer = /odata\.maxpagesize\s*=\s*(\d+)/.exec(String(ctx.req.headers.prefer ?? ""));
  const b1sPageSize = ctx.req.headers["b1s-pagesize"];
  const pageSize = prefer ? Number(prefer[1]) : b1sPageSize !== undefined ? Number(b1sPageSize) || 0 : 20;
  return { prefer, pageSize };
}

async function getCollection(
  deps: QueryDeps,
  ctx: Ctx,
  set: EntitySet,
  bd: string,
  url: URL,
  countOnly: boolean,
): Promise<void> {
  const { faults } = deps;
  const { withLines, withLinesJson } = deps.headers;
  const q = url.searchParams;
  const types = deps.catalog.propertiesOf(set);
  if (q.get("$expand")) {
    const target = q.get("$expand") as string;
    throw new SapFailure(400, 201, `Cannot expand invalid navigation property '${target}'`);
  }
  const props = parseSelect(set, types, q.get("$select"));
  const predicate = predicateOf(ctx, types, q.get("$filter"));
  const top = nonNegative(q.get("$top"), "$top");
  const skip = nonNegative(q.get("$skip"), "$skip") ?? 0;
  const data = await deps.headers.headersOf(set, bd);
  const matching = orderRows(set, types, predicate ? data.rows.filter(predicate) : data.rows, q.get("$orderby"));
  if (countOnly) {
    ctx.res.writeHead(200, { "content-type": "text/plain;charset=utf-8" });
    ctx.res.end(String(matching.length));
    return;
  }
  const { prefer, pageSize } = pageSizeOf(ctx);
  const afterSkip = matching.slice(skip);
  const limit = top ?? Number.POSITIVE_INFINITY;
  const take = pageSize > 0 ? Math.min(pageSize, limit) : limit;
  const page = afterSkip.slice(0, take);
  const linesNeeded = set.lines !== undefined && props.includes(set.lines);
  // Lines as JSON text from PostgreSQL when the set can (spliced into each row's text below), else as objects.
  const linesJson = linesNeeded && set.lineJson ? await withLinesJson(set, bd, page) : undefined;
  const lines = linesNeeded && !linesJson ? await withLines(set, bd, page) : new Map<Row, Row[]>();
  const body: Row = { [annotation(ctx, "context")]: `${ctx.root}$metadata#${set.name}` };
  const wantsCount = q.get("$count") === "true" || q.get("$inlinecount") === "allpages";
  if (wantsCount) body[annotation(ctx, "count")] = ctx.dialect === "v1" ? String(matching.length) : matching.length;
  body.value = linesJson ? [] : page.map((r) => withDateForm(ctx, set, project(set, r, props, lines.get(r))));
  const more = page.length < Math.min(afterSkip.length, limit);
  const fullLast = faults.nextLinkOnFullLastPage && page.length > 0 && page.length === pageSize && !more;
  if (pageSize > 0 && (more || (fullLast && page.length < limit))) {
    const rawQuery = (ctx.req.url ?? "").split("?")[1] ?? "";
    const nextTop = top === undefined ? undefined : top - page.length;
    body[annotation(ctx, "nextLink")] = nextLinkOf(faults, ctx, set.name, rawQuery, nextTop, skip + page.length);
  }
  await deps.pageServed(set.name, bd);
  const headers: Record<string, string> = prefer ? { "preference-applied": `odata.maxpagesize=${pageSize}` } : {};
  if (!linesJson || !set.lines) sendJson(ctx, 200, body, headers);
  else sendWithLinesJson(ctx, set, body, page, props, linesJson, headers);
}

/** Collections (getCollection), one entity or one of its properties (getOne), and a written entity's answer. */
export function createQuery(deps: QueryDeps) {
  const { propertiesOf } = deps.catalog;
  const { headersOf, findByKey, withLines } = deps.headers;

  async function entityAnswer(ctx: Ctx, set: EntitySet, bd: string, row: Row, props: string[]): Promise<Row> {
    const lines = set.lines && props.includes(set.lines) ? await withLines(set, bd, [row]) : undefined;
    const body: Row = { [annotation(ctx, "context")]: entityContext(ctx, set.name) };
    if (set.etag && row.$version !== undefined) body[annotation(ctx, "etag")] = etagOf(row.$version);
    Object.assign(body, withDateForm(ctx, set, project(set, row, props, lines?.get(row))));
    return body;
  }

  async function getOne(ctx: Ctx, set: EntitySet, bd: string, keyText: string, sub: string | undefined, url: URL) {
    const data = await headersOf(set, bd);
    const row = findByKey(set, data, keyText);
    const types = propertiesOf(set);
    if (sub !== undefined) {
      if (!types.has(sub)) throw new SapFailure(400, -1000, `Property '${sub}' of '${set.type}' is invalid`);
      const value = sub === set.lines ? ((await withLines(set, bd, [row])).get(row) ?? []) : (row[sub] ?? null);
      return sendJson(ctx, 200, {
        [annotation(ctx, "context")]: `${ctx.root}$metadata#${set.name}(${keyText})/${sub}`,
        value,
      });
    }
    const props = parseSelect(set, types, url.searchParams.get("$select"));
    const headers: Record<string, string> = {};
    if (set.etag && row.$version !== undefined) headers.etag = etagOf(row.$version);
    sendJson(ctx, 200, await entityAnswer(ctx, set, bd, row, props), headers);
  }

  return {
    getCollection: (ctx: Ctx, set: EntitySet, bd: string, url: URL, countOnly: boolean) =>
      getCollection(deps, ctx, set, bd, url, countOnly),
    getOne,
    entityAnswer,
  };
}

export type Query = ReturnType<typeof createQuery>;
