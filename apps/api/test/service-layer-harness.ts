import { schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import { type ServiceLayerSimulator, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { createServiceLayerClient, type ServiceLayerClient } from "../src/erp/service-layer/client";
import type { ErpAdapter, ErpScope } from "../src/erp/types";
import { createDemoTestDatabase, createTestClock } from "./helpers";

/*
 * The Service Layer adapter's test bench, shared by the service-layer-adapter*.test.ts files: a demo database, a
 * Service Layer simulator started per test over it, and the real client and adapter with a spy on every request.
 * Every test starts from a cold mirror.
 */

export const BD = "SBO_IIA";
/** A company database of BIG_COUNT orders of one supplier (only with `bigCompany`). */
export const BIG = "SBO_GRANDE";
export const BIG_COUNT = 10_000;
export const USER = { userName: "manager", password: "clave-sap" };

export interface ServiceLayerBench {
  tdb: TestDatabase;
  time: ReturnType<typeof createTestClock>;
  sim: ServiceLayerSimulator;
  client: ServiceLayerClient;
  adapter: ErpAdapter;
  /** Every request the client sent (method and URL, decoded), in order. */
  sent: string[];
  /** Awaited before each request is sent (a test's fault at a precise moment). */
  beforeSend: (url: string, method: string) => Promise<void> | void;
  /** Awaited after an answer arrived, before the client reads it (an answer held back). */
  afterReceive: (url: string) => Promise<void> | void;
  timeoutMs: number;
  /** An answer given instead of the simulator's (a Service Layer sending something the simulator never does). */
  answerInstead: (url: string) => Response | undefined;
  /** A new client and adapter with the bench's current settings (e.g. after changing `timeoutMs`). */
  makeAdapter(): void;
  /** What the simulator stamps (erp_mock.sl_cambios) for every order of `bd`: the mirror must end up equal to it. */
  truth(bd: string): Promise<Map<number, string>>;
  /** An A/P invoice in MXN of `bd`, live and not fully paid (an accountant can pay part of it). */
  openMxnInvoice(bd: string): Promise<{ docNum: number } | undefined>;
  everyone(bd: string): ErpScope;
  /** The mirror's reads of orders' keys and stamps. */
  stampReads(): string[];
}

/** Registers the bench's hooks in the calling test file and returns it (its fields are set by the hooks). */
export function useServiceLayerBench(options: { bigCompany: boolean }): ServiceLayerBench {
  const h = {
    sent: [],
    beforeSend: () => {},
    afterReceive: () => {},
    timeoutMs: 15_000,
    answerInstead: () => undefined,
    makeAdapter() {
      const spy: typeof fetch = async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const method = init?.method ?? "GET";
        h.sent.push(`${method} ${decodeURIComponent(url)}`);
        await h.beforeSend(url, method);
        const response = h.answerInstead(decodeURIComponent(url)) ?? (await fetch(input, init));
        await h.afterReceive(decodeURIComponent(url));
        return response;
      };
      h.client = createServiceLayerClient(
        { url: h.sim.url, timeoutMs: h.timeoutMs, fetch: spy, clock: h.time.clock },
        (companyDb) => ({ companyDb, ...USER }),
      );
      h.adapter = createServiceLayerErpAdapter({ db: h.tdb.db, client: h.client, clock: h.time.clock });
    },
    async truth(bd: string) {
      const rows = await h.tdb.db
        .select({ docEntry: schema.erpSlCambios.docEntry, stamp: schema.erpSlCambios.actualizado })
        .from(schema.erpSlCambios)
        .where(and(eq(schema.erpSlCambios.tipo, "pedido"), eq(schema.erpSlCambios.bd, bd)));
      return new Map(rows.map((r) => [r.docEntry, r.stamp]));
    },
    async openMxnInvoice(bd: string) {
      const [abierta] = await h.tdb.db
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
    },
    everyone: (bd: string): ErpScope => ({ bds: [bd], cardCode: null }),
    stampReads: () => h.sent.filter((s) => s.includes("$select=DocEntry,DocNum,CardCode,DocDate,UpdateDate")),
  } as Partial<ServiceLayerBench> as ServiceLayerBench;

  beforeAll(async () => {
    h.time = createTestClock();
    h.tdb = await createDemoTestDatabase(h.time);
    if (options.bigCompany) await addBigCompany(h);
  }, 120_000);

  afterAll(async () => {
    await h.tdb?.drop();
  });

  beforeEach(async () => {
    h.sim = await startServiceLayerSimulator({
      db: h.tdb.db,
      credentials: [BD, BIG, "SBO_KIJ", "SBO_MCI"].map((companyDb) => ({ companyDb, ...USER })),
      clock: h.time.clock,
    });
    h.sent = [];
    h.beforeSend = () => {};
    h.afterReceive = () => {};
    h.answerInstead = () => undefined;
    h.timeoutMs = 15_000;
    // Every test starts from a cold mirror.
    await h.tdb.db.delete(schema.erpSlDocumentos);
    await h.tdb.db.delete(schema.erpSlSincronizacion);
    await h.tdb.db.delete(schema.erpSlAdjuntos);
    h.makeAdapter();
  });

  afterEach(async () => {
    h.sim.faults.latencyMs = 0;
    await h.sim.close();
  });

  return h;
}

/** 10,000 orders of one supplier in their own company database, one line each, in two statements; warmed once. */
async function addBigCompany(h: ServiceLayerBench) {
  const { db } = h.tdb;
  await db.execute(sql`insert into erp_mock.pedidos (bd, doc_entry, doc_num, card_code, card_name, doc_status,
      doc_date, doc_due_date, group_num, main_usage, pey_method, doc_cur, vat_sum, doc_total)
    select ${BIG}, g, 500000 + g, 'PGRANDE', 'Proveedor Grande, S.A. de C.V.', 'O',
      date '2026-01-01' + (g % 300), date '2026-01-01' + (g % 300) + 30, 0, 'G03', '03', 'MXN', 16.08, 116.58
    from generate_series(1, ${BIG_COUNT}) g`);
  await db.execute(sql`insert into erp_mock.pedido_lineas (bd, doc_entry, line_num, item_code, item_name,
      line_status, uom_code, quantity, open_qty, price_bef_di, line_total, vat_sum)
    select ${BIG}, g, 0, 'ART-' || (g % 50), 'Artículo ' || (g % 50), 'O', 'PZA', 3, 3, 33.5, 100.50, 16.08
    from generate_series(1, ${BIG_COUNT}) g`);
  // Statistics for the bulk rows (autovacuum would take a while): without them PostgreSQL plans the simulator's
  // joins as nested loops over "tiny" tables (seconds instead of milliseconds). The simulator stamps the new
  // orders on its first read; its stamps table gets statistics too.
  await db.execute(sql`analyze erp_mock.pedidos`);
  await db.execute(sql`analyze erp_mock.pedido_lineas`);
  const warm = await startServiceLayerSimulator({
    db,
    credentials: [{ companyDb: BIG, ...USER }],
    clock: h.time.clock,
  });
  const warmClient = createServiceLayerClient({ url: warm.url, timeoutMs: 60_000 }, (companyDb) => ({
    companyDb,
    ...USER,
  }));
  await warmClient.getAll(BIG, "PurchaseOrders?$select=DocEntry&$top=1");
  await warmClient.logoutAll();
  await warm.close();
  await db.execute(sql`analyze erp_mock.sl_cambios`);
}
