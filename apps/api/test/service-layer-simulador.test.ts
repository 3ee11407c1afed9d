import { schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import { type ServiceLayerSimulator, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDemoTestDatabase, createTestClock } from "./helpers";

/**
 * The Service Layer simulator over plain HTTP (fetch, not the portal's client), against a seeded database: what
 * SAP's manual says the Service Layer answers, in both dialects, and each fault knob.
 */

const BD = "SBO_IIA";
const OTHER_BD = "SBO_KIJ";
const USER = { userName: "manager", password: "clave-sap" };

type Json = Record<string, unknown>;
interface Page {
  value: Json[];
  "@odata.nextLink"?: string;
  "@odata.count"?: number;
  "@odata.context"?: string;
}

let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let cookie: string;

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tdb.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function login(companyDb = BD, root = sim.url): Promise<{ response: Response; cookie: string }> {
  const response = await fetch(`${root}Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ CompanyDB: companyDb, ...{ UserName: USER.userName, Password: USER.password } }),
  });
  const pairs = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  return { response, cookie: pairs.join("; ") };
}

function get(path: string, headers: Record<string, string> = {}, root = sim.url): Promise<Response> {
  return fetch(new URL(path, root), { headers: { cookie, ...headers } });
}

async function getJson<T = Json>(path: string, headers: Record<string, string> = {}, root = sim.url): Promise<T> {
  const response = await get(path, headers, root);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return (await response.json()) as T;
}

function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(path, sim.url), {
    method,
    headers: { cookie, "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function expectSapError(response: Response, status: number, code: number, message?: string | RegExp) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(String(code));
  if (message instanceof RegExp) expect(body.error.message).toMatch(message);
  else if (message !== undefined) expect(body.error.message).toBe(message);
}

/** Every row of a collection, following next links (relative to the service root). */
async function all(path: string, headers: Record<string, string> = {}): Promise<{ rows: Json[]; requests: number }> {
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

async function orderEntries(bd = BD): Promise<number[]> {
  return (
    await tdb.db
      .select({ docEntry: schema.erpPedidos.docEntry })
      .from(schema.erpPedidos)
      .where(eq(schema.erpPedidos.bd, bd))
      .orderBy(asc(schema.erpPedidos.docEntry))
  ).map((r) => r.docEntry);
}

/** An open goods receipt of BD whose lines are all open, not yet used by another test. */
const usedReceipts = new Set<number>();
async function openReceipt(): Promise<{ docEntry: number; cardCode: string; lines: number[] }> {
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
function invoiceBody(receipt: { docEntry: number; cardCode: string; lines: number[] }, extra: Json = {}): Json {
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

beforeAll(async () => {
  time = createTestClock();
  tdb = await createDemoTestDatabase(time);
}, 120_000);

afterAll(async () => {
  await tdb.drop();
});

beforeEach(async () => {
  sim = await startServiceLayerSimulator({
    db: tdb.db,
    credentials: [BD, OTHER_BD].map((companyDb) => ({ companyDb, ...USER })),
    clock: time.clock,
  });
  cookie = (await login()).cookie;
});

afterEach(async () => {
  await sim.close();
});

describe("dialects", () => {
  it("v2: @odata annotations, string error codes and plain messages", async () => {
    const page = await getJson<Page>("PurchaseOrders?$select=DocEntry", { prefer: "odata.maxpagesize=2" });
    expect(page["@odata.context"]).toBe("/b1s/v2/$metadata#PurchaseOrders");
    expect(page["@odata.nextLink"]).toBe("PurchaseOrders?$select=DocEntry&$skip=2");
    const response = await fetch(`${sim.url}PurchaseOrders`);
    expect(await response.json()).toEqual({
      error: { code: "301", message: "Invalid session or session already timeout." },
    });
  });

  it("v1: odata.metadata, odata.nextLink, numeric error codes with {lang, value}, odata.count as a string", async () => {
    const v1 = await login(BD, sim.urlV1);
    expect(v1.response.status).toBe(200);
    expect(v1.response.headers.getSetCookie().some((c) => /^B1SESSION=.*path=\/b1s\/v1/.test(c))).toBe(true);
    const response = await fetch(`${sim.urlV1}PurchaseOrders?$select=DocEntry&$inlinecount=allpages`, {
      headers: { cookie: v1.cookie, prefer: "odata.maxpagesize=2" },
    });
    const page = (await response.json()) as Json;
    expect(page["odata.metadata"]).toBe("/b1s/v1/$metadata#PurchaseOrders");
    // v1 writes its next link as an absolute path (fidelity F18, decision 048).
    expect(page["odata.nextLink"]).toBe("/b1s/v1/PurchaseOrders?$select=DocEntry&$inlinecount=allpages&$skip=2");
    expect(page["odata.count"]).toBe(String((await orderEntries()).length));
    expect(page["@odata.nextLink"]).toBeUndefined();
    const missing = await fetch(`${sim.urlV1}PurchaseOrders(999999)`, { headers: { cookie: v1.cookie } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { code: -2028, message: { lang: "en-us", value: "No matching records found (ODBC -2028)" } },
    });
  });
});

describe("paging", () => {
  it("Prefer: odata.maxpagesize pages with next links and Preference-Applied; 0 unpaged; 20 by default", async () => {
    const expected = await orderEntries();
    const first = await get("PurchaseOrders?$select=DocEntry", { prefer: "odata.maxpagesize=7" });
    expect(first.headers.get("preference-applied")).toBe("odata.maxpagesize=7");
    const { rows, requests } = await all("PurchaseOrders?$select=DocEntry", { prefer: "odata.maxpagesize=7" });
    expect(rows.map((r) => r.DocEntry)).toEqual(expected);
    expect(requests).toBe(Math.ceil(expected.length / 7));
    const unpaged = await get("PurchaseOrders?$select=DocEntry", { prefer: "odata.maxpagesize=0" });
    expect(unpaged.headers.get("preference-applied")).toBe("odata.maxpagesize=0");
    const body = (await unpaged.json()) as Page;
    expect(body.value).toHaveLength(expected.length);
    expect(body["@odata.nextLink"]).toBeUndefined();
    const defaults = await get("PurchaseOrders?$select=DocEntry");
    expect(defaults.headers.get("preference-applied")).toBeNull();
    expect(((await defaults.json()) as Page).value).toHaveLength(20);
    const b1s = await getJson<Page>("PurchaseOrders?$select=DocEntry", { "b1s-pagesize": "3" });
    expect(b1s.value.map((r) => r.DocEntry)).toEqual(expected.slice(0, 3));
  });

  it("nextLinkOnFullLastPage: a full last page links to one more, empty page", async () => {
    const expected = await orderEntries();
    const size = expected.length % 2 === 0 ? 2 : 1; // pages that end exactly at the last order
    sim.faults.nextLinkOnFullLastPage = true;
    const { rows, requests } = await all("PurchaseOrders?$select=DocEntry", { prefer: `odata.maxpagesize=${size}` });
    expect(rows.map((r) => r.DocEntry)).toEqual(expected);
    expect(requests).toBe(expected.length / size + 1);
  });

  it("$skip applies before $top whatever their order; next links decrement $top and keep the other options", async () => {
    const expected = await orderEntries();
    const page = await getJson<Page>("PurchaseOrders?$top=7&$select=DocEntry&$skip=2&$orderby=DocEntry desc", {
      prefer: "odata.maxpagesize=5",
    });
    const descending = [...expected].reverse();
    expect(page.value.map((r) => r.DocEntry)).toEqual(descending.slice(2, 7));
    expect(page["@odata.nextLink"]).toBe("PurchaseOrders?$select=DocEntry&$orderby=DocEntry%20desc&$top=2&$skip=7");
    const rest = await getJson<Page>(page["@odata.nextLink"] as string, { prefer: "odata.maxpagesize=5" });
    expect(rest.value.map((r) => r.DocEntry)).toEqual(descending.slice(7, 9));
    expect(rest["@odata.nextLink"]).toBeUndefined();
    const filtered = await getJson<Page>("PurchaseOrders?$filter=DocEntry gt 3&$select=DocEntry", {
      prefer: "odata.maxpagesize=2",
    });
    expect(filtered["@odata.nextLink"]).toBe("PurchaseOrders?$filter=DocEntry%20gt%203&$select=DocEntry&$skip=2");
  });

  it("/$count answers plain text; $count=true adds @odata.count; both after $filter", async () => {
    const open = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from erp_mock.pedidos where bd = ${BD} and doc_status = 'O'`,
    );
    const response = await get("PurchaseOrders/$count?$filter=DocumentStatus eq 'bost_Open'");
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(String(open[0]?.n));
    const page = await getJson<Page>("PurchaseOrders?$filter=DocumentStatus eq 'O'&$count=true&$select=DocEntry");
    expect(page["@odata.count"]).toBe(open[0]?.n);
  });

  it("only the session's company database is visible", async () => {
    const mine = (await all("PurchaseOrders?$select=DocEntry,CardCode", { prefer: "odata.maxpagesize=0" })).rows;
    expect(mine.map((r) => r.DocEntry)).toEqual(await orderEntries(BD));
    const [foreign] = await rowsOf<{ doc_entry: number }>(sql`select doc_entry from erp_mock.pedidos
      where bd = ${OTHER_BD} and doc_entry > (select max(doc_entry) from erp_mock.pedidos where bd = ${BD}) limit 1`);
    if (foreign) await expectSapError(await get(`PurchaseOrders(${foreign.doc_entry})`), 404, -2028);
    const other = await login(OTHER_BD);
    const theirs = await getJson<Page>("PurchaseOrders?$select=DocEntry", {
      cookie: other.cookie,
      prefer: "odata.maxpagesize=0",
    });
    expect(theirs.value.map((r) => r.DocEntry)).toEqual(await orderEntries(OTHER_BD));
  });
});

describe("volume", () => {
  const BIG = "SBO_VOLUMEN";
  const COUNT = 10_000;

  it("10,000 orders with 30,000 lines paged 1,000 at a time: each once, lines complete; the incremental filter finds the few changed", async () => {
    await tdb.db.execute(sql`insert into erp_mock.pedidos (bd, doc_entry, doc_num, card_code, card_name, doc_status,
        doc_date, doc_due_date, group_num, main_usage, pey_method, doc_cur, vat_sum, doc_total)
      select ${BIG}, g, 700000 + g, 'PVOL', 'Proveedor de Volumen', 'O', date '2026-01-01' + (g % 300),
        date '2026-01-31' + (g % 300), 30, 'G03', '99', 'MXN', 16, 116 from generate_series(1, ${COUNT}) g`);
    await tdb.db.execute(sql`insert into erp_mock.pedido_lineas (bd, doc_entry, line_num, item_code, item_name,
        line_status, uom_code, quantity, open_qty, price_bef_di, line_total, vat_sum)
      select ${BIG}, g, n, 'ART-' || n, 'Artículo ' || n, 'O', 'PZA', 1, 1, 100, 100, 16
      from generate_series(1, ${COUNT}) g cross join generate_series(0, 2) n`);
    const big = await startServiceLayerSimulator({
      db: tdb.db,
      credentials: [{ companyDb: BIG, ...USER }],
      clock: time.clock,
    });
    try {
      const session = await login(BIG, big.url);
      const headers = { cookie: session.cookie, prefer: "odata.maxpagesize=1000" };
      const path = "PurchaseOrders?$select=DocEntry,DocNum,UpdateDate,UpdateTime,DocumentLines&$orderby=DocEntry";
      const read = async () => {
        const seen: number[] = [];
        let lines = 0;
        let next: string | undefined = path;
        while (next) {
          const page: Page = await getJson<Page>(next, headers, big.url);
          for (const order of page.value) {
            seen.push(order.DocEntry as number);
            lines += (order.DocumentLines as Json[]).length;
          }
          next = page["@odata.nextLink"];
        }
        return { seen, lines };
      };
      let started = performance.now();
      const cold = await read();
      const coldMs = performance.now() - started;
      expect(cold.seen).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
      expect(cold.lines).toBe(3 * COUNT);
      expect(big.requestCount("PurchaseOrders")).toBe(COUNT / 1000);
      started = performance.now();
      await read();
      const warmMs = performance.now() - started;

      time.advance(60_000);
      const now = time.clock().toISOString();
      await tdb.db.execute(
        sql`update erp_mock.pedido_lineas set item_name = 'Cambiado' where bd = ${BIG} and doc_entry in (7, 7007) and line_num = 1`,
      );
      const [d, hhmm] = [now.slice(0, 10), now.slice(11, 16)];
      const filter = encodeURIComponent(`UpdateDate gt '${d}' or (UpdateDate eq '${d}' and UpdateTime ge '${hhmm}')`);
      started = performance.now();
      const changed = await getJson<Page>(`${path}&$filter=${filter}`, headers, big.url);
      const incrementalMs = performance.now() - started;
      expect(changed.value.map((o) => o.DocEntry)).toEqual([7, 7007]);
      expect((changed.value[0]?.DocumentLines as Json[] | undefined)?.[1]).toMatchObject({
        ItemDescription: "Cambiado",
      });
      started = performance.now();
      await getJson<Page>(`${path}&$filter=${filter}`, headers, big.url);
      const incrementalWarmMs = performance.now() - started;
      console.info(
        `simulator, ${COUNT} orders / ${3 * COUNT} lines in pages of 1,000: cold ${coldMs.toFixed(0)} ms, ` +
          `warm ${warmMs.toFixed(0)} ms; incremental filter after a change ${incrementalMs.toFixed(0)} ms, ` +
          `then ${incrementalWarmMs.toFixed(0)} ms`,
      );
    } finally {
      await big.close();
    }
  }, 120_000);
});

describe("$filter, $select, $orderby", () => {
  const entries = async (filter: string, headers: Record<string, string> = {}) =>
    (
      await getJson<Page>(`PurchaseOrders?$select=DocEntry&$filter=${encodeURIComponent(filter)}`, {
        prefer: "odata.maxpagesize=0",
        ...headers,
      })
    ).value.map((r) => r.DocEntry);

  it("operators, parentheses, not, and the four string functions", async () => {
    // DocTotal is the local-currency total (issue 37, F1): erp_mock's document-currency total × its rate.
    const db = await rowsOf<{ doc_entry: number; card_code: string; doc_total: string; doc_status: string }>(
      sql`select doc_entry, card_code, round(doc_total * doc_rate, 2)::text as doc_total, doc_status
        from erp_mock.pedidos where bd = ${BD} order by doc_entry`,
    );
    const card = db[0]?.card_code as string;
    const pick = (f: (r: (typeof db)[number]) => boolean) => db.filter(f).map((r) => r.doc_entry);
    expect(await entries(`CardCode eq '${card}'`)).toEqual(pick((r) => r.card_code === card));
    expect(await entries(`CardCode ne '${card}' and DocEntry le 10`)).toEqual(
      pick((r) => r.card_code !== card && r.doc_entry <= 10),
    );
    expect(await entries("DocEntry lt 3 or (DocEntry ge 5 and DocEntry lt 7)")).toEqual(
      pick((r) => r.doc_entry < 3 || (r.doc_entry >= 5 && r.doc_entry < 7)),
    );
    expect(await entries("not (DocEntry gt 2)")).toEqual(pick((r) => r.doc_entry <= 2));
    expect(await entries("DocTotal gt 10000.5")).toEqual(pick((r) => Number(r.doc_total) > 10000.5));
    const prefix = card.slice(0, 3);
    const suffix = card.slice(-2);
    const middle = card.slice(1, 4);
    expect(await entries(`startswith(CardCode,'${prefix}')`)).toEqual(pick((r) => r.card_code.startsWith(prefix)));
    expect(await entries(`endswith(CardCode,'${suffix}')`)).toEqual(pick((r) => r.card_code.endsWith(suffix)));
    expect(await entries(`contains(CardCode,'${middle}')`)).toEqual(pick((r) => r.card_code.includes(middle)));
    expect(await entries(`substringof('${middle}',CardCode)`)).toEqual(pick((r) => r.card_code.includes(middle)));
    // Enums by name or by value (MAN p33).
    expect(await entries("DocumentStatus eq 'bost_Close'")).toEqual(pick((r) => r.doc_status === "C"));
    expect(await entries("DocumentStatus eq 'C'")).toEqual(pick((r) => r.doc_status === "C"));
  });

  it("string literals with '' escapes; case-sensitive unless B1S-CaseInsensitive: true", async () => {
    const [order] = await orderEntries();
    const patched = await send("PATCH", `PurchaseOrders(${order})`, { Comments: "Entrega de O'Brien" });
    expect(patched.status).toBe(204);
    expect(await entries("Comments eq 'Entrega de O''Brien'")).toEqual([order]);
    expect(await entries("contains(Comments,'o''brien')")).toEqual([]);
    expect(await entries("contains(Comments,'o''brien')", { "b1s-caseinsensitive": "true" })).toEqual([order]);
  });

  it("DateTime literals in every form of the manual, the time part ignored; Time literals with HH:MM effective", async () => {
    const [row] = await rowsOf<{ doc_date: string }>(
      sql`select doc_date::text from erp_mock.pedidos where bd = ${BD} order by doc_entry limit 1`,
    );
    const d = row?.doc_date as string;
    const compact = d.replaceAll("-", "");
    const expected = await entries(`DocDate eq '${d}'`);
    expect(expected.length).toBeGreaterThan(0);
    for (const literal of [`'${compact}'`, `datetime'${d}'`, `'${d}T12:21:21'`, `'${compact}000000'`]) {
      expect(await entries(`DocDate eq ${literal}`), literal).toEqual(expected);
    }
    await expectSapError(
      await get(`PurchaseOrders?$filter=${encodeURIComponent("DocDate eq '2026-02-30'")}`),
      400,
      201,
      "Query string error - Invalid filter condition",
    );
    // A document stamped now (12:00:00 on the test clock) and then seconds later: HH:MM only.
    const [order] = await orderEntries();
    time.advance(37_000);
    await send("PATCH", `PurchaseOrders(${order})`, { Comments: "hora" });
    const stamped = await getJson<Json>(`PurchaseOrders(${order})?$select=UpdateDate,UpdateTime`);
    const hhmm = String(stamped.UpdateTime).slice(0, 5);
    const [h, m] = hhmm.split(":");
    const day = String(stamped.UpdateDate);
    for (const literal of [`'${hhmm}:59'`, `'${hhmm}'`, `'${h}${m}59'`, `'${h}${m}'`, `'${day}T${hhmm}:59Z'`]) {
      expect(await entries(`UpdateDate eq '${day}' and UpdateTime ge ${literal}`), literal).toContain(order);
    }
  });

  it("invalid filters: 400 code 201; unknown properties named; $expand refused; $select of an unknown property -1000", async () => {
    await expectSapError(
      await get(`PurchaseOrders?$filter=${encodeURIComponent("NoExiste eq 1")}`),
      400,
      201,
      "Property 'NoExiste' is invalid",
    );
    for (const bad of [
      "DocEntry eq",
      "DocEntry add 1 eq 2",
      "year(DocDate) eq 2026",
      "CardCode eq 'abc",
      "(DocEntry eq 1",
    ]) {
      await expectSapError(
        await get(`PurchaseOrders?$filter=${encodeURIComponent(bad)}`),
        400,
        201,
        "Query string error - Invalid filter condition",
      );
    }
    await expectSapError(await get("PurchaseOrders?$expand=DocumentLines"), 400, 201, /DocumentLines/);
    await expectSapError(
      await get("PurchaseOrders?$select=DocEntry,NoExiste"),
      400,
      -1000,
      "Property 'NoExiste' of 'Document' is invalid",
    );
  });

  it("$select names DocumentLines to get the lines (from erp_mock) and $orderby sorts on any property", async () => {
    const page = await getJson<Page>("PurchaseOrders?$select=DocEntry,DocumentLines&$top=3");
    for (const order of page.value) {
      expect(Object.keys(order)).toEqual(["DocEntry", "DocumentLines"]);
      const lines = await tdb.db
        .select()
        .from(schema.erpPedidoLineas)
        .where(and(eq(schema.erpPedidoLineas.bd, BD), eq(schema.erpPedidoLineas.docEntry, order.DocEntry as number)))
        .orderBy(asc(schema.erpPedidoLineas.lineNum));
      expect(order.DocumentLines).toEqual(
        lines.map((l) =>
          expect.objectContaining({
            LineNum: l.lineNum,
            ItemCode: l.itemCode,
            ItemDescription: l.itemName,
            Quantity: Number(l.quantity),
            RemainingOpenQuantity: Number(l.openQty),
            UnitPrice: Number(l.priceBefDi),
            LineTotal: Number(l.lineTotal),
            TaxTotal: Number(l.vatSum),
            BaseType: -1,
          }),
        ),
      );
    }
    const headersOnly = await getJson<Page>("PurchaseOrders?$select=DocEntry,DocTotal&$top=1");
    expect(headersOnly.value[0]).not.toHaveProperty("DocumentLines");
    const sorted = await getJson<Page>("PurchaseOrders?$select=DocEntry,DocTotal&$orderby=DocTotal desc,DocEntry", {
      prefer: "odata.maxpagesize=0",
    });
    const totals = sorted.value.map((r) => r.DocTotal as number);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });
});

describe("entities by key", () => {
  it("Documents by key with ETag, single properties, 404 -2028", async () => {
    const [order] = await orderEntries();
    const response = await get(`PurchaseOrders(${order})`);
    expect(response.status).toBe(200);
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const body = (await response.json()) as Json;
    expect(body["@odata.etag"]).toBe(etag);
    const [db] = await tdb.db
      .select()
      .from(schema.erpPedidos)
      .where(and(eq(schema.erpPedidos.bd, BD), eq(schema.erpPedidos.docEntry, order as number)));
    expect(body).toMatchObject({
      DocEntry: db?.docEntry,
      DocNum: db?.docNum,
      CardCode: db?.cardCode,
      DocumentStatus: db?.docStatus === "O" ? "bost_Open" : "bost_Close",
      Cancelled: "tNO",
      // v2 dates as Edm.DateTimeOffset (fidelity F18, decision 048).
      DocDate: `${db?.docDate}T00:00:00Z`,
      PaymentGroupCode: db?.groupNum,
      PaymentMethod: db?.peyMethod,
      U_B1SYS_MainUsage: db?.mainUsage,
      DocTotal: Number(db?.docTotal),
    });
    expect(Array.isArray(body.DocumentLines)).toBe(true);
    expect(await getJson(`PurchaseOrders(${order})/DocNum`)).toMatchObject({ value: db?.docNum });
    await expectSapError(await get("PurchaseOrders(999999)"), 404, -2028, "No matching records found (ODBC -2028)");
    await expectSapError(await get("PurchaseDeliveryNotes(999999)/DocNum"), 404, -2028);
  });

  it("receipts point to their order (BaseType 22) and carry the postal code; invoices their receipt lines", async () => {
    const [receipt] = await rowsOf<{ doc_entry: number; cp: string; pedido: number }>(sql`select e.doc_entry, e.cp,
        p.doc_entry as pedido from erp_mock.entradas e join erp_mock.pedidos p on p.bd = e.bd
        and p.doc_num = e.pedido_doc_num where e.bd = ${BD} order by e.doc_entry limit 1`);
    const body = await getJson<Json>(`PurchaseDeliveryNotes(${receipt?.doc_entry})`);
    expect(body.AddressExtension).toEqual({ BillToZipCode: receipt?.cp });
    expect((body.DocumentLines as Json[])[0]).toMatchObject({ BaseType: 22, BaseEntry: receipt?.pedido, BaseLine: 0 });
  });

  it("a page's DocumentLines (JSON PostgreSQL builds) equal the document's own, property order included", async () => {
    for (const set of ["PurchaseOrders", "PurchaseDeliveryNotes"]) {
      const page = await getJson<Page>(`${set}?$select=DocEntry,DocNum,DocumentLines&$orderby=DocEntry&$top=25`, {
        prefer: "odata.maxpagesize=100",
      });
      expect(page.value).toHaveLength(25);
      for (const doc of page.value) {
        expect(Object.keys(doc)).toEqual(["DocEntry", "DocNum", "DocumentLines"]);
        const one = await getJson<Json>(`${set}(${doc.DocEntry})/DocumentLines`);
        expect((doc.DocumentLines as Json[]).length).toBeGreaterThan(0);
        expect(doc.DocumentLines).toEqual(one.value);
        for (const [i, line] of (doc.DocumentLines as Json[]).entries()) {
          expect(Object.keys(line)).toEqual(Object.keys((one.value as Json[])[i] as Json));
        }
      }
    }
  });

  it("business partners, payment terms, items by code", async () => {
    const [socio] = await tdb.db.select().from(schema.erpSocios).where(eq(schema.erpSocios.bd, BD)).limit(1);
    const bp = await getJson<Json>(`BusinessPartners('${socio?.cardCode}')`);
    expect(bp).toMatchObject({
      CardCode: socio?.cardCode,
      CardName: socio?.cardName,
      CardType: "cSupplier",
      FederalTaxID: socio?.licTradNum,
      PayTermsGrpCode: socio?.groupNum,
    });
    expect(await getJson<Json>(`BusinessPartners(CardCode='${socio?.cardCode}')`)).toMatchObject({
      CardCode: socio?.cardCode,
    });
    const terms = await getJson<Json>(`PaymentTermsTypes(${socio?.groupNum})`);
    expect(terms).toMatchObject({ GroupNumber: socio?.groupNum, NumberOfAdditionalDays: socio?.groupNum });
    const [line] = await tdb.db.select().from(schema.erpPedidoLineas).where(eq(schema.erpPedidoLineas.bd, BD)).limit(1);
    expect(await getJson<Json>(`Items('${line?.itemCode}')`)).toMatchObject({
      ItemCode: line?.itemCode,
      ForeignName: line?.frgnName,
    });
    await expectSapError(await get("BusinessPartners('NO-EXISTE')"), 404, -2028);
  });

  it("vendor payments: CashSum or TransferSum, PaymentInvoices, no DocTotal and no UpdateDate", async () => {
    const [pago] = await rowsOf<{ doc_entry: number; doc_total: string; pymnt_group: string }>(
      sql`select doc_entry, doc_total::text, pymnt_group from erp_mock.pagos where bd = ${BD} order by doc_entry limit 1`,
    );
    expect(pago).toBeDefined();
    const body = await getJson<Json>(`VendorPayments(${pago?.doc_entry})`);
    expect(body).not.toHaveProperty("DocTotal");
    expect(body).not.toHaveProperty("UpdateDate");
    expect(body.DocType).toBe("rSupplier");
    expect(pago?.pymnt_group === "01" ? body.CashSum : body.TransferSum).toBe(Number(pago?.doc_total));
    const applied = await rowsOf<{ factura_doc_entry: number; sum_applied: string }>(
      sql`select factura_doc_entry, sum_applied::text from erp_mock.pago_facturas where bd = ${BD}
        and doc_entry = ${pago?.doc_entry} order by line_num`,
    );
    expect(body.PaymentInvoices).toEqual(
      applied.map((a, i) =>
        expect.objectContaining({
          LineNum: i,
          DocEntry: a.factura_doc_entry,
          SumApplied: Number(a.sum_applied),
          InvoiceType: "it_PurchaseInvoice",
        }),
      ),
    );
    await expectSapError(await get("VendorPayments?$select=DocTotal"), 400, -1000);
  });

  it("Attachments2(n) and its $value: the document's PDF bytes from archivos", async () => {
    const orders = await getJson<Page>(
      "PurchaseOrders?$select=DocEntry,AttachmentEntry&$filter=AttachmentEntry ne null",
      {
        prefer: "odata.maxpagesize=1",
      },
    );
    const order = orders.value[0] as Json;
    expect(order.AttachmentEntry).toEqual(expect.any(Number));
    const [pdf] = await rowsOf<{ contenido: Buffer }>(sql`select a.contenido from archivos a
      join erp_mock.pedidos p on p.pdf_archivo_id = a.id where p.bd = ${BD} and p.doc_entry = ${order.DocEntry}`);
    const meta = await getJson<Json>(`Attachments2(${order.AttachmentEntry})`);
    expect(meta).toMatchObject({ AbsoluteEntry: order.AttachmentEntry });
    expect((meta.Attachments2_Lines as Json[])[0]).toMatchObject({ FileExtension: "pdf" });
    const bytes = await get(`Attachments2(${order.AttachmentEntry})/$value`);
    expect(bytes.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await bytes.arrayBuffer()).equals(Buffer.from(pdf?.contenido as Buffer))).toBe(true);
    await expectSapError(await get("Attachments2(999999)/$value"), 404, -2028);
  });
});

describe("UpdateDate and UpdateTime", () => {
  const stampOf = async (entity: string, key: number) =>
    getJson<Json>(`${entity}(${key})?$select=UpdateDate,UpdateTime`).then(
      // v2 writes UpdateDate as YYYY-MM-DDT00:00:00Z (fidelity F18).
      (r) => `${String(r.UpdateDate).slice(0, 10)} ${r.UpdateTime}`,
    );

  it("seeded documents carry their DocDate at 00:00:00; a PATCH and a direct erp_mock update bump the stamp, monotonically", async () => {
    const orders = await orderEntries();
    const untouched = orders.at(-1) as number;
    const [row] = await rowsOf<{ doc_date: string }>(
      sql`select doc_date::text from erp_mock.pedidos where bd = ${BD} and doc_entry = ${untouched}`,
    );
    expect(await stampOf("PurchaseOrders", untouched)).toBe(`${row?.doc_date} 00:00:00`);

    time.advance(20 * 60_000); // within the session's idle timeout
    const now = time.clock().toISOString().slice(0, 19).replace("T", " ");
    const target = orders.at(-2) as number;
    expect((await send("PATCH", `PurchaseOrders(${target})`, { NumAtCard: "REF-1" })).status).toBe(204);
    expect(await stampOf("PurchaseOrders", target)).toBe(now);

    // The clock does not move: the next change still gets a later stamp (one second on).
    await tdb.db
      .update(schema.erpPedidos)
      .set({ comments: "cambio directo" })
      .where(and(eq(schema.erpPedidos.bd, BD), eq(schema.erpPedidos.docEntry, untouched)));
    const later = await stampOf("PurchaseOrders", untouched);
    expect(later > now).toBe(true);
    expect(later.slice(0, 10)).toBe(now.slice(0, 10));

    // The adapter's incremental read returns exactly the changed documents.
    const [d, t] = now.split(" ") as [string, string];
    const changed = await getJson<Page>(
      `PurchaseOrders?$select=DocEntry&$orderby=DocEntry&$filter=${encodeURIComponent(
        `UpdateDate gt '${d}' or (UpdateDate eq '${d}' and UpdateTime ge '${t.slice(0, 5)}')`,
      )}`,
      { prefer: "odata.maxpagesize=0" },
    );
    expect(changed.value.map((r) => r.DocEntry)).toEqual([target, untouched].sort((a, b) => a - b));
  });
});

describe("changes made outside the simulator", () => {
  it("a document inserted into erp_mock gets the clock's stamp; one deleted disappears; reads stay exact", async () => {
    const before = await all("PurchaseOrders?$select=DocEntry,DocTotal", { prefer: "odata.maxpagesize=0" });
    const last = before.rows.at(-1)?.DocEntry as number;
    time.advance(60_000);
    const now = time.clock().toISOString().slice(0, 19).replace("T", " ");
    await tdb.db.execute(sql`insert into erp_mock.pedidos (bd, doc_entry, doc_num, card_code, card_name,
        doc_status, doc_date, doc_due_date, group_num, main_usage, pey_method, doc_cur, vat_sum, doc_total)
      select bd, ${last + 1}, doc_num + 1, card_code, card_name, 'O', date '2025-01-02', date '2025-02-01',
        group_num, main_usage, pey_method, doc_cur, 16, 116 from erp_mock.pedidos
      where bd = ${BD} and doc_entry = ${last}`);
    const added = await getJson<Json>(`PurchaseOrders(${last + 1})?$select=DocDate,UpdateDate,UpdateTime`);
    // Not its DocDate: the incremental read must see a document added after the first read.
    expect(added).toMatchObject({
      DocDate: "2025-01-02T00:00:00Z",
      UpdateDate: `${now.slice(0, 10)}T00:00:00Z`,
      UpdateTime: now.slice(11),
    });
    const after = await all("PurchaseOrders?$select=DocEntry,DocTotal", { prefer: "odata.maxpagesize=0" });
    expect(after.rows).toEqual([...before.rows, { DocEntry: last + 1, DocTotal: 116 }]);

    await tdb.db
      .delete(schema.erpPedidos)
      .where(and(eq(schema.erpPedidos.bd, BD), eq(schema.erpPedidos.docEntry, last + 1)));
    await expectSapError(await get(`PurchaseOrders(${last + 1})`), 404, -2028);
    const again = await all("PurchaseOrders?$select=DocEntry,DocTotal", { prefer: "odata.maxpagesize=0" });
    expect(again.rows).toEqual(before.rows);
  });

  it("a payment applied to an A/P invoice changes its PaidToDate and its stamp", async () => {
    const [open] = await rowsOf<{ doc_entry: number; doc_num: number; doc_total: string; doc_cur: string }>(
      sql`select doc_entry, doc_num, doc_total::text, doc_cur from erp_mock.facturas where bd = ${BD}
        and canceled = 'N' and paid_to_date = 0 and doc_cur = 'MXN' order by doc_entry limit 1`,
    );
    expect(open).toBeDefined();
    const before = await getJson<Json>(`PurchaseInvoices(${open?.doc_entry})?$select=PaidToDate,UpdateDate,UpdateTime`);
    time.advance(60_000);
    const { payFacturas } = await import("@portal/erp-sim");
    await payFacturas(tdb.db, {
      bd: BD,
      fecha: "2026-11-21",
      moneda: "MXN",
      facturas: [{ docNum: open?.doc_num as number }],
    });
    const after = await getJson<Json>(
      `PurchaseInvoices(${open?.doc_entry})?$select=PaidToDate,DocumentStatus,UpdateDate,UpdateTime`,
    );
    expect(after.PaidToDate).toBe(Number(open?.doc_total));
    expect(after.DocumentStatus).toBe("bost_Close");
    expect(`${after.UpdateDate} ${after.UpdateTime}` > `${before.UpdateDate} ${before.UpdateTime}`).toBe(true);
  });

  it("v1 writes answer v1 errors; X-HTTP-Method-Override: DELETE is refused like DELETE", async () => {
    const v1 = await login(BD, sim.urlV1);
    const [order] = await orderEntries();
    const response = await fetch(`${sim.urlV1}PurchaseOrders(${order})`, {
      method: "PATCH",
      headers: { cookie: v1.cookie, "content-type": "application/json" },
      body: JSON.stringify({ NoExiste: 1 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: -1000, message: { lang: "en-us", value: "Property 'NoExiste' of 'Document' is invalid" } },
    });
    await expectSapError(
      await send("POST", `PurchaseOrders(${order})`, undefined, { "x-http-method-override": "DELETE" }),
      400,
      -5006,
    );
  });
});

describe("writes", () => {
  it("POST PurchaseInvoices copies the receipt's lines, closes the receipt; 201 with Location and ETag", async () => {
    const receipt = await openReceipt();
    const body = invoiceBody(receipt);
    const response = await send("POST", "PurchaseInvoices", body);
    expect(response.status).toBe(201);
    const created = (await response.json()) as Json;
    expect(response.headers.get("location")).toBe(`${sim.url}PurchaseInvoices(${created.DocEntry})`);
    expect(response.headers.get("etag")).toBe(created["@odata.etag"]);
    expect(created).toMatchObject({
      CardCode: receipt.cardCode,
      NumAtCard: body.NumAtCard,
      U_SYS_PMUUID: body.U_SYS_PMUUID,
      U_SYS_PORTALID: body.U_SYS_PORTALID,
      DocumentStatus: "bost_Open",
      Cancelled: "tNO",
    });
    expect((created.DocumentLines as Json[]).map((l) => [l.BaseType, l.BaseEntry, l.BaseLine])).toEqual(
      receipt.lines.map((line) => [20, receipt.docEntry, line]),
    );
    const [factura] = await tdb.db
      .select()
      .from(schema.erpFacturas)
      .where(and(eq(schema.erpFacturas.bd, BD), eq(schema.erpFacturas.docEntry, created.DocEntry as number)));
    expect(factura).toMatchObject({ portalId: body.U_SYS_PORTALID, uuid: body.U_SYS_PMUUID, docStatus: "O" });
    const grpo = await getJson<Json>(`PurchaseDeliveryNotes(${receipt.docEntry})`);
    expect(grpo.DocumentStatus).toBe("bost_Close");
    expect(
      (grpo.DocumentLines as Json[]).every((l) => l.LineStatus === "bost_Close" && l.RemainingOpenQuantity === 0),
    ).toBe(true);

    // Copying it again: the receipt is closed (-5002). The same portal id again is accepted: a user field has no
    // uniqueness in SAP (fidelity F7, decision 048); the portal's look-before-write keeps it from happening.
    await expectSapError(await send("POST", "PurchaseInvoices", invoiceBody(receipt)), 400, -5002);
    const other = await openReceipt();
    const again = await send("POST", "PurchaseInvoices", invoiceBody(other, { U_SYS_PORTALID: body.U_SYS_PORTALID }));
    expect(again.status).toBe(201);
    const twins = await getJson<Page>(
      `PurchaseInvoices?$select=DocEntry&$filter=${encodeURIComponent(`U_SYS_PORTALID eq ${body.U_SYS_PORTALID}`)}`,
    );
    expect(twins.value).toHaveLength(2);
  });

  it("a partial Quantity leaves the line and the receipt open; Prefer: return-no-content answers 204 with Location", async () => {
    const receipt = await openReceipt();
    const [line] = await rowsOf<{ quantity: string }>(sql`select quantity::text from erp_mock.entrada_lineas
      where bd = ${BD} and doc_entry = ${receipt.docEntry} and line_num = ${receipt.lines[0]}`);
    const body = invoiceBody(receipt, {
      DocumentLines: [{ BaseType: 20, BaseEntry: receipt.docEntry, BaseLine: receipt.lines[0], Quantity: "0.5" }],
    });
    const response = await send("POST", "PurchaseInvoices", body, { prefer: "return-no-content" });
    expect(response.status).toBe(204);
    expect(response.headers.get("preference-applied")).toBe("return-no-content");
    const location = response.headers.get("location") as string;
    expect(location).toMatch(/PurchaseInvoices\(\d+\)$/);
    expect(await response.text()).toBe("");
    const grpo = await getJson<Json>(`PurchaseDeliveryNotes(${receipt.docEntry})`);
    expect(grpo.DocumentStatus).toBe("bost_Open");
    expect((grpo.DocumentLines as Json[])[0]).toMatchObject({
      LineStatus: "bost_Open",
      RemainingOpenQuantity: Number(line?.quantity) - 0.5,
    });
    const invoice = await getJson<Json>(location);
    expect((invoice.DocumentLines as Json[])[0]).toMatchObject({ Quantity: 0.5 });
  });

  it("Cancel reopens the receipt; a second Cancel and an invoice with a payment answer -5002", async () => {
    const receipt = await openReceipt();
    const created = (await (await send("POST", "PurchaseInvoices", invoiceBody(receipt))).json()) as Json;
    const cancel = await send("POST", `PurchaseInvoices(${created.DocEntry})/Cancel`);
    expect(cancel.status).toBe(204);
    const grpo = await getJson<Json>(`PurchaseDeliveryNotes(${receipt.docEntry})`);
    expect(grpo.DocumentStatus).toBe("bost_Open");
    expect(await getJson<Json>(`PurchaseInvoices(${created.DocEntry})`)).toMatchObject({
      Cancelled: "tYES",
      DocumentStatus: "bost_Close",
    });
    await expectSapError(await send("POST", `PurchaseInvoices(${created.DocEntry})/Cancel`), 400, -5002);
    const [paid] = await rowsOf<{ doc_entry: number }>(sql`select distinct pf.factura_doc_entry as doc_entry
      from erp_mock.pago_facturas pf join erp_mock.pagos p on p.bd = pf.bd and p.doc_entry = pf.doc_entry
      where pf.bd = ${BD} and p.canceled = 'N' limit 1`);
    expect(paid).toBeDefined();
    await expectSapError(await send("POST", `PurchaseInvoices(${paid?.doc_entry})/Cancel`), 400, -5002, /payment/);
    await expectSapError(await send("POST", "PurchaseInvoices(999999)/Cancel"), 404, -2028);
  });

  it("VendorPayments(n)/Cancel takes the payment off its invoices; a second Cancel answers -5002", async () => {
    const [pago] = await rowsOf<{ doc_entry: number; factura: number }>(sql`select p.doc_entry,
        pf.factura_doc_entry as factura from erp_mock.pagos p join erp_mock.pago_facturas pf
        on pf.bd = p.bd and pf.doc_entry = p.doc_entry where p.bd = ${BD} and p.canceled = 'N'
      order by p.doc_entry limit 1`);
    const before = await getJson<Json>(`PurchaseInvoices(${pago?.factura})?$select=PaidToDate`);
    expect((await send("POST", `VendorPayments(${pago?.doc_entry})/Cancel`)).status).toBe(204);
    expect(await getJson<Json>(`VendorPayments(${pago?.doc_entry})?$select=Cancelled`)).toMatchObject({
      Cancelled: "tYES",
    });
    const after = await getJson<Json>(`PurchaseInvoices(${pago?.factura})?$select=PaidToDate,DocumentStatus`);
    expect(after.PaidToDate as number).toBeLessThan(before.PaidToDate as number);
    expect(after.DocumentStatus).toBe("bost_Open");
    await expectSapError(await send("POST", `VendorPayments(${pago?.doc_entry})/Cancel`), 400, -5002);
  });

  it("PATCH merges header fields and lines by LineNum; unknown property -1000; If-Match mismatch 412 -2039; DELETE -5006", async () => {
    const [order] = await orderEntries();
    const before = await get(`PurchaseOrders(${order})`);
    const etag = before.headers.get("etag") as string;
    const patched = await send(
      "PATCH",
      `PurchaseOrders(${order})`,
      { Comments: "Nuevo comentario", DocumentLines: [{ LineNum: 0, ItemDescription: "Descripción nueva" }] },
      { "if-match": etag },
    );
    expect(patched.status).toBe(204);
    const [line] = await tdb.db
      .select()
      .from(schema.erpPedidoLineas)
      .where(
        and(
          eq(schema.erpPedidoLineas.bd, BD),
          eq(schema.erpPedidoLineas.docEntry, order as number),
          eq(schema.erpPedidoLineas.lineNum, 0),
        ),
      );
    expect(line?.itemName).toBe("Descripción nueva");
    const after = await getJson<Json>(`PurchaseOrders(${order})`);
    expect(after.Comments).toBe("Nuevo comentario");
    expect(after["@odata.etag"]).not.toBe(etag);
    await expectSapError(
      await send("PATCH", `PurchaseOrders(${order})`, { Comments: "x" }, { "if-match": etag }),
      412,
      -2039,
      /ODBC -2039/,
    );
    await expectSapError(
      await send("PATCH", `PurchaseOrders(${order})`, { NoExiste: 1 }),
      400,
      -1000,
      "Property 'NoExiste' of 'Document' is invalid",
    );
    await expectSapError(
      await send("DELETE", `PurchaseOrders(${order})`),
      400,
      -5006,
      "The requested action is not supported for this object.",
    );
    await expectSapError(await send("PATCH", "PurchaseOrders(999999)", { Comments: "x" }), 404, -2028);
  });

  it("UserFieldsMD: the portal's fields listed; a new field listed at once, a document property only after restart()", async () => {
    const fields = await getJson<Page>(
      `UserFieldsMD?$filter=${encodeURIComponent("TableName eq 'OPCH' and Name eq 'SYS_PORTALID'")}`,
    );
    expect(fields.value).toEqual([expect.objectContaining({ TableName: "OPCH", Name: "SYS_PORTALID" })]);
    const created = await send("POST", "UserFieldsMD", {
      TableName: "OPCH",
      Name: "SYS_NUEVO",
      Type: "db_Alpha",
      Size: 20,
      Description: "Campo nuevo",
    });
    expect(created.status).toBe(201);
    const field = (await created.json()) as Json;
    expect(field.FieldID).toEqual(expect.any(Number));
    await expectSapError(
      await send("POST", "UserFieldsMD", { TableName: "OPCH", Name: "SYS_NUEVO", Type: "db_Alpha", Size: 20 }),
      400,
      -10,
    );
    const listed = await getJson<Page>(`UserFieldsMD?$filter=${encodeURIComponent("Name eq 'SYS_NUEVO'")}`);
    expect(listed.value).toHaveLength(1);
    await expectSapError(await get("PurchaseInvoices?$select=DocEntry,U_SYS_NUEVO"), 400, -1000);
    sim.restart();
    const page = await getJson<Page>("PurchaseInvoices?$select=DocEntry,U_SYS_NUEVO&$top=1");
    expect(page.value[0]).toHaveProperty("U_SYS_NUEVO", null);
  });

  it("without the portal's user fields, U_SYS_PORTALID is no property (400 -1000)", async () => {
    const bare = await startServiceLayerSimulator({
      db: tdb.db,
      credentials: [{ companyDb: BD, ...USER }],
      clock: time.clock,
      userFields: [],
    });
    try {
      const session = await login(BD, bare.url);
      const response = await get(
        "PurchaseInvoices?$select=DocEntry,U_SYS_PORTALID",
        { cookie: session.cookie },
        bare.url,
      );
      await expectSapError(response, 400, -1000);
    } finally {
      await bare.close();
    }
  });

  it("Drafts: empty until a test adds one (knob or POST Drafts)", async () => {
    expect((await getJson<Page>("Drafts")).value).toEqual([]);
    const entry = sim.addDraft(BD, { CardCode: "P1", U_SYS_PORTALID: 77 });
    const response = await send("POST", "Drafts", { DocObjectCode: "oPurchaseInvoices", CardCode: "P2" });
    expect(response.status).toBe(201);
    const drafts = await getJson<Page>(
      `Drafts?$select=DocEntry,CardCode,U_SYS_PORTALID&$filter=${encodeURIComponent("U_SYS_PORTALID eq 77")}`,
    );
    expect(drafts.value).toEqual([{ DocEntry: entry, CardCode: "P1", U_SYS_PORTALID: 77 }]);
    expect((await getJson<Page>("Drafts?$select=DocEntry")).value).toHaveLength(2);
  });
});

describe("fault knobs", () => {
  it("latency per route and the global latency", async () => {
    // Wide gaps between the delayed and the undelayed route, so a loaded machine does not blur them.
    await getJson("BusinessPartners?$top=1&$select=CardCode");
    sim.faults.latencyByRoute = { PurchaseOrders: 1_500 };
    let started = performance.now();
    await getJson("PurchaseOrders?$top=1&$select=DocEntry");
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_490);
    started = performance.now();
    await getJson("BusinessPartners?$top=1&$select=CardCode");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("errorRate answers 500 with SAP's body or the balancer's HTML 503; html502 the next N requests", async () => {
    sim.faults.errorRate = 1;
    await expectSapError(await get("PurchaseOrders?$top=1"), 500, -1);
    sim.faults.errorKind = "html503";
    const html = await get("PurchaseOrders?$top=1");
    expect(html.status).toBe(503);
    expect(await html.text()).toContain("Service Unavailable");
    sim.faults.errorRate = 0;
    sim.faults.html502 = 1;
    expect((await get("PurchaseOrders?$top=1")).status).toBe(502);
    expect((await get("PurchaseOrders?$top=1")).status).toBe(200);
  });

  it("timeoutRate never answers: the client's own timeout ends the request", async () => {
    sim.faults.timeoutRate = 1;
    const error = await fetch(`${sim.url}PurchaseOrders`, {
      headers: { cookie },
      signal: AbortSignal.timeout(200),
    }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("TimeoutError");
  });

  it("commitThenDrop: the A/P invoice is committed and the connection dropped without an answer", async () => {
    const receipt = await openReceipt();
    sim.faults.commitThenDrop = 1;
    const body = invoiceBody(receipt);
    const error = await send("POST", "PurchaseInvoices", body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError); // fetch failed: the socket closed
    const found = await getJson<Page>(
      `PurchaseInvoices?$select=DocEntry&$filter=${encodeURIComponent(`U_SYS_PORTALID eq ${body.U_SYS_PORTALID}`)}`,
    );
    expect(found.value).toHaveLength(1);
    expect(sim.faults.commitThenDrop).toBe(0);
  });

  it("logins land on .node1/.node2 round robin; a broken node answers 500 code 407 on every request", async () => {
    const second = await login();
    expect(cookie).toContain("ROUTEID=.node1");
    expect(second.cookie).toContain("ROUTEID=.node2");
    sim.faults.brokenNode = ".node2";
    await expectSapError(
      await get("PurchaseOrders?$top=1", { cookie: second.cookie }),
      500,
      407,
      "Table definition not found for '@X'",
    );
    expect((await get("PurchaseOrders?$top=1")).status).toBe(200);
  });

  it("parallel logins above the limit answer 500 code 299 SAML Login Failed", async () => {
    sim.faults.maxParallelLogins = 1;
    sim.faults.latencyByRoute = { Login: 100 };
    const answers = await Promise.all([login(), login(), login()]);
    const statuses = answers.map((a) => a.response.status).sort();
    expect(statuses).toContain(200);
    const refused = answers.find((a) => a.response.status === 500);
    expect(refused).toBeDefined();
    expect(await refused?.response.json()).toEqual({ error: { code: "299", message: "SAML Login Failed" } });
  });

  it("insertDuringPaging: a document inserted after page N is seen by the next pages", async () => {
    const before = await orderEntries();
    sim.faults.insertDuringPaging = { afterPage: 1 };
    const { rows } = await all("PurchaseOrders?$select=DocEntry", { prefer: "odata.maxpagesize=10" });
    const entries = rows.map((r) => r.DocEntry);
    expect(entries).toContain((before.at(-1) as number) + 1);
    expect(entries).toHaveLength(before.length + 1);
    let ran = 0;
    sim.faults.insertDuringPaging = {
      entity: "PurchaseDeliveryNotes",
      afterPage: 2,
      run: (companyDb) => {
        expect(companyDb).toBe(BD);
        ran++;
      },
    };
    await all("PurchaseDeliveryNotes?$select=DocEntry&$top=3", { prefer: "odata.maxpagesize=1" });
    expect(ran).toBe(1);
  });

  it("counts requests per route; resetCounts; expireAllSessions answers 401 code 301", async () => {
    sim.resetCounts();
    await get("PurchaseOrders?$top=1");
    await get("PurchaseOrders(1)");
    await get("BusinessPartners?$top=1");
    expect(sim.requestCount("PurchaseOrders")).toBe(2);
    expect(sim.requestCount("BusinessPartners")).toBe(1);
    expect(sim.requestCount()).toBe(3);
    sim.resetCounts();
    expect(sim.requestCount()).toBe(0);
    expect(sim.loginCount()).toBe(1);
    sim.expireAllSessions();
    await expectSapError(await get("PurchaseOrders?$top=1"), 401, 301);
  });
});
