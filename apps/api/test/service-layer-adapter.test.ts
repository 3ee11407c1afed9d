import { ERP_AUTORIZACION_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import { cancelPago, createMockErpAdapter, payFacturas } from "@portal/erp-sim";
import {
  PORTAL_USER_FIELDS,
  type ServiceLayerSimulator,
  startServiceLayerSimulator,
} from "@portal/erp-sim/service-layer";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { erpPdfPolicy } from "../src/erp/pdf-policy";
import { createErpScopeResolver } from "../src/erp/scope";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { createServiceLayerClient, type ServiceLayerClient, ServiceLayerError } from "../src/erp/service-layer/client";
import { money, plainDecimal, quantity, roundDecimal, sumMoney, unitPrice } from "../src/erp/service-layer/money";
import { keyFilters, stampFilter, stringKeyFilters } from "../src/erp/service-layer/odata";
import type { ErpAdapter, ErpEntrada, ErpPedido, ErpScope } from "../src/erp/types";
import { ErpApprovalPendingError, ErpRechazoError } from "../src/erp/types";
import { DomainError, NotFound } from "../src/lib/errors";
import type { SessionUser } from "../src/lib/session-user";
import { createArchivosRepository } from "../src/modules/archivos/repository";
import { createArchivosService } from "../src/modules/archivos/service";
import { createSociedadesRepository } from "../src/modules/sociedades/repository";
import { createDemoTestDatabase, createTestClock } from "./helpers";

describe("Service Layer money: doubles to decimal text", () => {
  it("rounds the decimal SAP sent half away from zero, not the double's binary value", () => {
    expect(money(0.1 + 0.2)).toBe("0.30");
    expect(money(1160.0000001)).toBe("1160.00");
    expect(money(1159.9999999)).toBe("1160.00");
    // 2.675 is 2.67499999999999982236431605997495353221893310546875 as a double; SAP meant 2.675.
    expect(money(2.675)).toBe("2.68");
    expect(money(1.005)).toBe("1.01");
    expect(money(-2.675)).toBe("-2.68");
    expect(money(-0.004)).toBe("0.00");
    expect(money(-1160.5)).toBe("-1160.50");
    expect(money(0)).toBe("0.00");
    expect(money(null)).toBe("0.00");
    expect(money(123456789012.345)).toBe("123456789012.35");
    expect(money("12.345")).toBe("12.35");
  });

  it("writes exponent forms out in full", () => {
    expect(plainDecimal(1e-7)).toBe("0.0000001");
    expect(plainDecimal(1.5e21)).toBe("1500000000000000000000");
    expect(plainDecimal(-2.5e-8)).toBe("-0.000000025");
    expect(money(5e-7)).toBe("0.00");
    expect(roundDecimal(5e-3, 2)).toBe("0.01");
  });

  it("quantities and rates: at most six decimals, no trailing zeros; unit prices keep two", () => {
    expect(quantity(12.5)).toBe("12.5");
    expect(quantity(16)).toBe("16");
    expect(quantity(0)).toBe("0");
    expect(quantity(1 / 3)).toBe("0.333333");
    expect(quantity(2 / 3)).toBe("0.666667");
    expect(quantity(18.7234565)).toBe("18.723457");
    expect(quantity(-0.0000001)).toBe("0");
    expect(quantity(0.1 + 0.2)).toBe("0.3");
    expect(unitPrice(850)).toBe("850.00");
    expect(unitPrice(12.3456)).toBe("12.3456");
    expect(unitPrice(12.5)).toBe("12.50");
  });

  it("sums money in cents, so parts that each round do not drift", () => {
    expect(sumMoney([0.1, 0.2, 0.3])).toBe("0.60");
    expect(sumMoney([1000.005, 160.004])).toBe("1160.01");
    expect(sumMoney([1160, null, undefined])).toBe("1160.00");
    expect(sumMoney([-10.005, 5])).toBe("-5.01");
  });
});

describe("Service Layer queries", () => {
  it("turns keys into ranges and eq terms, in chunks", () => {
    expect(keyFilters("DocEntry", [5, 1, 2, 3, 9, 10])).toEqual([
      "(DocEntry ge 1 and DocEntry le 3) or DocEntry eq 5 or DocEntry eq 9 or DocEntry eq 10",
    ]);
    expect(
      keyFilters(
        "DocEntry",
        Array.from({ length: 10_000 }, (_, i) => i + 1),
      ),
    ).toEqual(["(DocEntry ge 1 and DocEntry le 10000)"]);
    const scattered = keyFilters(
      "DocEntry",
      Array.from({ length: 100 }, (_, i) => i * 2),
    );
    expect(scattered).toHaveLength(3);
    expect(scattered.join(" or ").split(" or ")).toHaveLength(100);
    // At most 1,000 keys per filter: a whole company database in parallel chunks.
    expect(keyFilters("DocEntry", [1, 2, 3, 4, 5, 7, 9], undefined, 3)).toEqual([
      "(DocEntry ge 1 and DocEntry le 3)",
      "DocEntry eq 4 or DocEntry eq 5 or DocEntry eq 7",
      "DocEntry eq 9",
    ]);
    const big = keyFilters(
      "DocEntry",
      Array.from({ length: 10_000 }, (_, i) => i + 1),
      undefined,
      1_000,
    );
    expect(big).toHaveLength(10);
    expect(big[9]).toBe("(DocEntry ge 9001 and DocEntry le 10000)");
    expect(stringKeyFilters("CardCode", ["O'B", "A"])).toEqual(["CardCode eq 'A' or CardCode eq 'O''B'"]);
  });

  it("reads from one minute before the watermark, at HH:MM, across midnight", () => {
    expect(stampFilter("2026-11-20 14:05:30")).toBe(
      "UpdateDate gt '2026-11-20' or (UpdateDate eq '2026-11-20' and UpdateTime ge '14:04')",
    );
    expect(stampFilter("2026-11-21 00:00:10")).toBe(
      "UpdateDate gt '2026-11-20' or (UpdateDate eq '2026-11-20' and UpdateTime ge '23:59')",
    );
  });
});

const BD = "SBO_IIA";
const BIG = "SBO_GRANDE";
const USER = { userName: "manager", password: "clave-sap" };
const BIG_COUNT = 10_000;

let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let client: ServiceLayerClient;
let adapter: ErpAdapter;
/** Every request the client sent (method and URL, decoded), in order. */
let sent: string[];
/** Awaited before each request is sent (a test's fault at a precise moment). */
let beforeSend: (url: string, method: string) => Promise<void> | void;
/** Awaited after an answer arrived, before the client reads it (an answer held back). */
let afterReceive: (url: string) => Promise<void> | void;
let timeoutMs = 15_000;
/** An answer given instead of the simulator's (a Service Layer sending something the simulator never does). */
let answerInstead: (url: string) => Response | undefined;

async function truth(bd: string) {
  // What the simulator stamps (erp_mock.sl_cambios) for every order of `bd`: the mirror must end up equal to it.
  const rows = await tdb.db
    .select({ docEntry: schema.erpSlCambios.docEntry, stamp: schema.erpSlCambios.actualizado })
    .from(schema.erpSlCambios)
    .where(and(eq(schema.erpSlCambios.tipo, "pedido"), eq(schema.erpSlCambios.bd, bd)));
  return new Map(rows.map((r) => [r.docEntry, r.stamp]));
}

function makeAdapter() {
  const spy: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? "GET";
    sent.push(`${method} ${decodeURIComponent(url)}`);
    await beforeSend(url, method);
    const response = answerInstead(decodeURIComponent(url)) ?? (await fetch(input, init));
    await afterReceive(decodeURIComponent(url));
    return response;
  };
  client = createServiceLayerClient({ url: sim.url, timeoutMs, fetch: spy, clock: time.clock }, (companyDb) => ({
    companyDb,
    ...USER,
  }));
  adapter = createServiceLayerErpAdapter({ db: tdb.db, client, clock: time.clock });
}

beforeAll(async () => {
  time = createTestClock();
  tdb = await createDemoTestDatabase(time);
  // 10,000 orders of one supplier in their own company database, one line each, in two statements.
  await tdb.db.execute(sql`insert into erp_mock.pedidos (bd, doc_entry, doc_num, card_code, card_name, doc_status,
      doc_date, doc_due_date, group_num, main_usage, pey_method, doc_cur, vat_sum, doc_total)
    select ${BIG}, g, 500000 + g, 'PGRANDE', 'Proveedor Grande, S.A. de C.V.', 'O',
      date '2026-01-01' + (g % 300), date '2026-01-01' + (g % 300) + 30, 0, 'G03', '03', 'MXN', 16.08, 116.58
    from generate_series(1, ${BIG_COUNT}) g`);
  await tdb.db.execute(sql`insert into erp_mock.pedido_lineas (bd, doc_entry, line_num, item_code, item_name,
      line_status, uom_code, quantity, open_qty, price_bef_di, line_total, vat_sum)
    select ${BIG}, g, 0, 'ART-' || (g % 50), 'Artículo ' || (g % 50), 'O', 'PZA', 3, 3, 33.5, 100.50, 16.08
    from generate_series(1, ${BIG_COUNT}) g`);
  // Statistics for the bulk rows (autovacuum would take a while): without them PostgreSQL plans the simulator's
  // joins as nested loops over "tiny" tables (seconds instead of milliseconds). The simulator stamps the new
  // orders on its first read; its stamps table gets statistics too.
  await tdb.db.execute(sql`analyze erp_mock.pedidos`);
  await tdb.db.execute(sql`analyze erp_mock.pedido_lineas`);
  const warm = await startServiceLayerSimulator({
    db: tdb.db,
    credentials: [{ companyDb: BIG, ...USER }],
    clock: time.clock,
  });
  const warmClient = createServiceLayerClient({ url: warm.url, timeoutMs: 60_000 }, (companyDb) => ({
    companyDb,
    ...USER,
  }));
  await warmClient.getAll(BIG, "PurchaseOrders?$select=DocEntry&$top=1");
  await warmClient.logoutAll();
  await warm.close();
  await tdb.db.execute(sql`analyze erp_mock.sl_cambios`);
}, 120_000);

afterAll(async () => {
  await tdb?.drop();
});

beforeEach(async () => {
  sim = await startServiceLayerSimulator({
    db: tdb.db,
    credentials: [BD, BIG, "SBO_KIJ", "SBO_MCI"].map((companyDb) => ({ companyDb, ...USER })),
    clock: time.clock,
  });
  sent = [];
  beforeSend = () => {};
  afterReceive = () => {};
  answerInstead = () => undefined;
  timeoutMs = 15_000;
  // Every test starts from a cold mirror.
  await tdb.db.delete(schema.erpSlDocumentos);
  await tdb.db.delete(schema.erpSlSincronizacion);
  await tdb.db.delete(schema.erpSlAdjuntos);
  makeAdapter();
});

afterEach(async () => {
  sim.faults.latencyMs = 0;
  await sim.close();
});

/** An A/P invoice in MXN of `bd`, live and not fully paid (an accountant can pay part of it). */
async function openMxnInvoice(bd: string) {
  const [abierta] = await tdb.db
    .select({ docNum: schema.erpFacturas.docNum })
    .from(schema.erpFacturas)
    .where(
      and(
        eq(schema.erpFacturas.bd, bd),
        eq(schema.erpFacturas.canceled, "N"),
        eq(schema.erpFacturas.docCur, "MXN"),
        sql`${schema.erpFacturas.paidToDate} < ${schema.erpFacturas.docTotal}`,
      ),
    )
    .limit(1);
  return abierta;
}

const everyone = (bd: string): ErpScope => ({ bds: [bd], cardCode: null });
const stampReads = () => sent.filter((s) => s.includes("$select=DocEntry,DocNum,CardCode,DocDate,UpdateDate"));

describe("Service Layer adapter: paged reads", () => {
  it("pages over 10,000 orders: every key once, in list order, counted, whole documents read once; then warm reads cost one small request", async () => {
    let started = performance.now();
    const versions = await adapter.listPedidoVersions(everyone(BIG));
    const coldMs = performance.now() - started;
    expect(versions).toHaveLength(BIG_COUNT);
    expect(new Set(versions.map((v) => v.docEntry)).size).toBe(BIG_COUNT);
    const expected = await truth(BIG);
    for (const v of versions) expect(v.version).toBe((expected.get(v.docEntry) ?? "").slice(0, 19));
    // Newest first, then DocNum descending (one company database).
    const docNum = new Map(
      (
        await tdb.db
          .select({ e: schema.erpPedidos.docEntry, n: schema.erpPedidos.docNum, d: schema.erpPedidos.docDate })
          .from(schema.erpPedidos)
          .where(eq(schema.erpPedidos.bd, BIG))
      ).map((r) => [r.e, r]),
    );
    for (let i = 1; i < versions.length; i++) {
      const a = docNum.get(versions[i - 1]?.docEntry as number);
      const b = docNum.get(versions[i]?.docEntry as number);
      expect(a && b && (a.d > b.d || (a.d === b.d && a.n > b.n))).toBe(true);
    }
    // Cold: no stamps pass, the whole documents once (the list that follows needs them): one $count, then ten
    // pages of 1,000 by $skip, each asked exactly once, the last one following next links to the end.
    expect(stampReads()).toHaveLength(0);
    const wholeReads = sent.filter((s) => s.includes("PurchaseOrders?$select=DocEntry,DocNum,CardCode,CardName"));
    for (let i = 0; i < 10; i++) {
      expect(
        wholeReads.filter((s) => s.includes(`$skip=${i * 1000}`) && !s.includes(`$skip=${i * 1000}0`)),
      ).toHaveLength(1);
    }
    expect(wholeReads).toHaveLength(BIG_COUNT / 1_000);
    expect(sent.filter((s) => s.includes("PurchaseOrders/$count"))).toHaveLength(1);
    expect(await adapter.countPedidos(everyone(BIG))).toBe(BIG_COUNT);

    // Warm: past the freshness window, versions + count + one supplier's count cost one request.
    time.advance(60_000);
    sent = [];
    started = performance.now();
    const [again, n, mine] = await Promise.all([
      adapter.listPedidoVersions(everyone(BIG)),
      adapter.countPedidos(everyone(BIG)),
      adapter.countPedidos({ bds: [BIG], cardCode: "PGRANDE" }),
    ]);
    const warmMs = performance.now() - started;
    expect(again).toEqual(versions);
    expect(n).toBe(BIG_COUNT);
    expect(mine).toBe(BIG_COUNT);
    expect(sent.filter((s) => !s.includes("/Login"))).toHaveLength(1);
    console.info(
      `10,000 orders: cold versions ${coldMs.toFixed(0)} ms, warm versions+2 counts ${warmMs.toFixed(0)} ms`,
    );
  }, 120_000);

  it("reads 10,000 whole orders once on a cold mirror, by key ranges when warm, each exactly once, numbers as decimals", async () => {
    const started = performance.now();
    const pedidos = await adapter.listPedidos(everyone(BIG));
    const ms = performance.now() - started;
    expect(pedidos).toHaveLength(BIG_COUNT);
    expect(new Set(pedidos.map((p) => p.docEntry)).size).toBe(BIG_COUNT);
    const p = pedidos.find((x) => x.docEntry === 7) as (typeof pedidos)[number];
    expect(p).toMatchObject({ docNum: 500007, docTotal: "116.58", vatSum: "16.08", docRate: "1", groupNum: 0 });
    expect(p.lineas).toEqual([
      expect.objectContaining({ quantity: "3", openQty: "3", priceBefDi: "33.50", lineTotal: "100.50" }),
    ]);
    const documentReads = sent.filter((s) => s.includes("PurchaseOrders?$select=DocEntry,DocNum,CardCode,CardName"));
    // Cold mirror: the whole company database is read ONCE (ten pages of 1,000 by $skip, four at a time) and both
    // fills the mirror and answers the list; no stamps pass, no key ranges read again.
    for (let i = 0; i < 10; i++) {
      expect(
        documentReads.filter((s) => s.includes(`$skip=${i * 1000}`) && !s.includes(`$skip=${i * 1000}0`)),
      ).toHaveLength(1);
    }
    expect(documentReads).toHaveLength(10);
    expect(documentReads.filter((s) => s.includes("DocEntry ge"))).toHaveLength(0);
    expect(stampReads()).toHaveLength(0);

    // Past the window, nothing changed: the documents converted at the versions the mirror lists answer, with no
    // document request (only the mirror's stamps are asked).
    time.advance(60_000);
    sent = [];
    expect(await adapter.listPedidos(everyone(BIG))).toEqual(pedidos);
    expect(sent.filter((s) => s.includes("PurchaseOrders?$select=DocEntry,DocNum,CardCode,CardName"))).toEqual([]);
    expect(stampReads()).toHaveLength(1);
    // Once those conversions are older than the item names' cache, the same list reads by key ranges (the cold
    // read's documents are not kept): ten ranges of 1,000, each one page.
    time.advance(10 * 60_000);
    sent = [];
    const again = await adapter.listPedidos(everyone(BIG));
    expect(again).toEqual(pedidos);
    const rangeReads = sent.filter((s) => s.includes("PurchaseOrders?$select=DocEntry,DocNum,CardCode,CardName"));
    for (let i = 0; i < 10; i++) {
      const range = `(DocEntry ge ${i * 1000 + 1} and DocEntry le ${(i + 1) * 1000})`;
      expect(rangeReads.filter((s) => s.includes(range))).toHaveLength(1);
    }
    expect(rangeReads).toHaveLength(10);
    console.info(`10,000 whole orders (cold mirror + documents): ${ms.toFixed(0)} ms, ${documentReads.length} pages`);
  }, 120_000);

  it("a watcher (the lists' row cache) gets every document of a cold read page by page, each item name asked once; nothing is kept", async () => {
    const seen: ErpPedido[] = [];
    let calls = 0;
    const stop = adapter.watchDocuments?.("pedido", (docs) => {
      calls++;
      seen.push(...docs);
    });
    expect(stop).toBeTypeOf("function");
    const versions = await adapter.listPedidoVersions(everyone(BIG));
    // One call per page of 1,000, every document once, with the version the mirror lists.
    expect(calls).toBe(BIG_COUNT / 1_000);
    expect(seen).toHaveLength(BIG_COUNT);
    expect(new Map(seen.map((d) => [d.docEntry, d.version]))).toEqual(
      new Map(versions.map((v) => [v.docEntry, v.version])),
    );
    // Pages converted at the same time share the item-name requests: the 50 items once.
    const codes = Array.from({ length: 50 }, (_, i) => `ART-${i}`);
    expect(sent.filter((s) => s.includes("/Items?"))).toHaveLength(stringKeyFilters("ItemCode", codes).length);
    expect(sent.filter((s) => s.includes("/PaymentTermsTypes?"))).toHaveLength(1);
    // The watcher has them, so the adapter keeps no raw documents; the list right after finds them converted at
    // the versions the mirror lists (no document request), and they are the documents the watcher got.
    sent = [];
    const pedidos = await adapter.listPedidos(everyone(BIG));
    expect(sent.filter((s) => s.includes("PurchaseOrders?"))).toEqual([]);
    const byEntry = (a: ErpPedido, b: ErpPedido) => a.docEntry - b.docEntry;
    expect([...pedidos].sort(byEntry)).toEqual([...seen].sort(byEntry));
    stop?.();
  }, 120_000);

  it("a session that expires between two pages: one new login, no row repeated or missing", async () => {
    let pages = 0;
    beforeSend = (url) => {
      if (url.includes("PurchaseOrders?") && url.includes("UpdateTime")) {
        pages++;
        if (pages === 4) sim.expireAllSessions();
      }
    };
    const logins = sim.loginCount();
    const versions = await adapter.listPedidoVersions(everyone(BIG));
    expect(pages).toBeGreaterThanOrEqual(10);
    expect(sim.loginCount() - logins).toBe(2); // the first login and ONE re-login
    expect(versions).toHaveLength(BIG_COUNT);
    expect(new Set(versions.map((v) => v.docEntry)).size).toBe(BIG_COUNT);
  }, 120_000);

  it("rows inserted and changed during a paged read: none lost, none repeated, the new one seen at the latest on the next call", async () => {
    await adapter.listPedidoVersions(everyone(BIG)); // warm mirror
    // 2,500 orders change (an ERP user's mass update): the next incremental read pages over them.
    time.advance(120_000);
    await tdb.db.execute(sql`update erp_mock.pedidos set comments = comments || '.'
      where bd = ${BIG} and doc_entry between 5001 and 7500`);
    // Between its pages: an order near the start changes (enters the filtered set before the page being read,
    // shifting the rest) and a new order is inserted at the end.
    sim.faults.insertDuringPaging = {
      afterPage: 1,
      run: async (bd) => {
        time.advance(1_000);
        await tdb.db.execute(sql`update erp_mock.pedidos set comments = 'cambio' where bd = ${bd} and doc_entry = 10`);
        await tdb.db.execute(sql`insert into erp_mock.pedidos (bd, doc_entry, doc_num, card_code, card_name,
            doc_status, doc_date, doc_due_date, group_num, main_usage, pey_method, doc_cur, doc_total)
          values (${bd}, ${BIG_COUNT + 1}, ${500000 + BIG_COUNT + 1}, 'PGRANDE', 'Proveedor Grande, S.A. de C.V.', 'O',
            '2026-11-20', '2026-12-20', 0, 'G03', '03', 'MXN', 116.58)`);
        await tdb.db.execute(sql`insert into erp_mock.pedido_lineas (bd, doc_entry, line_num, item_code, item_name,
            line_status, uom_code, quantity, open_qty, price_bef_di, line_total)
          values (${bd}, ${BIG_COUNT + 1}, 0, 'ART-1', 'Artículo 1', 'O', 'PZA', 1, 1, 100.5, 100.5)`);
      },
    };
    sent = [];
    const during = await adapter.listPedidoVersions(everyone(BIG));
    expect(stampReads().length).toBeGreaterThanOrEqual(3); // paged: 2,500 changed rows at 1,000 a page
    expect(new Set(during.map((v) => v.docEntry)).size).toBe(during.length);
    expect(during.length === BIG_COUNT || during.length === BIG_COUNT + 1).toBe(true);
    // Every order the read covered has the stamp it had when its page was read, or a later one.
    const expected = await truth(BIG);
    for (const v of during) expect(v.version <= (expected.get(v.docEntry) ?? "").slice(0, 19)).toBe(true);

    time.advance(60_000);
    const next = await adapter.listPedidoVersions(everyone(BIG));
    expect(next).toHaveLength(BIG_COUNT + 1);
    const now = await truth(BIG);
    for (const v of next) expect(v.version).toBe((now.get(v.docEntry) ?? "").slice(0, 19));
    // Clean up for the other tests.
    await tdb.db.execute(sql`delete from erp_mock.pedido_lineas where bd = ${BIG} and doc_entry > ${BIG_COUNT}`);
    await tdb.db.execute(sql`delete from erp_mock.pedidos where bd = ${BIG} and doc_entry > ${BIG_COUNT}`);
  }, 120_000);
});

describe("Service Layer adapter: the same answers as the mock over the same erp_mock rows", () => {
  const demo: ErpScope = { bds: ["SBO_IIA", "SBO_KIJ", "SBO_MCI"], cardCode: null };
  // What the two cannot share: versions are SAP's stamps here, the mock's counters there; the foreign name is a
  // line field in erp_mock and an item field (Items.ForeignName) in SAP.
  const comparable = <T extends { version: string; lineas: { frgnName: string }[] }>(docs: T[]) =>
    docs.map(({ version: _, lineas, ...d }) => ({ ...d, lineas: lineas.map(({ frgnName: __, ...l }) => l) }));

  /** The archivos row a PDF downloads from: the mock's ids are those rows; the adapter's are copied on download. */
  const downloaded = async <T extends { pdfArchivoId: string | null }>(docs: T[]) =>
    Promise.all(
      docs.map(async (d) => ({
        ...d,
        pdfArchivoId: d.pdfArchivoId && ((await adapter.copyPdf?.(d.pdfArchivoId)) ?? "sin copia"),
      })),
    );

  it("orders, receipts, business partners: same rows in the same order, the same PDFs once downloaded", async () => {
    const mock = createMockErpAdapter(tdb.db);
    expect(comparable(await downloaded(await adapter.listPedidos(demo)))).toEqual(
      comparable(await mock.listPedidos(demo)),
    );
    expect(comparable(await downloaded(await adapter.listEntradas(demo)))).toEqual(
      comparable(await mock.listEntradas(demo)),
    );
    expect(await adapter.listProveedores(demo)).toEqual(await mock.listProveedores(demo));
  });

  it("business partners asked again within the item-name cache's time: no request; after it, read again", async () => {
    const [socio] = await createMockErpAdapter(tdb.db).listProveedores(demo);
    if (!socio) throw new Error("la demostración no tiene socios de negocio");
    const scope: ErpScope = { bds: [socio.bd], cardCode: socio.cardCode };
    const partnerRequests = () => sent.filter((s) => s.includes("/BusinessPartners")).length;
    expect(await adapter.listProveedores(scope)).toEqual([socio]);
    const before = partnerRequests();
    expect(await adapter.listProveedores(scope)).toEqual([socio]);
    expect(partnerRequests()).toBe(before);
    time.advance(10 * 60_000);
    expect(await adapter.listProveedores(scope)).toEqual([socio]);
    expect(partnerRequests()).toBe(before + 1);
  });

  it("payments with their invoices, one payment by number, and every invoice's applications", async () => {
    const mock = createMockErpAdapter(tdb.db);
    const pagos = await mock.listPagos(demo);
    expect(await adapter.listPagos(demo)).toEqual(pagos);
    expect(await adapter.countPagos(demo)).toBe(pagos.length);
    const uno = pagos[Math.floor(pagos.length / 2)] as (typeof pagos)[number];
    expect(await adapter.findPago(uno.bd, uno.docNum)).toEqual(uno);
    expect(await adapter.findPago(uno.bd, 999_999_999)).toBeNull();
    for (const bd of demo.bds) {
      const facturas = [
        ...new Set(pagos.filter((p) => p.bd === bd).flatMap((p) => p.facturas.map((f) => f.facturaDocEntry))),
      ];
      expect(facturas.length).toBeGreaterThan(0);
      expect(await adapter.listAplicaciones(bd, facturas)).toEqual(await mock.listAplicaciones(bd, facturas));
    }
  });

  it("the A/P invoices created by the portal, with their payments and cancellation", async () => {
    const mock = createMockErpAdapter(tdb.db);
    const facturas = await mock.listFacturasProveedor(demo);
    expect(facturas.length).toBeGreaterThan(0);
    expect(await adapter.listFacturasProveedor(demo)).toEqual(facturas);
    for (const f of facturas.slice(0, 5)) expect(await adapter.findFacturaProveedor(f.bd, f.portalId)).toEqual(f);
  });

  it("the payments' fingerprint moves with a new payment and its cancellation, and only then", async () => {
    const scope = everyone(BD);
    const antes = await adapter.pagosFingerprint(scope);
    const n = await adapter.countPagos(scope);
    time.advance(60_000);
    expect(await adapter.pagosFingerprint(scope)).toBe(antes);
    // An accountant pays an open A/P invoice in SAP, then cancels that payment.
    const abierta = await openMxnInvoice(BD);
    expect(abierta).toBeDefined();
    const pago = await payFacturas(tdb.db, {
      bd: BD,
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum: abierta?.docNum as number, monto: "10.00" }],
    });
    time.advance(60_000);
    const pagado = await adapter.pagosFingerprint(scope);
    expect(pagado).not.toBe(antes);
    expect(await adapter.countPagos(scope)).toBe(n + 1);
    const nuevo = await adapter.findPago(BD, pago.docNum);
    expect(nuevo).toMatchObject({ docTotal: "10.00", canceled: "N", formaPago: "03" });
    expect(nuevo?.facturas.map((f) => [f.facturaDocNum, f.sumApplied])).toEqual([[abierta?.docNum, "10.00"]]);
    time.advance(60_000);
    expect(await adapter.pagosFingerprint(scope)).toBe(pagado);
    await cancelPago(tdb.db, BD, pago.docNum);
    time.advance(60_000);
    const cancelado = await adapter.pagosFingerprint(scope);
    expect(cancelado).not.toBe(pagado);
    expect(cancelado).not.toBe(antes);
    expect((await adapter.listPagos(scope)).find((p) => p.docNum === pago.docNum)?.canceled).toBe("Y");
  });
});

describe("Service Layer adapter: one mirror for every process", () => {
  it("two processes asking at once: a cold mirror is read by both and agrees; a warm one is read by the one that claims it", async () => {
    const first = adapter;
    makeAdapter(); // a second process: its own client and adapter over the same database
    const second = adapter;
    expect(second).not.toBe(first);
    const [a, b] = await Promise.all([first.listPedidoVersions(everyone(BD)), second.listPedidoVersions(everyone(BD))]);
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(stampReads().length).toBeLessThanOrEqual(2);
    // Warm and past the window: one process claims the read, the other answers from the mirror.
    time.advance(60_000);
    sent = [];
    const [c, d] = await Promise.all([first.listPedidoVersions(everyone(BD)), second.listPedidoVersions(everyone(BD))]);
    expect(stampReads()).toHaveLength(1);
    expect(stampReads()[0]).toContain("UpdateTime ge");
    expect(c).toEqual(a);
    expect(d).toEqual(a);
    // Within one process, concurrent callers share one read too.
    time.advance(60_000);
    sent = [];
    await Promise.all([first.countPedidos(everyone(BD)), first.listPedidoVersions(everyone(BD))]);
    expect(stampReads()).toHaveLength(1);
  });

  it("a read that finishes late does not put an older version back in the mirror", async () => {
    const key = everyone(BD);
    const before = await adapter.listPedidoVersions(key);
    const target = before[0] as (typeof before)[number];
    const slow = adapter;
    makeAdapter();
    const fast = adapter;
    // The slow process's read is answered before the change and delivered after the fast one stored the change.
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let held = false;
    afterReceive = async (url) => {
      if (!held && url.includes("PurchaseOrders?$select=DocEntry,DocNum,CardCode,DocDate,UpdateDate")) {
        held = true;
        await gate;
      }
    };
    time.advance(60_000);
    const late = slow.listPedidoVersions(key);
    await vi.waitFor(() => expect(held).toBe(true));
    await tdb.db.execute(sql`update erp_mock.pedidos set comments = comments || '.'
      where bd = ${BD} and doc_entry = ${target.docEntry}`);
    time.advance(60_000);
    const changed = (await fast.listPedidoVersions(key)).find((v) => v.docEntry === target.docEntry);
    expect(changed?.version).not.toBe(target.version);
    release();
    await late;
    // Right after the late read stored what it had: the mirror still holds the newer version.
    const [row] = await tdb.db
      .select({ version: schema.erpSlDocumentos.version })
      .from(schema.erpSlDocumentos)
      .where(
        and(
          eq(schema.erpSlDocumentos.tipo, "pedido"),
          eq(schema.erpSlDocumentos.bd, BD),
          eq(schema.erpSlDocumentos.docEntry, target.docEntry),
        ),
      );
    expect(row?.version).toBe(changed?.version);
    expect((await fast.listPedidoVersions(key)).find((v) => v.docEntry === target.docEntry)?.version).toBe(
      changed?.version,
    );
  });
});

describe("Service Layer adapter: failures", () => {
  it("a Service Layer slower than the client's timeout: the Spanish ServiceLayerError within the timeout", async () => {
    await sim.close();
    sim = await startServiceLayerSimulator({
      db: tdb.db,
      credentials: [{ companyDb: BD, ...USER }],
      clock: time.clock,
    });
    timeoutMs = 400;
    makeAdapter();
    sim.faults.latencyMs = 6_000;
    const started = performance.now();
    const error = await adapter.listPedidoVersions(everyone(BD)).catch((e: unknown) => e);
    const ms = performance.now() - started;
    expect(error).toBeInstanceOf(ServiceLayerError);
    expect((error as Error).message).toContain("El ERP no responde; intente en unos minutos.");
    // Cut by the 400 ms timeout, not by the 6 s answer (room for a loaded machine).
    expect(ms).toBeLessThan(3_000);
    expect(JSON.stringify(error)).not.toContain("clave-sap");
    // A warm mirror past its window, the Service Layer timing out: it answers as last read. The failed read is not
    // taken for a fresh one: this process asks again after OUTAGE_RETRY_MS, and another process at once.
    sim.faults.latencyMs = 0;
    const warm = await adapter.listPedidoVersions(everyone(BD));
    time.advance(60_000);
    sim.faults.latencyMs = 3_000;
    sent = [];
    expect(await adapter.listPedidoVersions(everyone(BD))).toEqual(warm);
    expect(sent.filter((u) => u.includes("/PurchaseOrders"))).toHaveLength(1);
    sent = [];
    expect(await adapter.listPedidoVersions(everyone(BD))).toEqual(warm);
    expect(sent.filter((u) => u.includes("/PurchaseOrders"))).toHaveLength(0);
    const otro = adapter;
    makeAdapter();
    expect(adapter).not.toBe(otro);
    expect(await adapter.countPedidos(everyone(BD))).toBe(warm.length);
    // It asked (its own login first, which times out just the same).
    expect(sent.length).toBeGreaterThan(0);
    console.info(`slow Service Layer: the error after ${ms.toFixed(0)} ms (client timeout 400 ms)`);
  });

  it("creates the A/P invoice exactly once when the Service Layer commits and then drops the answer", async () => {
    const entradas = await adapter.listEntradas(everyone(BD));
    const e = entradas.find(
      (x) => x.docStatus === "O" && x.lineas.some((l) => l.lineStatus === "O" && Number(l.openQty) > 0),
    ) as ErpEntrada;
    expect(e).toBeDefined();
    const portalId = 920_000_000 + e.docEntry;
    const nueva = {
      bd: BD,
      portalId,
      cardCode: e.cardCode,
      entradaDocNum: e.docNum,
      numAtCard: "F-DROP",
      uuid: "5A4B3C2D-1E0F-4A9B-8C7D-6E5F4A3B2C1D",
      docDate: e.docDate,
      docTotal: e.docTotal,
      vatSum: e.vatSum,
      wtSum: e.wtSum,
      docCur: e.docCur,
      docRate: e.docRate,
      comments: "Respuesta perdida",
    };
    sim.faults.commitThenDrop = 1;
    sent = [];
    const creada = await adapter.createFacturaProveedor(nueva);
    // The POST was sent once; after it failed the adapter looked the portal id up instead of posting again.
    expect(sent.filter((s) => s.startsWith("POST") && s.endsWith("/PurchaseInvoices"))).toHaveLength(1);
    const lookups = sent.filter((s) => s.includes("PurchaseInvoices?") && s.includes(`U_SYS_PORTALID eq ${portalId}`));
    expect(lookups.length).toBeGreaterThanOrEqual(2); // before the POST and after its failure
    // A second acceptance (the outbox's retry) finds it and posts nothing.
    sent = [];
    expect(await adapter.createFacturaProveedor(nueva)).toEqual(creada);
    expect(sent.filter((s) => s.startsWith("POST") && s.endsWith("/PurchaseInvoices"))).toHaveLength(0);
    const rows = await tdb.db
      .select({ docEntry: schema.erpFacturas.docEntry })
      .from(schema.erpFacturas)
      .where(and(eq(schema.erpFacturas.bd, BD), eq(schema.erpFacturas.portalId, portalId)));
    expect(rows).toEqual([{ docEntry: creada.docEntry }]);
    expect(await adapter.findFacturaProveedor(BD, portalId)).toMatchObject({
      docEntry: creada.docEntry,
      docNum: creada.docNum,
      numAtCard: "F-DROP",
      uuid: "5A4B3C2D-1E0F-4A9B-8C7D-6E5F4A3B2C1D",
      docTotal: e.docTotal,
      entradaDocNum: e.docNum,
    });
    // Put the receipt back for other tests: cancel it (the receipt reopens).
    await adapter.cancelFacturaProveedor(BD, creada.docEntry);
  });

  it("an A/P invoice created while a read of the mirror is under way is seen by the reads that follow", async () => {
    const e = (await adapter.listEntradas(everyone(BD))).find(
      (x) => x.docStatus === "O" && x.lineas.some((l) => l.lineStatus === "O" && Number(l.openQty) > 0),
    ) as ErpEntrada;
    const portalId = 940_000_000 + e.docEntry;
    await adapter.listFacturasProveedor(everyone(BD)); // warm
    time.advance(60_000);
    // The next incremental read of the A/P invoices is answered BEFORE the write and reaches the adapter after it.
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let held = false;
    afterReceive = async (url) => {
      if (!held && url.includes("PurchaseInvoices?$select=DocEntry,DocNum,CardCode,DocDate,UpdateDate")) {
        held = true;
        await gate;
      }
    };
    const inFlight = adapter.facturasProveedorFingerprint(everyone(BD));
    await vi.waitFor(() => expect(held).toBe(true));
    const creada = await adapter.createFacturaProveedor({
      bd: BD,
      portalId,
      cardCode: e.cardCode,
      entradaDocNum: e.docNum,
      numAtCard: "F-CARRERA",
      uuid: "7A4B3C2D-1E0F-4A9B-8C7D-6E5F4A3B2C1D",
      docDate: e.docDate,
      docTotal: e.docTotal,
      vatSum: e.vatSum,
      wtSum: e.wtSum,
      docCur: e.docCur,
      docRate: e.docRate,
      comments: "",
    });
    release();
    await inFlight;
    // Same instant on the clock, within the freshness window: still the write is visible.
    expect(await adapter.findFacturaProveedor(BD, portalId)).toMatchObject({ docEntry: creada.docEntry });
    expect((await adapter.listFacturasProveedor(everyone(BD))).map((f) => f.portalId)).toContain(portalId);
    await adapter.cancelFacturaProveedor(BD, creada.docEntry);
  });

  it("an A/P invoice waiting as an approval draft makes the job wait, naming the draft; nothing is posted", async () => {
    const e = (await adapter.listEntradas(everyone(BD))).find((x) => x.docStatus === "O") as ErpEntrada;
    const portalId = 930_000_000 + e.docEntry;
    const draft = sim.addDraft(BD, {
      DocObjectCode: "oPurchaseInvoices",
      CardCode: e.cardCode,
      DocDate: e.docDate,
      U_SYS_PORTALID: portalId,
    });
    sent = [];
    const error = await adapter
      .createFacturaProveedor({
        bd: BD,
        portalId,
        cardCode: e.cardCode,
        entradaDocNum: e.docNum,
        numAtCard: "F-BORRADOR",
        uuid: "6A4B3C2D-1E0F-4A9B-8C7D-6E5F4A3B2C1D",
        docDate: e.docDate,
        docTotal: e.docTotal,
        vatSum: e.vatSum,
        wtSum: e.wtSum,
        docCur: e.docCur,
        docRate: e.docRate,
        comments: "",
      })
      .catch((x: unknown) => x);
    // Issue 37 (F2): a pending approval draft is no refusal: the outbox waits for SAP's approvers.
    expect(error).toBeInstanceOf(ErpApprovalPendingError);
    expect((error as Error).message).toBe(
      ERP_AUTORIZACION_MSG.esperando(`la factura de proveedor de la factura ${portalId} del portal`, draft),
    );
    expect(sent.filter((s) => s.startsWith("POST") && s.endsWith("/PurchaseInvoices"))).toHaveLength(0);
  });

  it("without the U_SYS_PORTALID user field an A/P invoice is the ERP's refusal naming the field; nothing is posted", async () => {
    const e = (await adapter.listEntradas(everyone(BD))).find((x) => x.docStatus === "O") as ErpEntrada;
    await sim.close();
    sim = await startServiceLayerSimulator({
      db: tdb.db,
      credentials: [{ companyDb: BD, ...USER }],
      clock: time.clock,
      userFields: PORTAL_USER_FIELDS.filter((f) => f.Name !== "SYS_PORTALID"),
    });
    makeAdapter();
    sent = [];
    const error = await adapter
      .createFacturaProveedor({
        bd: BD,
        portalId: 950_000_001,
        cardCode: e.cardCode,
        entradaDocNum: e.docNum,
        numAtCard: "F-SINCAMPO",
        uuid: "8A4B3C2D-1E0F-4A9B-8C7D-6E5F4A3B2C1D",
        docDate: e.docDate,
        docTotal: e.docTotal,
        vatSum: e.vatSum,
        wtSum: e.wtSum,
        docCur: e.docCur,
        docRate: e.docRate,
        comments: "",
      })
      .catch((x: unknown) => x);
    expect(error).toBeInstanceOf(ErpRechazoError);
    expect((error as Error).message).toContain("U_SYS_PORTALID");
    expect(sent.filter((s) => s.startsWith("POST") && s.endsWith("/PurchaseInvoices"))).toHaveLength(0);
  });

  it("an unknown company database reads as empty (SAP's -306), other failures are not swallowed", async () => {
    expect(await adapter.listPedidos(everyone("SBO_NO_EXISTE"))).toEqual([]);
    expect(await adapter.countEntradas(everyone("SBO_NO_EXISTE"))).toBe(0);
    sim.faults.html502 = 10;
    // A supplier whose business partner was never read: nothing to answer from.
    await expect(adapter.listProveedores({ bds: [BD], cardCode: "P-NUNCA-LEIDO" })).rejects.toBeInstanceOf(
      ServiceLayerError,
    );
  });
});

describe("Service Layer adapter: PDFs copied on first download", () => {
  const empleado: SessionUser = {
    sessionId: 1,
    operador: "Empleado",
    id: "1",
    nombre: "Empleada",
    perfil: "A",
    viDocPen: "Y",
    apruebaCuentas: "N",
    conciliaSat: "N",
    secondFactor: "done",
  };
  const proveedor = (cardCode: string): SessionUser => ({
    sessionId: 2,
    operador: "Proveedor",
    id: cardCode,
    nombre: cardCode,
    perfil: "P",
    viDocPen: "N",
    apruebaCuentas: "N",
    conciliaSat: "N",
    secondFactor: "none",
  });
  const archivos = () =>
    createArchivosService({
      repo: createArchivosRepository(tdb.db),
      policies: [erpPdfPolicy(adapter, createErpScopeResolver(createSociedadesRepository(tdb.db)))],
    });
  /** The bytes and archivos id the simulator serves for a document's PDF (erp_mock keeps them in archivos). */
  async function simulatorPdf(docEntry: number) {
    const [row] = await tdb.db
      .select({ id: schema.archivos.id, contenido: schema.archivos.contenido })
      .from(schema.erpPedidos)
      .innerJoin(schema.archivos, eq(schema.archivos.id, schema.erpPedidos.pdfArchivoId))
      .where(and(eq(schema.erpPedidos.bd, BD), eq(schema.erpPedidos.docEntry, docEntry)));
    return row as { id: string; contenido: Uint8Array };
  }
  async function adjunto(archivoId: string) {
    const [row] = await tdb.db.select().from(schema.erpSlAdjuntos).where(eq(schema.erpSlAdjuntos.archivoId, archivoId));
    return row;
  }
  const listWithPdfs = async () => {
    const pedidos = (await adapter.listPedidos(everyone(BD))).filter((p) => p.pdfArchivoId);
    expect(pedidos.length).toBeGreaterThan(1);
    return pedidos;
  };

  it("listing documents with PDFs asks the Service Layer for no attachment: new ids, nothing copied, owners from the mirror", async () => {
    sim.resetCounts();
    const pedidos = await listWithPdfs();
    const entradas = (await adapter.listEntradas(everyone(BD))).filter((e) => e.pdfArchivoId);
    expect(entradas.length).toBeGreaterThan(0);
    expect(sim.requestCount("Attachments2")).toBe(0);
    expect(sent.filter((u) => u.includes("Attachments2"))).toEqual([]);
    for (const doc of [...pedidos, ...entradas]) {
      const row = await adjunto(doc.pdfArchivoId as string);
      expect(row).toMatchObject({ bd: BD, contenidoId: null, copiadoEn: null });
      // The id is the attachment's own, not an archivos row: nothing is stored until someone downloads it.
      const [archivo] = await tdb.db
        .select({ id: schema.archivos.id })
        .from(schema.archivos)
        .where(eq(schema.archivos.id, doc.pdfArchivoId as string));
      expect(archivo).toBeUndefined();
    }
    // The same ids on the next read (and for a key read), still without a Service Layer request for a PDF.
    time.advance(60_000);
    const again = (await adapter.listPedidos(everyone(BD))).filter((p) => p.pdfArchivoId);
    expect(again.map((p) => p.pdfArchivoId)).toEqual(pedidos.map((p) => p.pdfArchivoId));
    const [leido] = await adapter.readPedidos([{ bd: BD, docEntry: pedidos[0]?.docEntry as number }]);
    expect(leido?.pdfArchivoId).toBe(pedidos[0]?.pdfArchivoId);
    sent = [];
    expect(await adapter.findPdfOwners(pedidos[0]?.pdfArchivoId as string)).toContainEqual({
      kind: "pedido",
      bd: BD,
      cardCode: pedidos[0]?.cardCode,
      docNum: pedidos[0]?.docNum,
    });
    expect(sent).toEqual([]);
    expect(sim.requestCount("Attachments2")).toBe(0);
  });

  it("the first download copies the PDF with one request, into the archivos row of the same bytes; the second asks nothing", async () => {
    const [pedido] = await listWithPdfs();
    const id = pedido?.pdfArchivoId as string;
    const expected = await simulatorPdf(pedido?.docEntry as number);
    sim.resetCounts();
    time.advance(5_000);
    const file = await archivos().download(empleado, id);
    expect(sim.requestCount("Attachments2")).toBe(1);
    expect(sent.filter((u) => u.includes("Attachments2"))).toEqual([
      `GET ${sim.url}Attachments2(${(await adjunto(id))?.atcEntry})/$value`,
    ]);
    expect(Buffer.from(file.contenido).equals(Buffer.from(expected.contenido))).toBe(true);
    expect(file.mime).toBe("application/pdf");
    expect(file.size).toBe(expected.contenido.byteLength);
    expect(file.nombre).toBe(`Pedido-${BD}-${pedido?.docNum}.pdf`);
    // Content-addressed: the bytes the mock ERP already keeps in archivos are that row, not a copy.
    expect(await adjunto(id)).toMatchObject({ contenidoId: expected.id, copiadoEn: time.clock() });

    time.advance(60_000);
    const second = await archivos().download(proveedor(pedido?.cardCode as string), id);
    expect(Buffer.from(second.contenido).equals(Buffer.from(expected.contenido))).toBe(true);
    expect(sim.requestCount("Attachments2")).toBe(1);
    // A later list keeps offering the attachment's id, not the content's.
    time.advance(60_000);
    const again = await adapter.readPedidos([{ bd: BD, docEntry: pedido?.docEntry as number }]);
    expect(again[0]?.pdfArchivoId).toBe(id);
  });

  it("two downloads at once share one Service Layer request", async () => {
    const [, pedido] = await listWithPdfs();
    const id = pedido?.pdfArchivoId as string;
    sim.resetCounts();
    const service = archivos();
    const [a, b, c] = await Promise.all([
      service.download(empleado, id),
      service.download(empleado, id),
      adapter.copyPdf?.(id),
    ]);
    expect(sim.requestCount("Attachments2")).toBe(1);
    expect(Buffer.from(a.contenido).equals(Buffer.from(b.contenido))).toBe(true);
    expect(c).toBe((await simulatorPdf(pedido?.docEntry as number)).id);
  });

  it("a supplier who may not see the document, or an unknown id, gets the same 404 and causes no Service Layer request", async () => {
    const [pedido] = await listWithPdfs();
    const id = pedido?.pdfArchivoId as string;
    // Another registered supplier: its scope never includes this supplier's documents.
    const [otro] = await tdb.db
      .selectDistinct({ cardCode: schema.proveedorSociedades.cardCode })
      .from(schema.proveedorSociedades)
      .where(sql`${schema.proveedorSociedades.cardCode} <> ${pedido?.cardCode}`)
      .limit(1);
    expect(otro).toBeDefined();
    sim.resetCounts();
    sent = [];
    const refused = await archivos()
      .download(proveedor(otro?.cardCode as string), id)
      .catch((e: unknown) => e);
    const unknown = await archivos()
      .download(empleado, "00000000-0000-4000-8000-000000000000")
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NotFound);
    expect(unknown).toBeInstanceOf(NotFound);
    expect((refused as NotFound).message).toBe((unknown as NotFound).message);
    expect(sim.requestCount()).toBe(0);
    expect(sent).toEqual([]);
    expect(await adjunto(id)).toMatchObject({ contenidoId: null, copiadoEn: null });
    // The document's own supplier downloads it.
    const own = await archivos().download(proveedor(pedido?.cardCode as string), id);
    expect(own.mime).toBe("application/pdf");
    expect(sim.requestCount("Attachments2")).toBe(1);
  });

  it("a Service Layer failure during the copy is its Spanish ServiceLayerError; nothing is recorded, the next download copies", async () => {
    const [pedido] = await listWithPdfs();
    const id = pedido?.pdfArchivoId as string;
    sim.faults.html502 = 10;
    const error = await archivos()
      .download(empleado, id)
      .catch((e: unknown) => e);
    sim.faults.html502 = 0;
    expect(error).toBeInstanceOf(ServiceLayerError);
    expect((error as Error).message).toMatch(/El ERP no responde/);
    expect(await adjunto(id)).toMatchObject({ contenidoId: null, copiadoEn: null });
    const file = await archivos().download(empleado, id);
    expect(file.mime).toBe("application/pdf");
    expect((await adjunto(id))?.contenidoId).not.toBeNull();
  });

  it("an attachment that is not a PDF is refused in Spanish and not stored", async () => {
    const [pedido] = await listWithPdfs();
    const id = pedido?.pdfArchivoId as string;
    const html = "<html><script>alert(1)</script></html>";
    answerInstead = (url) =>
      url.includes("Attachments2(") ? new Response(html, { headers: { "content-type": "text/html" } }) : undefined;
    const archivosAntes = await tdb.db.select({ n: sql<number>`count(*)::int` }).from(schema.archivos);
    const error = await archivos()
      .download(empleado, id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).statusCode).toBe(502);
    expect((error as Error).message).toMatch(/no es un PDF/);
    expect(await adjunto(id)).toMatchObject({ contenidoId: null, copiadoEn: null });
    expect(await tdb.db.select({ n: sql<number>`count(*)::int` }).from(schema.archivos)).toEqual(archivosAntes);
  });
});

describe("Service Layer adapter: old payments", () => {
  it("a payment cancelled long after its date moves the fingerprint at the latest after the whole re-read", async () => {
    const scope = everyone(BD);
    const abierta = await openMxnInvoice(BD);
    const pago = await payFacturas(tdb.db, {
      bd: BD,
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum: abierta?.docNum as number, monto: "1.00" }],
    });
    await adapter.pagosFingerprint(scope);
    // Half a year later the accountants cancel it: it is no longer among the recent payments re-read each time.
    time.advance(200 * 86_400_000);
    const antes = await adapter.pagosFingerprint(scope);
    await cancelPago(tdb.db, BD, pago.docNum);
    time.advance(16 * 60_000);
    const despues = await adapter.pagosFingerprint(scope);
    expect(despues).not.toBe(antes);
    expect((await adapter.findPago(BD, pago.docNum))?.canceled).toBe("Y");
  });
});

describe("Service Layer adapter: catalogs", () => {
  it("an item's foreign name edited in SAP shows once the per-process cache expires", async () => {
    const key = { bd: BIG, docEntry: 1 };
    const [before] = await adapter.readPedidos([key]);
    const code = before?.lineas[0]?.itemCode as string;
    await tdb.db.execute(sql`update erp_mock.pedido_lineas set frgn_name = 'Foreign ' || item_code
      where bd = ${BIG} and item_code = ${code}`);
    time.advance(11 * 60_000);
    const [after] = await adapter.readPedidos([key]);
    expect(after?.lineas[0]?.frgnName).toBe(`Foreign ${code}`);
    expect(before?.lineas[0]?.frgnName).not.toBe(`Foreign ${code}`);
  });
});

describe("Service Layer adapter: documents unchanged since the portal converted them", () => {
  /** Whole receipts asked (not the mirror's keys and stamps). */
  const receiptReads = () =>
    sent.filter((s) => s.includes("/PurchaseDeliveryNotes?$select=DocEntry,DocNum,CardCode,CardName"));
  /** Whole payments asked (not the mirror's keys and Cancelled). */
  const paymentReads = () => sent.filter((s) => s.includes("/VendorPayments?$filter="));

  /** A supplier with at least three receipts in BD, and those receipts. */
  async function supplierWithReceipts() {
    const rows = await tdb.db
      .select({ cardCode: schema.erpEntradas.cardCode, docNum: schema.erpEntradas.docNum })
      .from(schema.erpEntradas)
      .where(eq(schema.erpEntradas.bd, BD));
    const byCard = new Map<string, number[]>();
    for (const r of rows) byCard.set(r.cardCode, [...(byCard.get(r.cardCode) ?? []), r.docNum]);
    const found = [...byCard].find(([, nums]) => nums.length >= 3);
    expect(found).toBeDefined();
    return { cardCode: found?.[0] as string, docNums: found?.[1] as number[] };
  }

  it("a supplier's receipts: asked again, no document request; one changed in SAP, only that one by key", async () => {
    const { cardCode, docNums } = await supplierWithReceipts();
    const scope: ErpScope = { bds: [BD], cardCode };
    const first = await adapter.listEntradas(scope);
    expect(first.length).toBe(docNums.length);
    time.advance(60_000);
    sent = [];
    expect(await adapter.listEntradas(scope)).toEqual(first);
    expect(receiptReads()).toEqual([]);

    // An ERP user edits one receipt: the next list (past the freshness window) reads that one, by its key.
    const changed = first[1] as ErpEntrada;
    await tdb.db.execute(sql`update erp_mock.entradas set comments = 'Editada en SAP'
      where bd = ${BD} and doc_entry = ${changed.docEntry}`);
    time.advance(60_000);
    sent = [];
    const after = await adapter.listEntradas(scope);
    expect(receiptReads()).toHaveLength(1);
    expect(receiptReads()[0]).toContain(`DocEntry eq ${changed.docEntry}`);
    const edited = after.find((e) => e.docEntry === changed.docEntry);
    expect(edited?.comments).toBe("Editada en SAP");
    expect(edited?.version).not.toBe(changed.version);
    expect(after.filter((e) => e.docEntry !== changed.docEntry)).toEqual(
      first.filter((e) => e.docEntry !== changed.docEntry),
    );
  });

  it("one receipt by number (postFactura): from a warm mirror without a document request, as SAP has it now", async () => {
    const { cardCode } = await supplierWithReceipts();
    const [one] = await adapter.listEntradas({ bds: [BD], cardCode });
    const receipt = one as ErpEntrada;
    time.advance(60_000);
    sent = [];
    expect(await adapter.findEntrada(BD, receipt.docNum)).toEqual(receipt);
    expect(receiptReads()).toEqual([]);
    // Closed in SAP: past the freshness window the receipt answers closed.
    await tdb.db.execute(sql`update erp_mock.entradas set doc_status = 'C'
      where bd = ${BD} and doc_entry = ${receipt.docEntry}`);
    time.advance(60_000);
    expect((await adapter.findEntrada(BD, receipt.docNum))?.docStatus).toBe("C");
    await tdb.db.execute(sql`update erp_mock.entradas set doc_status = ${receipt.docStatus}
      where bd = ${BD} and doc_entry = ${receipt.docEntry}`);
  });

  it("payments: asked again, no payment request; a cancelled one is read again", async () => {
    const scope = everyone(BD);
    // An accountant pays an open A/P invoice today (other tests moved the clock: a payment of its own date).
    const abierta = await openMxnInvoice(BD);
    const pago = await payFacturas(tdb.db, {
      bd: BD,
      fecha: time.clock().toISOString().slice(0, 10),
      moneda: "MXN",
      facturas: [{ docNum: abierta?.docNum as number, monto: "1.00" }],
    });
    const first = await adapter.listPagos(scope);
    const live = first.find((p) => p.docNum === pago.docNum) as (typeof first)[number];
    expect(live?.canceled).toBe("N");
    time.advance(60_000);
    sent = [];
    expect(await adapter.listPagos(scope)).toEqual(first);
    expect(paymentReads()).toEqual([]);

    await cancelPago(tdb.db, BD, pago.docNum);
    time.advance(60_000);
    sent = [];
    const after = await adapter.listPagos(scope);
    expect(after.find((p) => p.docEntry === live.docEntry)?.canceled).toBe("Y");
    const full = paymentReads();
    expect(full).toHaveLength(1);
    expect(full[0]).toContain(`DocEntry eq ${live.docEntry}`);
  });
});

describe("Service Layer adapter: one A/P invoice for several goods receipts (issue 27)", () => {
  it("posts the open lines of every receipt (BaseType 20, each BaseEntry and BaseLine) and the simulator copies them all", async () => {
    const abiertas = (await adapter.listEntradas(everyone(BD))).filter(
      (e) => e.docStatus === "O" && e.lineas.every((l) => l.lineStatus === "O" && Number(l.openQty) > 0),
    );
    const a = abiertas[0] as ErpEntrada;
    const b = abiertas.find((e) => e.cardCode === a.cardCode && e.docNum !== a.docNum) as ErpEntrada;
    expect(b).toBeDefined();
    // The bodies the adapter writes, through a client that records them (the adapter over it is this test's).
    const bodies: unknown[] = [];
    const recording: ServiceLayerClient = {
      ...client,
      write: (bd, method, path, body) => {
        if (path === "PurchaseInvoices") bodies.push(body);
        return client.write(bd, method, path, body);
      },
    };
    adapter = createServiceLayerErpAdapter({ db: tdb.db, client: recording, clock: time.clock });
    const portalId = 950_000_000 + a.docEntry;
    const creada = await adapter.createFacturaProveedor({
      bd: BD,
      portalId,
      cardCode: a.cardCode,
      entradaDocNum: a.docNum,
      entradaDocNums: [a.docNum, b.docNum],
      numAtCard: "F-DOS",
      uuid: "3C4D5E6F-7A8B-4C9D-8E0F-2A3B4C5D6E7F",
      docDate: a.docDate,
      docTotal: ((Math.round(Number(a.docTotal) * 100) + Math.round(Number(b.docTotal) * 100)) / 100).toFixed(2),
      vatSum: "0.00",
      wtSum: "0.00",
      docCur: a.docCur,
      docRate: a.docRate,
      comments: "Dos entradas",
    });
    const esperadas = [a, b].flatMap((e) =>
      e.lineas.map((l) => ({ BaseType: 20, BaseEntry: e.docEntry, BaseLine: l.lineNum })),
    );
    expect(bodies).toHaveLength(1);
    expect((bodies[0] as { DocumentLines: unknown[] }).DocumentLines).toEqual(esperadas);
    // What the simulated SAP wrote: one line per receipt line, in order, each pointing at its base document.
    const lineas = await tdb.db
      .select({
        baseEntry: schema.erpFacturaLineas.baseEntry,
        baseLine: schema.erpFacturaLineas.baseLine,
        itemCode: schema.erpFacturaLineas.itemCode,
      })
      .from(schema.erpFacturaLineas)
      .where(and(eq(schema.erpFacturaLineas.bd, BD), eq(schema.erpFacturaLineas.docEntry, creada.docEntry)))
      .orderBy(schema.erpFacturaLineas.lineNum);
    expect(lineas).toEqual(
      [a, b].flatMap((e) =>
        e.lineas.map((l) => ({ baseEntry: e.docEntry, baseLine: l.lineNum, itemCode: l.itemCode })),
      ),
    );
    for (const e of [a, b]) expect((await adapter.findEntrada(BD, e.docNum))?.docStatus).toBe("C");
    // Put both receipts back for other tests.
    await adapter.cancelFacturaProveedor(BD, creada.docEntry);
    for (const e of [a, b]) expect((await adapter.findEntrada(BD, e.docNum))?.docStatus).toBe("O");
  });
});
