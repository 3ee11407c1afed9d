import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { PORTAL_USER_FIELDS as PORTAL_FIELDS } from "@portal/erp";
import { sql } from "drizzle-orm";
import type { Database } from "../../client";
import {
  DOCUMENT_PROPERTIES,
  DOCUMENT_UDF_TYPES,
  ENTITY_SETS,
  type EntitySet,
  ensureAttachments,
  refreshStamps,
  rows,
} from "./entities";
import { compileFilter, FilterError, type PropertyType, type Row } from "./filter";
import {
  type Ctx,
  cookies,
  type Dialect,
  etagOf,
  HTML_502,
  HTML_503,
  JSON_TYPE,
  NOT_FOUND,
  parseKey,
  readBody,
  SapFailure,
  sendError,
  sendJson,
  sendRawJson,
  sleep,
  stampOf,
} from "./http";
import { createWrites, type UserFieldInput, type WriteContext } from "./writes";

/**
 * A local SAP Business One Service Layer over the `erp_mock` tables the seed fills (one copy of the demo data: the
 * simulator reads AND writes those tables), for the Service Layer adapter's tests, the benchmark and the demo.
 * `/b1s/v2/` (OData v4, the default) and `/b1s/v1/` (OData v3 dialect: `odata.*` annotations, numeric error codes)
 * are both served. Behaviour follows SAP's manual (Working with SAP Business One Service Layer, v1.22) as
 * summarised in docs/erp-service-layer.md ("Wire contract between the adapter and the simulator").
 *
 * Speed: collections are filtered, ordered and paged over compact header rows cached per entity set and company
 * database, invalidated by a fingerprint query (count + max(version)); line collections are loaded only for the
 * rows of the page being answered. UpdateDate/UpdateTime come from erp_mock.sl_cambios, refreshed in one
 * statement per kind whenever the fingerprint moves, so a change made by ANY path (these writes, `npm run erp`,
 * a test updating erp_mock) bumps the stamp.
 */

export interface SimulatorCredentials {
  companyDb: string;
  userName: string;
  password: string;
}

/** A document added to the collection while a client pages through it (offset paging is no snapshot). */
export interface InsertDuringPaging {
  /** The entity set being paged (default PurchaseOrders). */
  entity?: string;
  /** After serving this page (1 = the first) of that set. */
  afterPage: number;
  /** What to do instead of the default (a copy of the last order with the next DocEntry). */
  run?: (companyDb: string) => Promise<void> | void;
}

export interface SimulatorFaults {
  /** The next N requests (any route) answer the Apache balancer's HTML 502 page. */
  html502: number;
  /** Delay before every answer, in milliseconds. */
  latencyMs: number;
  /** Extra delay per route (the entity set or `Login`, e.g. `{ PurchaseOrders: 500 }`), in milliseconds. */
  latencyByRoute: Record<string, number>;
  /**
   * The form of next links: relative to the service root (v2, default), an absolute path (MAN p35's
   * "/b1s/v1/Orders?$skip=20" form) or a full URL. Clients must accept all three.
   */
  nextLinkForm: "relative" | "absolute-path" | "url";
  /** Share (0..1) of requests answered with a server error of kind `errorKind`. */
  errorRate: number;
  /** `sap500`: 500 with SAP's error body (code -1); `html503`: the balancer's HTML 503 page. */
  errorKind: "sap500" | "html503";
  /** Share (0..1) of requests never answered: the socket is held open until the client gives up. */
  timeoutRate: number;
  /** The next N `POST PurchaseInvoices` commit and then destroy the socket without answering. */
  commitThenDrop: number;
  /** The next N `PATCH PurchaseInvoices(n)` commit and then destroy the socket without answering (issue 27). */
  commitThenDropPatch: number;
  /** Requests whose ROUTEID is this node (e.g. ".node2") answer 500 code 407, as a broken balancer node does. */
  brokenNode: string | null;
  /** Logins handled at the same time above this number answer 500 code 299 "SAML Login Failed" (0 = no limit). */
  maxParallelLogins: number;
  /** A document inserted between two pages of a paged read. */
  insertDuringPaging: InsertDuringPaging | null;
  /**
   * A full last page still carries a next link, which then answers an empty page (seen on real Service Layers;
   * SAP's manual does not say either way). Off by default.
   */
  nextLinkOnFullLastPage: boolean;
}

/** A user-defined field as UserFieldsMD describes it. */
export type SimulatorUserField = UserFieldInput;

/** The portal's user fields (user-fields.ts, the list `npm run sap -- campos` creates): present unless `userFields` says otherwise. */
export const PORTAL_USER_FIELDS: SimulatorUserField[] = PORTAL_FIELDS.map((f) => ({
  TableName: f.table,
  Name: f.name,
  Type: f.type,
  Size: f.size,
  Description: f.description,
}));

export interface SimulatorOptions {
  db: Database;
  /** Accepted logins; any other CompanyDB/UserName/Password answers -304 (-306 for an unknown CompanyDB). */
  credentials: SimulatorCredentials[];
  clock: () => Date;
  /** Idle timeout in minutes (SAP's default 30). */
  sessionTimeoutMinutes?: number;
  /** 0 (default) takes a free port. */
  port?: number;
  /** User fields present at start (default PORTAL_USER_FIELDS). */
  userFields?: SimulatorUserField[];
  /** Random source of `errorRate`/`timeoutRate` (default Math.random). */
  random?: () => number;
  /**
   * The payment block reasons (OPYB AbsEntry) a PaymentBlockEntry may name (default [1]); any other is refused as
   * SAP refuses a link to nothing.
   */
  paymentBlockEntries?: readonly number[];
}

export interface ServiceLayerSimulator {
  /** v2 service root, e.g. http://127.0.0.1:40123/b1s/v2/ */
  url: string;
  /** v1 service root, e.g. http://127.0.0.1:40123/b1s/v1/ */
  urlV1: string;
  faults: SimulatorFaults;
  /** Login attempts received, successful or not. */
  loginCount(): number;
  /** Requests received for a route (entity set, `Login`, `Logout`…), or in total. */
  requestCount(route?: string): number;
  resetCounts(): void;
  /** Invalidates every open session now (the next call answers 401 code 301). */
  expireAllSessions(): void;
  /** Adds a draft (ODRF) to a company database; returns its DocEntry. */
  addDraft(companyDb: string, draft: Row): number;
  /** Restarts the Service Layer: user fields created since become document properties; sessions survive. */
  restart(): void;
  /**
   * Reads every entity set of these company databases once, with their lines, as a Service Layer that has been
   * running has them at hand: the simulator's own first read of erp_mock (its change stamps, header and line caches)
   * is then not part of what a benchmark of the portal measures.
   */
  prepare(companyDbs: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

interface Session {
  companyDb: string;
  lastUsed: number;
  node: string;
}

interface Cached {
  fingerprint: string;
  rows: Row[];
  byKey: Map<string | number, Row>;
  /** The greatest erp_mock version among the rows (versioned sets). */
  maxVersion: number;
}

export async function startServiceLayerSimulator(options: SimulatorOptions): Promise<ServiceLayerSimulator> {
  const db = options.db;
  const timeoutMinutes = options.sessionTimeoutMinutes ?? 30;
  const random = options.random ?? Math.random;
  const sessions = new Map<string, Session>();
  const faults: SimulatorFaults = {
    html502: 0,
    latencyMs: 0,
    latencyByRoute: {},
    nextLinkForm: "relative",
    errorRate: 0,
    errorKind: "sap500",
    timeoutRate: 0,
    commitThenDrop: 0,
    commitThenDropPatch: 0,
    brokenNode: null,
    maxParallelLogins: 0,
    insertDuringPaging: null,
    nextLinkOnFullLastPage: false,
  };
  let logins = 0;
  let loginsInFlight = 0;
  let nextNode = 0;
  const counts = new Map<string, number>();
  const cache = new Map<string, Cached>();
  const loading = new Map<string, Promise<Cached>>();
  const fingerprints = new Map<string, { running?: Promise<string>; next?: Promise<string> }>();
  const held = new Set<ServerResponse>();
  const pagesServed = new Map<string, number>();
  // BusinessPartners have no version in erp_mock: one fixed stamp (the simulator's start day).
  const fixedStamp = `${options.clock().toISOString().slice(0, 10)} 00:00:00`;

  // UserFieldsMD: every field created is listed at once; `active` are the ones documents accept (after restart).
  const userFields: (SimulatorUserField & { FieldID: number; SubType: string })[] = [];
  for (const f of options.userFields ?? PORTAL_USER_FIELDS) addUserField(f);
  let active = new Set(userFields.map((f) => `${f.TableName}|${f.Name}`));

  function addUserField(f: SimulatorUserField) {
    const id = userFields.filter((u) => u.TableName === f.TableName).length;
    const field = { ...f, SubType: f.SubType ?? "st_None", FieldID: id };
    userFields.push(field);
    return field;
  }

  // A UDF created on one marketing-document header table exists on all of them (OPOR, OPDN, OPCH, ODRF…).
  const DOCUMENT_TABLES = new Set(["OPOR", "OPDN", "OPCH", "ORPC", "ODRF", "OINV", "ORDR"]);
  /** The entity set's properties today (Documents and Payments gain the active UDFs). */
  function propertiesOf(set: EntitySet): Map<string, PropertyType> {
    const out = new Map(set.properties);
    for (const f of userFields) {
      if (!active.has(`${f.TableName}|${f.Name}`)) continue;
      const name = `U_${f.Name}`;
      const documentField = set.type === "Document" && DOCUMENT_TABLES.has(f.TableName);
      const paymentField = set.type === "Payment" && f.TableName === "OVPM";
      if ((documentField || paymentField) && !out.has(name)) {
        out.set(name, DOCUMENT_UDF_TYPES[name] ?? (f.Type === "db_Numeric" ? { kind: "int" } : { kind: "string" }));
      }
    }
    return out;
  }

  // Drafts (ODRF) live in memory: empty unless a test adds one.
  const drafts = new Map<string, Row[]>();
  const draftSet: EntitySet = {
    name: "Drafts",
    type: "Document",
    key: { name: "DocEntry", kind: "int" },
    properties: DOCUMENT_PROPERTIES,
    lines: "DocumentLines",
    etag: true,
    fingerprint: () => sql``,
    headers: () => sql``,
    toEntity: (r) => r,
  };
  function addDraft(companyDb: string, draft: Row): number {
    const list = drafts.get(companyDb) ?? [];
    const docEntry = list.reduce((m, d) => Math.max(m, Number(d.DocEntry)), 0) + 1;
    const now = stampOf(options.clock());
    list.push({
      DocObjectCode: "oPurchaseInvoices",
      DocumentStatus: "bost_Open",
      Cancelled: "tNO",
      DocumentLines: [],
      ...draft,
      DocEntry: docEntry,
      DocNum: docEntry,
      UpdateDate: now.slice(0, 10),
      UpdateTime: now.slice(11),
      $version: `${docEntry}|${now}`,
    });
    drafts.set(companyDb, list);
    return docEntry;
  }

  const userFieldSet: EntitySet = {
    name: "UserFieldsMD",
    type: "UserFieldMD",
    key: { name: "FieldID", kind: "int" },
    properties: [
      ["TableName", { kind: "string" }],
      ["FieldID", { kind: "int" }],
      ["Name", { kind: "string" }],
      ["Type", { kind: "string" }],
      ["Size", { kind: "int" }],
      ["Description", { kind: "string" }],
      ["SubType", { kind: "string" }],
    ],
    fingerprint: () => sql``,
    headers: () => sql``,
    toEntity: (r) => r,
  };

  const sets = new Map<string, EntitySet>(ENTITY_SETS.map((s) => [s.name, s]));
  sets.set("Drafts", draftSet);
  sets.set("UserFieldsMD", userFieldSet);

  /** The headers of a set in a company database, fresh (stamps refreshed, cache checked against the fingerprint). */
  async function headersOf(set: EntitySet, bd: string): Promise<Cached> {
    if (set === draftSet || set === userFieldSet) {
      const list = set === draftSet ? (drafts.get(bd) ?? []) : (userFields as unknown as Row[]);
      return { fingerprint: "", rows: list, byKey: new Map(), maxVersion: 0 };
    }
    const key = `${set.name}|${bd}`;
    const fingerprint = await fingerprintOf(set, bd, key);
    const cached = cache.get(key);
    if (cached && cached.fingerprint === fingerprint) return cached;
    // Concurrent requests that find the same change share one reload.
    const loadKey = `${key}|${fingerprint}`;
    const pending = loading.get(loadKey);
    if (pending) return pending;
    const load = reload(set, bd, key, fingerprint).finally(() => loading.delete(loadKey));
    loading.set(loadKey, load);
    return load;
  }

  /**
   * The set's fingerprint from a query that started after this request arrived (so a change committed before it is
   * seen), shared: while one query runs, the requests arriving meanwhile wait for the NEXT one, which they all
   * share. A cold client reading a collection a dozen pages at a time thus costs two queries, not a dozen, and
   * leaves the pool's connections to the pages' lines.
   */
  function fingerprintOf(set: EntitySet, bd: string, key: string): Promise<string> {
    let state = fingerprints.get(key);
    if (!state) {
      state = {};
      fingerprints.set(key, state);
    }
    const own = state;
    const query = () => {
      const run = rows<{ f: string | null }>(db, set.fingerprint(bd))
        .then(([fp]) => String(fp?.f ?? ""))
        .finally(() => {
          if (own.running === run) own.running = undefined;
        });
      own.running = run;
      return run;
    };
    if (!own.running) return query();
    own.next ??= own.running
      .catch(() => {})
      .then(() => {
        own.next = undefined;
        return query();
      });
    return own.next;
  }

  async function reload(set: EntitySet, bd: string, key: string, fingerprint: string): Promise<Cached> {
    const previous = cache.get(key);
    // A versioned set already cached reads only the rows changed since (their versions are greater).
    const since = set.versioned && previous ? previous.maxVersion : undefined;
    // Whole-table joins: hash joins whatever the planner's statistics say (rows just inserted by a seed or a test
    // are not analyzed yet, and a nested loop over them takes seconds instead of milliseconds).
    const loaded = await db.transaction(async (txx) => {
      const tx = txx as unknown as Database;
      await tx.execute(sql`set local enable_nestloop = off`);
      // The nested-loop penalty inflates costs past jit_above_cost: compiling would cost more than the query.
      await tx.execute(sql`set local jit = off`);
      if (set.kind && set.table) {
        // One refresher per kind and company database (several simulators may share the tables).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp_mock.sl_cambios|${set.kind}|${bd}`}))`);
        await tx.execute(refreshStamps(set.kind, set.table, bd, stampOf(options.clock())));
      }
      if (set.table === "pedidos" || set.table === "entradas") await tx.execute(ensureAttachments(set.table, bd));
      return (await rows(tx, set.headers(bd, fixedStamp, since))).map((r) => set.toEntity(r));
    });
    const expectedCount = Number(fingerprint.split("|")[0]);
    if (previous && since !== undefined) {
      const byKey = new Map(previous.byKey);
      let appended = true;
      let last = previous.rows.length > 0 ? Number(previous.rows.at(-1)?.[set.key.name]) : Number.NEGATIVE_INFINITY;
      for (const r of loaded) {
        const k = r[set.key.name] as number;
        if (!byKey.has(k)) {
          appended &&= k > last;
          last = Math.max(last, k);
        }
        byKey.set(k, r);
      }
      // Rows deleted meanwhile (the count does not add up): read everything again.
      if (byKey.size === expectedCount) {
        const merged = appended
          ? [
              ...previous.rows.map((r) => byKey.get(r[set.key.name] as number) as Row),
              ...loaded.filter((r) => !previous.byKey.has(r[set.key.name] as number)),
            ]
          : [...byKey.values()].sort((a, b) => (a[set.key.name] as number) - (b[set.key.name] as number));
        return store(key, fingerprint, merged, byKey, previous.maxVersion);
      }
      cache.delete(key);
      return reload(set, bd, key, fingerprint);
    }
    const byKey = new Map<string | number, Row>();
    for (const r of loaded) byKey.set(r[set.key.name] as string | number, r);
    return store(key, fingerprint, loaded, byKey, 0);
  }

  function store(key: string, fingerprint: string, list: Row[], byKey: Map<string | number, Row>, floor: number) {
    let maxVersion = floor;
    for (const r of list) {
      const v = Number(r.$version);
      if (v > maxVersion) maxVersion = v;
    }
    const fresh: Cached = { fingerprint, rows: list, byKey, maxVersion };
    cache.set(key, fresh);
    return fresh;
  }

  function findByKey(set: EntitySet, data: Cached, keyText: string): Row {
    const key = parseKey(keyText);
    const raw = key?.get(set.key.name) ?? key?.get("#0");
    if (raw === undefined) throw new SapFailure(400, -1000, `Invalid key '${keyText}' of '${set.type}'`);
    const value = set.key.kind === "int" ? Number(raw) : String(raw);
    const found =
      data.byKey.get(value) ??
      (set === draftSet || set === userFieldSet
        ? data.rows.find((r) => {
            if (set === userFieldSet) return r.TableName === key?.get("TableName") && r.FieldID === value;
            return r.DocEntry === value;
          })
        : undefined);
    if (!found) throw new SapFailure(404, -2028, NOT_FOUND);
    return found;
  }

  /** Line collections of the page's rows, in one query. */
  async function withLines(set: EntitySet, bd: string, page: Row[]): Promise<Map<Row, Row[]>> {
    const out = new Map<Row, Row[]>();
    if (!set.lines || page.length === 0) return out;
    if (!set.lineRows || !set.toLine) {
      for (const r of page) out.set(r, (r[set.lines] as Row[] | undefined) ?? []);
      return out;
    }
    const keys = page.map((r) => Number(r[set.key.name]));
    const byKey = new Map(page.map((r) => [Number(r[set.key.name]), r]));
    for (const r of page) out.set(r, []);
    const toLine = set.toLine;
    for (const line of await rows(db, set.lineRows(bd, keys))) {
      const header = byKey.get(Number(line.doc_entry));
      if (header) out.get(header)?.push(toLine(line, header));
    }
    return out;
  }

  /**
   * Line collections already built, by `${set}|${bd}` then key, with the header version they belong to (every change
   * to a line gives its document a new version in erp_mock, so a version's lines never change).
   */
  const linesCache = new Map<string, Map<number, { version: unknown; json: string }>>();

  /** The page's line collections as JSON text by key (set.lineJson): the cached ones, the rest in one query. */
  async function withLinesJson(set: EntitySet, bd: string, page: Row[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (!set.lineJson || page.length === 0) return out;
    const cacheKey = `${set.name}|${bd}`;
    let cached = linesCache.get(cacheKey);
    if (!cached) {
      cached = new Map();
      linesCache.set(cacheKey, cached);
    }
    const versions = new Map<number, unknown>();
    for (const r of page) {
      const key = Number(r[set.key.name]);
      const hit = cached.get(key);
      if (hit && hit.version === r.$version) out.set(key, hit.json);
      else versions.set(key, r.$version);
    }
    if (versions.size === 0) return out;
    for (const r of await rows<{ doc_entry: number; lines: string }>(db, set.lineJson(bd, [...versions.keys()]))) {
      const key = Number(r.doc_entry);
      out.set(key, r.lines);
      cached.set(key, { version: versions.get(key), json: r.lines });
    }
    return out;
  }

  function project(set: EntitySet, row: Row, props: string[], lines: Row[] | undefined): Row {
    const out: Row = {};
    for (const p of props) out[p] = p === set.lines ? (lines ?? []) : (row[p] ?? null);
    return out;
  }

  function parseSelect(set: EntitySet, types: Map<string, PropertyType>, select: string | null): string[] {
    if (!select || select.trim() === "*") return [...types.keys()];
    const fields = select.split(",").map((f) => f.trim());
    const unknown = fields.find((f) => !types.has(f));
    if (unknown !== undefined) throw new SapFailure(400, -1000, `Property '${unknown}' of '${set.type}' is invalid`);
    return fields;
  }

  function compareValues(a: unknown, b: unknown): number {
    if (a === b) return 0;
    if (a === null || a === undefined) return -1;
    if (b === null || b === undefined) return 1;
    return (a as number) < (b as number) ? -1 : 1;
  }

  function orderRows(set: EntitySet, types: Map<string, PropertyType>, data: Row[], orderby: string | null): Row[] {
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

  function nonNegative(value: string | null, option: string): number | undefined {
    if (value === null) return undefined;
    if (!/^\d+$/.test(value)) throw new SapFailure(400, -1000, `Invalid value '${value}' of query option '${option}'`);
    return Number(value);
  }

  /** The raw query string with `$top`/`$skip` replaced: next links keep the caller's other options as sent. */
  function nextLinkOf(ctx: Ctx, resource: string, rawQuery: string, top: number | undefined, skip: number): string {
    const kept = rawQuery
      .split("&")
      .filter((p) => p !== "" && !/^(\$|%24)(top|skip)=/i.test(p))
      .map((p) => p.replace(/^%24/i, "$"));
    if (top !== undefined) kept.push(`$top=${top}`);
    kept.push(`$skip=${skip}`);
    const relative = `${resource}?${kept.join("&")}`;
    if (faults.nextLinkForm === "relative") return relative;
    if (faults.nextLinkForm === "absolute-path") return `${ctx.root}${relative}`;
    return `http://${ctx.req.headers.host}${ctx.root}${relative}`;
  }

  const annotation = (ctx: Ctx, name: "context" | "nextLink" | "count" | "etag") =>
    ctx.dialect === "v1" ? `odata.${name === "context" ? "metadata" : name}` : `@odata.${name}`;

  async function getCollection(ctx: Ctx, set: EntitySet, bd: string, url: URL, countOnly: boolean): Promise<void> {
    const q = url.searchParams;
    const types = propertiesOf(set);
    if (q.get("$expand")) {
      const target = q.get("$expand") as string;
      throw new SapFailure(400, 201, `Cannot expand invalid navigation property '${target}'`);
    }
    const props = parseSelect(set, types, q.get("$select"));
    const filterText = q.get("$filter");
    let predicate: ((r: Row) => boolean) | undefined;
    if (filterText) {
      try {
        const ci = String(ctx.req.headers["b1s-caseinsensitive"] ?? "").toLowerCase() === "true";
        predicate = compileFilter(filterText, types, ci);
      } catch (error) {
        if (error instanceof FilterError) throw new SapFailure(400, 201, error.message);
        throw error;
      }
    }
    const top = nonNegative(q.get("$top"), "$top");
    const skip = nonNegative(q.get("$skip"), "$skip") ?? 0;
    const data = await headersOf(set, bd);
    const matching = orderRows(set, types, predicate ? data.rows.filter(predicate) : data.rows, q.get("$orderby"));
    if (countOnly) {
      ctx.res.writeHead(200, { "content-type": "text/plain;charset=utf-8" });
      ctx.res.end(String(matching.length));
      return;
    }
    const prefer = /odata\.maxpagesize\s*=\s*(\d+)/.exec(String(ctx.req.headers.prefer ?? ""));
    const b1sPageSize = ctx.req.headers["b1s-pagesize"];
    const pageSize = prefer ? Number(prefer[1]) : b1sPageSize !== undefined ? Number(b1sPageSize) || 0 : 20;
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
    body.value = linesJson ? [] : page.map((r) => project(set, r, props, lines.get(r)));
    const more = page.length < Math.min(afterSkip.length, limit);
    const fullLast = faults.nextLinkOnFullLastPage && page.length > 0 && page.length === pageSize && !more;
    if (pageSize > 0 && (more || (fullLast && page.length < limit))) {
      const rawQuery = (ctx.req.url ?? "").split("?")[1] ?? "";
      body[annotation(ctx, "nextLink")] = nextLinkOf(
        ctx,
        set.name,
        rawQuery,
        top === undefined ? undefined : top - page.length,
        skip + page.length,
      );
    }
    const plan = faults.insertDuringPaging;
    if (plan && (plan.entity ?? "PurchaseOrders") === set.name) {
      const served = (pagesServed.get(set.name) ?? 0) + 1;
      pagesServed.set(set.name, served);
      if (served === plan.afterPage) {
        faults.insertDuringPaging = null;
        pagesServed.delete(set.name);
        // Page N is already computed; the row is committed before the client can ask for page N + 1.
        await (plan.run ? plan.run(bd) : insertOrderCopy(bd));
      }
    }
    const headers: Record<string, string> = prefer ? { "preference-applied": `odata.maxpagesize=${pageSize}` } : {};
    if (!linesJson || !set.lines) sendJson(ctx, 200, body, headers);
    else {
      // Each row serialised with an empty line collection, whose `[]` is replaced by the JSON PostgreSQL built:
      // the property name in quotes followed by `:[]` cannot occur inside a serialised string (its quotes are
      // escaped there), so the first occurrence is the property itself. Same for the body's "value".
      const marker = `${JSON.stringify(set.lines)}:[]`;
      const items = page.map((r) => {
        const text = JSON.stringify(project(set, r, props, []));
        const at = text.indexOf(marker);
        const json = linesJson.get(Number(r[set.key.name])) ?? "[]";
        return at < 0 ? text : `${text.slice(0, at + marker.length - 2)}${json}${text.slice(at + marker.length)}`;
      });
      const text = JSON.stringify(body);
      const at = text.indexOf('"value":[]');
      sendRawJson(ctx, `${text.slice(0, at + 9)}${items.join(",")}${text.slice(at + 9)}`, headers);
    }
  }

  /** The default insertDuringPaging: a copy of the company database's last order, with the next DocEntry. */
  async function insertOrderCopy(bd: string): Promise<void> {
    await db.execute(sql`with last as (
        select * from erp_mock.pedidos where bd = ${bd} order by doc_entry desc limit 1
      ), ins as (
        insert into erp_mock.pedidos (bd, doc_entry, doc_num, card_code, card_name, doc_status, doc_date,
          doc_due_date, group_num, main_usage, pey_method, doc_cur, doc_rate, num_at_card, comments, disc_prcnt,
          disc_sum, vat_sum, wt_sum, doc_total)
        select bd, doc_entry + 1, doc_num + 1, card_code, card_name, doc_status, doc_date, doc_due_date, group_num,
          main_usage, pey_method, doc_cur, doc_rate, num_at_card, comments, disc_prcnt, disc_sum, vat_sum, wt_sum,
          doc_total from last returning bd, doc_entry
      )
      insert into erp_mock.pedido_lineas (bd, doc_entry, line_num, item_code, item_name, frgn_name, line_status,
        uom_code, quantity, open_qty, price_bef_di, disc_prcnt, line_total, vat_sum)
      select l.bd, l.doc_entry + 1, l.line_num, l.item_code, l.item_name, l.frgn_name, l.line_status, l.uom_code,
        l.quantity, l.open_qty, l.price_bef_di, l.disc_prcnt, l.line_total, l.vat_sum
      from erp_mock.pedido_lineas l join last on l.bd = last.bd and l.doc_entry = last.doc_entry`);
  }

  async function entityAnswer(ctx: Ctx, set: EntitySet, bd: string, row: Row, props: string[]): Promise<Row> {
    const lines = set.lines && props.includes(set.lines) ? await withLines(set, bd, [row]) : undefined;
    const body: Row = { [annotation(ctx, "context")]: `${ctx.root}$metadata#${set.name}/$entity` };
    if (set.etag && row.$version !== undefined) body[annotation(ctx, "etag")] = etagOf(row.$version);
    Object.assign(body, project(set, row, props, lines?.get(row)));
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

  /** Attachments2(n): the PDFs the company database's documents reference (erp_mock keeps them in archivos). */
  async function attachment(ctx: Ctx, bd: string, keyText: string, sub: string | undefined): Promise<void> {
    const entry = Number(parseKey(keyText)?.get("#0") ?? parseKey(keyText)?.get("AbsoluteEntry"));
    if (!Number.isInteger(entry)) throw new SapFailure(400, -1000, `Invalid key '${keyText}' of 'Attachments2'`);
    const lookup = () =>
      rows<{ contenido: Buffer | null; mime: string; creado: string; id: string }>(
        db,
        sql`select ${sub === "$value" ? sql`ar.contenido` : sql`null::bytea as contenido`}, ar.mime,
            ar.created_at::date::text as creado, ar.id::text as id
          from erp_mock.sl_adjuntos a join archivos ar on ar.id = a.archivo_id
          where a.atc_entry = ${entry} and (
            exists (select 1 from erp_mock.pedidos p where p.bd = ${bd} and p.pdf_archivo_id = a.archivo_id) or
            exists (select 1 from erp_mock.entradas e where e.bd = ${bd} and e.pdf_archivo_id = a.archivo_id))`,
      );
    let [found] = await lookup();
    if (!found) {
      // PDFs of documents no read has listed yet get their AbsoluteEntry now (only then: it scans the documents).
      await db.execute(ensureAttachments("pedidos", bd));
      await db.execute(ensureAttachments("entradas", bd));
      [found] = await lookup();
    }
    if (!found) throw new SapFailure(404, -2028, NOT_FOUND);
    if (sub === "$value") {
      ctx.res.writeHead(200, { "content-type": found.mime || "application/pdf" });
      ctx.res.end(Buffer.from(found.contenido ?? Buffer.alloc(0)));
      return;
    }
    if (sub !== undefined) throw new SapFailure(400, -1000, `Property '${sub}' of 'Attachments2' is invalid`);
    sendJson(ctx, 200, {
      [annotation(ctx, "context")]: `${ctx.root}$metadata#Attachments2/$entity`,
      AbsoluteEntry: entry,
      Attachments2_Lines: [
        {
          SourcePath: "/sap/attachments",
          FileName: found.id,
          FileExtension: "pdf",
          AttachmentDate: found.creado,
          UserID: "1",
          Override: "tNO",
          FreeText: "",
        },
      ],
    });
  }

  const writeContext: WriteContext = {
    db,
    clock: options.clock,
    paymentBlockEntries: new Set(options.paymentBlockEntries ?? [1]),
    faults,
    sets,
    propertiesOf,
    headersOf,
    findByKey,
    entityAnswer,
    userFields,
    addUserField,
    addDraft,
    drafts,
  };
  const writes = createWrites(writeContext);

  function session(req: IncomingMessage): Session | undefined {
    const id = cookies(req).get("B1SESSION");
    const found = id ? sessions.get(id) : undefined;
    if (!id || !found) return undefined;
    const now = options.clock().getTime();
    if (now - found.lastUsed > timeoutMinutes * 60_000) {
      sessions.delete(id);
      return undefined;
    }
    found.lastUsed = now; // the timeout is by inactivity
    return found;
  }

  async function login(ctx: Ctx): Promise<void> {
    logins++;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(ctx.req)) as Record<string, unknown>;
    } catch {
      return sendError(ctx, 400, -1000, "Invalid JSON body.");
    }
    if (faults.maxParallelLogins > 0 && loginsInFlight > faults.maxParallelLogins) {
      return sendError(ctx, 500, 299, "SAML Login Failed");
    }
    // As reported of real Service Layers: a wrong password -304, an unknown company database -306, same text.
    const known = options.credentials.some((c) => c.companyDb === body.CompanyDB);
    const ok = options.credentials.some(
      (c) => c.companyDb === body.CompanyDB && c.userName === body.UserName && c.password === body.Password,
    );
    if (!ok) return sendError(ctx, 401, known ? -304 : -306, "Fail to NONE-SSO login from SLD.");
    const id = randomUUID();
    // Behind SAP's balancer each login lands on a node, round robin; ROUTEID keeps the session there.
    const node = `.node${(nextNode++ % 2) + 1}`;
    sessions.set(id, { companyDb: String(body.CompanyDB), lastUsed: options.clock().getTime(), node });
    const context = `${ctx.root}$metadata#B1Sessions/$entity`;
    return sendJson(
      ctx,
      200,
      {
        [annotation(ctx, "context")]: context,
        SessionId: id,
        Version: "1000190",
        SessionTimeout: timeoutMinutes,
      },
      { "set-cookie": [`B1SESSION=${id}; path=${ctx.root.slice(0, -1)}; HttpOnly`, `ROUTEID=${node}; path=/b1s`] },
    );
  }

  function routeOf(pathname: string): string {
    const m = /^\/b1s\/v[12]\/([^(/?]*)/.exec(pathname);
    return m?.[1] || "";
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://simulator");
    const route = routeOf(url.pathname);
    counts.set(route, (counts.get(route) ?? 0) + 1);
    const isLogin = route === "Login" && req.method === "POST";
    if (isLogin) loginsInFlight++;
    try {
      await answer(req, res, url, route);
    } finally {
      if (isLogin) loginsInFlight--;
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL, route: string): Promise<void> {
    const delay = faults.latencyMs + (faults.latencyByRoute[route] ?? 0);
    if (delay > 0) await sleep(delay);
    if (faults.html502 > 0) {
      faults.html502--;
      res.writeHead(502, { "content-type": "text/html; charset=iso-8859-1" });
      res.end(HTML_502);
      return;
    }
    const version = /^\/b1s\/(v[12])\//.exec(url.pathname)?.[1] as Dialect | undefined;
    const ctx: Ctx = { req, res, dialect: version ?? "v2", root: `/b1s/${version ?? "v2"}/` };
    if (!version) return sendError(ctx, 404, -1, "Resource not found.");
    if (faults.timeoutRate > 0 && random() < faults.timeoutRate) {
      held.add(res); // never answered: the client's timeout is what ends it
      res.on("close", () => held.delete(res));
      return;
    }
    if (faults.errorRate > 0 && random() < faults.errorRate) {
      if (faults.errorKind === "html503") {
        res.writeHead(503, { "content-type": "text/html; charset=iso-8859-1" });
        res.end(HTML_503);
        return;
      }
      return sendError(ctx, 500, -1, "Internal server error.");
    }
    let resource: string;
    try {
      resource = decodeURIComponent(url.pathname.slice(ctx.root.length));
    } catch {
      return sendError(ctx, 400, -1000, "Invalid URL.");
    }

    if (req.method === "POST" && resource === "Login") return login(ctx);

    const routeId = cookies(req).get("ROUTEID");
    if (faults.brokenNode && routeId === faults.brokenNode) {
      return sendError(ctx, 500, 407, "Table definition not found for '@X'");
    }

    const current = session(req);
    if (!current) return sendError(ctx, 401, 301, "Invalid session or session already timeout.");

    if (req.method === "POST" && resource === "Logout") {
      sessions.delete(cookies(req).get("B1SESSION") ?? "");
      res.writeHead(204);
      res.end();
      return;
    }

    try {
      const m = /^([A-Za-z0-9_]+)(?:\((.*)\))?(?:\/(.+))?$/.exec(resource);
      if (!m) throw new SapFailure(404, -1, "Resource not found.");
      const [, name = "", keyText, sub] = m;
      const bd = current.companyDb;
      if (name === "Attachments2" && keyText !== undefined && req.method === "GET") {
        return await attachment(ctx, bd, keyText, sub);
      }
      const set = sets.get(name);
      if (!set) throw new SapFailure(404, -1, `Resource not found for the segment '${name}'.`);
      if (req.method === "GET") {
        if (keyText === undefined) {
          if (sub !== undefined && sub !== "$count") throw new SapFailure(404, -1, "Resource not found.");
          return await getCollection(ctx, set, bd, url, sub === "$count");
        }
        return await getOne(ctx, set, bd, keyText, sub, url);
      }
      return await writes.handle(ctx, req.method ?? "", set, bd, keyText, sub);
    } catch (error) {
      if (error instanceof SapFailure) return sendError(ctx, error.status, error.code, error.message);
      throw error;
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { "content-type": JSON_TYPE });
        res.end(JSON.stringify({ error: { code: "-1", message: error instanceof Error ? error.message : "Error" } }));
      } else if (!res.writableEnded) res.destroy();
    });
  });
  const sockets = new Set<Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/b1s/v2/`,
    urlV1: `http://127.0.0.1:${port}/b1s/v1/`,
    faults,
    loginCount: () => logins,
    requestCount: (route?: string) =>
      route === undefined ? [...counts.values()].reduce((a, b) => a + b, 0) : (counts.get(route) ?? 0),
    resetCounts: () => counts.clear(),
    expireAllSessions: () => sessions.clear(),
    addDraft,
    restart: () => {
      active = new Set(userFields.map((f) => `${f.TableName}|${f.Name}`));
    },
    prepare: async (companyDbs) => {
      for (const bd of companyDbs) {
        for (const set of ENTITY_SETS) {
          if (set === draftSet || set === userFieldSet) continue;
          const data = await headersOf(set, bd);
          for (let i = 0; set.lineJson && i < data.rows.length; i += 2_000) {
            await withLinesJson(set, bd, data.rows.slice(i, i + 2_000));
          }
        }
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
