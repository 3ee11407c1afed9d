import { schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import { type ServiceLayerSimulator, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { createDemoTestDatabase, createTestClock } from "./helpers";

/*
 * The Service Layer simulator's test bench, shared by the service-layer-simulador*.test.ts files: a seeded database,
 * a simulator started per test over it with a signed-in session, and plain-HTTP helpers (fetch, not the portal's
 * client). Each test file has its own bench (vitest isolates files), so its state lives in this module.
 */

export const BD = "SBO_IIA";
export const OTHER_BD = "SBO_KIJ";
export const USER = { userName: "manager", password: "clave-sap" };

export type Json = Record<string, unknown>;
export interface Page {
  value: Json[];
  "@odata.nextLink"?: string;
  "@odata.count"?: number;
  "@odata.context"?: string;
}

export interface SimulatorBench {
  tdb: TestDatabase;
  time: ReturnType<typeof createTestClock>;
  sim: ServiceLayerSimulator;
  /** The signed-in session of BD that `get` and `send` use. */
  cookie: string;
}
const s = {} as SimulatorBench;

/** Registers the bench's hooks in the calling test file and returns its state (set by the hooks). */
export function useSimulatorBench(): SimulatorBench {
  beforeAll(async () => {
    s.time = createTestClock();
    s.tdb = await createDemoTestDatabase(s.time);
  }, 120_000);
  afterAll(async () => {
    await s.tdb?.drop();
  });
  beforeEach(async () => {
    s.sim = await startServiceLayerSimulator({
      db: s.tdb.db,
      credentials: [BD, OTHER_BD].map((companyDb) => ({ companyDb, ...USER })),
      clock: s.time.clock,
    });
    s.cookie = (await login()).cookie;
  });
  afterEach(async () => {
    await s.sim.close();
  });
  return s;
}

export async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await s.tdb.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function login(companyDb = BD, root = s.sim.url): Promise<{ response: Response; cookie: string }> {
  const response = await fetch(`${root}Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ CompanyDB: companyDb, ...{ UserName: USER.userName, Password: USER.password } }),
  });
  const pairs = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  return { response, cookie: pairs.join("; ") };
}

export function get(path: string, headers: Record<string, string> = {}, root = s.sim.url): Promise<Response> {
  return fetch(new URL(path, root), { headers: { cookie: s.cookie, ...headers } });
}

export async function getJson<T = Json>(
  path: string,
  headers: Record<string, string> = {},
  root = s.sim.url,
): Promise<T> {
  const response = await get(path, headers, root);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return (await response.json()) as T;
}

export function send(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(new URL(path, s.sim.url), {
    method,
    headers: { cookie: s.cookie, "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

export async function expectSapError(response: Response, status: number, code: number, message?: string | RegExp) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(String(code));
  if (message instanceof RegExp) expect(body.error.message).toMatch(message);
  else if (message !== undefined) expect(body.error.message).toBe(message);
}

/** Every row of a collection, following next links (relative to the service root). */
export async function all(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ rows: Json[]; requests: number }> {
  const out: Json[] = [];
  let next: string | undefined = path;
  let requests = 0;
  while (next) {
    const page: Page = await getJson<Page>(next, headers);
    requests++;
    out.push(...page.value);
    next = page["@odata.nextLink"];
  }
  return { rows: out, requests };
}

export async function orderEntries(bd = BD): Promise<number[]> {
  return (
    await s.tdb.db
      .select({ docEntry: schema.erpPedidos.docEntry })
      .from(schema.erpPedidos)
      .where(eq(schema.erpPedidos.bd, bd))
      .orderBy(asc(schema.erpPedidos.docEntry))
  ).map((r) => r.docEntry);
}

/** An open goods receipt of BD whose lines are all open, not yet used by another test. */
export const usedReceipts = new Set<number>();
export async function openReceipt(): Promise<{ docEntry: number; cardCode: string; lines: number[] }> {
  const found = await rowsOf<{ doc_entry: number; card_code: string }>(sql`select e.doc_entry, e.card_code
    from erp_mock.entradas e where e.bd = ${BD} and e.doc_status = 'O'
      and not exists (select 1 from erp_mock.entrada_lineas l where l.bd = e.bd and l.doc_entry = e.doc_entry
        and (l.line_status = 'C' or l.open_qty <> l.quantity))
      and (select count(*) from erp_mock.entrada_lineas l where l.bd = e.bd and l.doc_entry = e.doc_entry) >= 2
    order by e.doc_entry`);
  const receipt = found.find((r) => !usedReceipts.has(r.doc_entry));
  if (!receipt) throw new Error("the seed has no open receipt left");
  usedReceipts.add(receipt.doc_entry);
  const lines = await rowsOf<{ line_num: number }>(
    sql`select line_num from erp_mock.entrada_lineas where bd = ${BD} and doc_entry = ${receipt.doc_entry} order by line_num`,
  );
  return { docEntry: receipt.doc_entry, cardCode: receipt.card_code, lines: lines.map((l) => l.line_num) };
}

let portalIds = 900_000;
export function invoiceBody(receipt: { docEntry: number; cardCode: string; lines: number[] }, extra: Json = {}): Json {
  return {
    CardCode: receipt.cardCode,
    NumAtCard: `F-${receipt.docEntry}`,
    DocDate: "2026-11-20",
    TaxDate: "2026-11-20",
    DocCurrency: "MXN",
    Comments: "Desde el portal",
    U_SYS_PMUUID: "6F1A2B3C-0000-4000-8000-000000000001",
    U_SYS_PORTALID: ++portalIds,
    DocumentLines: receipt.lines.map((line) => ({ BaseType: 20, BaseEntry: receipt.docEntry, BaseLine: line })),
    ...extra,
  };
}
