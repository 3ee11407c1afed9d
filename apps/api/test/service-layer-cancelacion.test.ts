import { schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import { addPaymentInSecondSeries, addReceiptInSecondSeries } from "@portal/erp-sim";
import { type ServiceLayerSimulator, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { createServiceLayerClient, type ServiceLayerClient } from "../src/erp/service-layer/client";
import type { ErpAdapter, ErpEntrada, ErpFacturaProveedorNueva, ErpScope } from "../src/erp/types";
import { ErpRechazoError } from "../src/erp/types";
import { DomainError } from "../src/lib/errors";
import { createDemoTestDatabase, createTestClock } from "./helpers";

/**
 * Decision 048: SAP Business One as it really is, for cancellations (fidelity F6), portal ids (F7), numbering series
 * (F8) and the form of the answers (F18) — the simulator answers as SAP does, and the Service Layer adapter copes.
 * One seeded database and one simulator for the whole file; each test takes receipts no other test used.
 */

const BD = "SBO_IIA";
const USER = { userName: "manager", password: "clave-sap" };
const everyone: ErpScope = { bds: [BD], cardCode: null };

let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let client: ServiceLayerClient;
let adapter: ErpAdapter;
let requests: string[] = [];
const usedReceipts = new Set<number>();
let nextPortalId = 960_000_000;

function adapterOn(url: string) {
  const spy: typeof fetch = async (input, init) => {
    requests.push(
      `${init?.method ?? "GET"} ${decodeURIComponent(String(input instanceof Request ? input.url : input))}`,
    );
    return fetch(input, init);
  };
  const c = createServiceLayerClient({ url, timeoutMs: 30_000, fetch: spy, clock: time.clock }, (companyDb) => ({
    companyDb,
    ...USER,
  }));
  return { client: c, adapter: createServiceLayerErpAdapter({ db: tdb.db, client: c, clock: time.clock }) };
}

beforeAll(async () => {
  time = createTestClock();
  tdb = await createDemoTestDatabase(time);
  sim = await startServiceLayerSimulator({
    db: tdb.db,
    credentials: [{ companyDb: BD, ...USER }],
    clock: time.clock,
  });
  ({ client, adapter } = adapterOn(sim.url));
}, 120_000);

afterAll(async () => {
  await sim?.close();
  await tdb?.drop();
});

/** An open receipt with open lines that no other test took. */
async function openReceipt(): Promise<ErpEntrada> {
  const e = (await adapter.listEntradas(everyone)).find(
    (x) =>
      !usedReceipts.has(x.docEntry) &&
      x.docStatus === "O" &&
      x.lineas.every((l) => l.lineStatus === "O" && Number(l.openQty) === Number(l.quantity)),
  );
  if (!e) throw new Error("the seed has no open receipt left");
  usedReceipts.add(e.docEntry);
  return e;
}

function request(e: ErpEntrada, portalId = ++nextPortalId): ErpFacturaProveedorNueva {
  return {
    bd: BD,
    portalId,
    cardCode: e.cardCode,
    entradaDocNum: e.docNum,
    numAtCard: `F-${e.docNum}`,
    uuid: "7C1A2B3C-0000-4000-8000-000000000048",
    docDate: e.docDate,
    docTotal: e.docTotal,
    vatSum: e.vatSum,
    wtSum: e.wtSum,
    docCur: e.docCur,
    docRate: e.docRate,
    comments: "Decisión 048",
  };
}

/** Every PurchaseInvoices row carrying `portalId`, as the Service Layer answers them, by DocEntry. */
async function rowsOfPortalId(portalId: number) {
  return client.getAll<Record<string, unknown>>(
    BD,
    `PurchaseInvoices?$select=DocEntry,DocNum,Cancelled,CancelStatus,DocumentStatus,U_SYS_PORTALID&$filter=${encodeURIComponent(
      `U_SYS_PORTALID eq ${portalId}`,
    )}&$orderby=DocEntry`,
    { maxPageSize: 0 },
  );
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ErpRechazoError);
  return (error as Error).message;
};

describe("cancellation documents (F6)", () => {
  it("Cancelling an A/P invoice in the simulator creates a cancellation document; the portal still finds the original as cancelled; a paid invoice cannot be cancelled", async () => {
    const e = await openReceipt();
    const nueva = request(e);
    const creada = await adapter.createFacturaProveedor(nueva);
    expect(await rowsOfPortalId(nueva.portalId)).toEqual([
      expect.objectContaining({ DocEntry: creada.docEntry, Cancelled: "tNO", CancelStatus: "csNo" }),
    ]);
    await adapter.cancelFacturaProveedor(BD, creada.docEntry);

    // SAP's two rows: the original cancelled (csYes) and the cancellation document (csCancellation), both closed,
    // both with the portal id.
    const rows = await rowsOfPortalId(nueva.portalId);
    expect(rows).toEqual([
      {
        DocEntry: creada.docEntry,
        DocNum: creada.docNum,
        Cancelled: "tYES",
        CancelStatus: "csYes",
        DocumentStatus: "bost_Close",
        U_SYS_PORTALID: nueva.portalId,
      },
      {
        DocEntry: expect.any(Number),
        DocNum: expect.any(Number),
        Cancelled: "tNO",
        CancelStatus: "csCancellation",
        DocumentStatus: "bost_Close",
        U_SYS_PORTALID: nueva.portalId,
      },
    ]);
    const twin = rows[1] as { DocEntry: number; DocNum: number };
    expect(twin.DocEntry).toBeGreaterThan(creada.docEntry);
    expect(twin.DocNum).not.toBe(creada.docNum);

    // The portal finds the original, cancelled, and lists it once.
    time.advance(60_000);
    expect(await adapter.findFacturaProveedor(BD, nueva.portalId)).toMatchObject({
      docEntry: creada.docEntry,
      docNum: creada.docNum,
      canceled: "Y",
    });
    const listed = (await adapter.listFacturasProveedor(everyone)).filter((f) => f.portalId === nueva.portalId);
    expect(listed.map((f) => [f.docEntry, f.canceled])).toEqual([[creada.docEntry, "Y"]]);
    // The receipt is open again.
    expect((await adapter.findEntrada(BD, e.docNum, e.cardCode))?.docStatus).toBe("O");

    // A repeated cancel job is a no-op: no error, no third row; creating again finds the original, posts nothing.
    await expect(adapter.cancelFacturaProveedor(BD, creada.docEntry)).resolves.toBeUndefined();
    expect(await rowsOfPortalId(nueva.portalId)).toHaveLength(2);
    requests = [];
    expect(await adapter.createFacturaProveedor(nueva)).toEqual(creada);
    expect(requests.filter((r) => r.startsWith("POST") && r.endsWith("/PurchaseInvoices"))).toEqual([]);

    // The cancellation document itself cannot be cancelled.
    expect(await refusal(adapter.cancelFacturaProveedor(BD, twin.DocEntry))).toMatch(
      /Cannot cancel a cancellation document/,
    );

    // A paid invoice: SAP's words, and the invoice stays as it was.
    const [paid] = (
      (await tdb.db.execute(sql`select f.doc_entry from erp_mock.facturas f
      where f.bd = ${BD} and f.canceled = 'N' and exists (select 1 from erp_mock.pago_facturas pf
        join erp_mock.pagos p on p.bd = pf.bd and p.doc_entry = pf.doc_entry
        where pf.bd = f.bd and pf.factura_doc_entry = f.doc_entry and p.canceled = 'N')
      order by f.doc_entry limit 1`)) as unknown as { rows: { doc_entry: number }[] }
    ).rows;
    expect(paid).toBeDefined();
    expect(await refusal(adapter.cancelFacturaProveedor(BD, Number(paid?.doc_entry)))).toMatch(
      "You cannot cancel fully or partially paid documents; cancel payments first",
    );
    const [still] = await tdb.db
      .select({ canceled: schema.erpFacturas.canceled })
      .from(schema.erpFacturas)
      .where(and(eq(schema.erpFacturas.bd, BD), eq(schema.erpFacturas.docEntry, Number(paid?.doc_entry))));
    expect(still?.canceled).toBe("N");
  });

  it("an A/P invoice with a follow-up document (the portal's credit memo) cannot be cancelled", async () => {
    const e = await openReceipt();
    const nueva = request(e);
    const creada = await adapter.createFacturaProveedor(nueva);
    await adapter.createNotaCreditoProveedor({
      bd: BD,
      portalId: ++nextPortalId,
      cardCode: e.cardCode,
      numAtCard: "NC-048",
      uuid: "7C1A2B3C-0000-4000-8000-000000000049",
      docDate: e.docDate,
      docTotal: "1.00",
      docCur: e.docCur,
      docRate: e.docRate,
      comments: "Nota de crédito",
      facturas: [{ docEntry: creada.docEntry, importe: "1.00" }],
    });
    expect(await refusal(adapter.cancelFacturaProveedor(BD, creada.docEntry))).toMatch(
      "Cancellation is only possible if No follow-up document exists",
    );
    expect(await rowsOfPortalId(nueva.portalId)).toEqual([expect.objectContaining({ CancelStatus: "csNo" })]);
  });

  it("cancelled receipts and their cancellation documents are not offered to suppliers", async () => {
    const e = await openReceipt();
    const before = await adapter.listEntradas({ bds: [BD], cardCode: e.cardCode });
    expect(before.some((x) => x.docEntry === e.docEntry)).toBe(true);
    // An accountant cancels the receipt in SAP: CANCELED Y on it, and a cancellation document (C) after it.
    const twin = await addReceiptInSecondSeries(tdb.db, BD, e.docEntry);
    await tdb.db.execute(sql`update erp_mock.entradas set canceled = 'Y', doc_status = 'C'
      where bd = ${BD} and doc_entry = ${e.docEntry}`);
    await tdb.db.execute(sql`update erp_mock.entradas set canceled = 'C', doc_status = 'C',
        doc_num = ${e.docNum + 700_000} where bd = ${BD} and doc_entry = ${twin.docEntry}`);
    time.advance(60_000);
    const after = await adapter.listEntradas({ bds: [BD], cardCode: e.cardCode });
    expect(after.map((x) => x.docEntry)).not.toContain(e.docEntry);
    expect(after.map((x) => x.docEntry)).not.toContain(twin.docEntry);
    expect(after.length).toBe(before.length - 1);
    expect(await adapter.findEntrada(BD, e.docNum, e.cardCode)).toBeNull();
  });
});

describe("U_SYS_PORTALID is not unique in SAP (F7)", () => {
  it("two A/P invoices with one portal id are reported as a duplicate, not silently picked", async () => {
    const first = await openReceipt();
    const second = await openReceipt();
    const nueva = request(first);
    const creada = await adapter.createFacturaProveedor(nueva);
    // Someone else (an accountant, another tool) posts a second one with the same portal id: SAP accepts it.
    const other = request(second, nueva.portalId);
    const answer = await client.write(BD, "POST", "PurchaseInvoices", {
      CardCode: other.cardCode,
      DocDate: other.docDate,
      U_SYS_PORTALID: other.portalId,
      DocumentLines: second.lineas.map((l) => ({ BaseType: 20, BaseEntry: second.docEntry, BaseLine: l.lineNum })),
    });
    expect(answer.status).toBe(201);
    const duplicate = new RegExp(`La factura ${nueva.portalId} del portal tiene 2 facturas de proveedor`);
    expect(await refusal(adapter.createFacturaProveedor(nueva))).toMatch(duplicate);
    time.advance(60_000);
    expect(await refusal(adapter.findFacturaProveedor(BD, nueva.portalId))).toMatch(duplicate);
    expect(await refusal(adapter.findFacturaProveedor(BD, nueva.portalId))).toContain(`DocEntry ${creada.docEntry}`);
    // The list the portal syncs from leaves both out (a warning in the log) instead of taking one.
    const listed = await adapter.listFacturasProveedor(everyone);
    expect(listed.filter((f) => f.portalId === nueva.portalId)).toEqual([]);
    expect(listed.length).toBeGreaterThan(0);
  });

  it("two concurrent createFacturaProveedor calls for one portal id create one A/P invoice", async () => {
    const e = await openReceipt();
    const nueva = request(e);
    // Every PurchaseInvoices request is slow: both lookups would answer "none" before either POST without the lock.
    sim.faults.latencyByRoute = { PurchaseInvoices: 150 };
    try {
      const [a, b] = await Promise.all([adapter.createFacturaProveedor(nueva), adapter.createFacturaProveedor(nueva)]);
      expect(a).toEqual(b);
    } finally {
      sim.faults.latencyByRoute = {};
    }
    const rows = await tdb.db
      .select({ docEntry: schema.erpFacturas.docEntry })
      .from(schema.erpFacturas)
      .where(and(eq(schema.erpFacturas.bd, BD), eq(schema.erpFacturas.portalId, nueva.portalId)));
    expect(rows).toHaveLength(1);
  });
});

describe("DocNum repeats across numbering series; payments with negative DocEntry (F8)", () => {
  it("receipt and payment lookups by number take the supplier's document, and refuse when the number is ambiguous", async () => {
    const e = await openReceipt();
    // The second series' receipt belongs to another supplier (the demo company database has one).
    const otherCardCode = "P-SERIE-2";
    const twin = await addReceiptInSecondSeries(tdb.db, BD, e.docEntry, otherCardCode);
    expect(twin.docNum).toBe(e.docNum);
    time.advance(60_000);
    expect((await adapter.findEntrada(BD, e.docNum, e.cardCode))?.docEntry).toBe(e.docEntry);
    expect((await adapter.findEntrada(BD, e.docNum, otherCardCode))?.docEntry).toBe(twin.docEntry);
    const ambiguous = await adapter.findEntrada(BD, e.docNum).then(
      () => null,
      (error: unknown) => error,
    );
    expect(ambiguous).toBeInstanceOf(DomainError);
    expect((ambiguous as Error).message).toMatch(`El número ${e.docNum} corresponde a 2 entradas de mercancía`);

    const [pago] = await tdb.db
      .select({
        docEntry: schema.erpPagos.docEntry,
        docNum: schema.erpPagos.docNum,
        cardCode: schema.erpPagos.cardCode,
      })
      .from(schema.erpPagos)
      .where(and(eq(schema.erpPagos.bd, BD), eq(schema.erpPagos.canceled, "N")))
      .orderBy(asc(schema.erpPagos.docEntry))
      .limit(1);
    if (!pago) throw new Error("the seed has no payment");
    const negative = await addPaymentInSecondSeries(tdb.db, BD, pago.docEntry, { cardCode: otherCardCode });
    expect(negative.docEntry).toBeLessThan(0);
    expect((await adapter.findPago(BD, pago.docNum, pago.cardCode))?.docEntry).toBe(pago.docEntry);
    expect((await adapter.findPago(BD, pago.docNum, otherCardCode))?.docEntry).toBe(negative.docEntry);
    await expect(adapter.findPago(BD, pago.docNum)).rejects.toBeInstanceOf(DomainError);
  });

  it("the payment sync picks up a negative-DocEntry payment on the next incremental read", async () => {
    await adapter.listPagos(everyone); // the mirror's first (full) read and its DocEntry watermark
    time.advance(60_000);
    const [pago] = await tdb.db
      .select({ docEntry: schema.erpPagos.docEntry, docNum: schema.erpPagos.docNum })
      .from(schema.erpPagos)
      .where(and(eq(schema.erpPagos.bd, BD), sql`${schema.erpPagos.docEntry} > 0`))
      .orderBy(asc(schema.erpPagos.docEntry))
      .limit(1);
    if (!pago) throw new Error("the seed has no payment");
    // Dated long before the recent-days window: only its DocEntry can bring it.
    const negative = await addPaymentInSecondSeries(tdb.db, BD, pago.docEntry, {
      docDate: "2025-01-15",
      withInvoices: true,
    });
    requests = [];
    const pagos = await adapter.listPagos(everyone);
    // An incremental read (a DocEntry filter), not the 15-minute full pass.
    expect(requests.some((r) => r.includes("VendorPayments?") && r.includes("DocEntry lt 0"))).toBe(true);
    expect(pagos.find((p) => p.docEntry === negative.docEntry)).toMatchObject({
      docNum: pago.docNum,
      docDate: "2025-01-15",
    });
  });
});

describe("answer forms (F18)", () => {
  it("v2 dates as YYYY-MM-DDT00:00:00Z, v1 next links as absolute paths and /@Element: the adapter reads both alike", async () => {
    // The raw forms.
    const v2Page = await client.getAll<Record<string, unknown>>(
      BD,
      "PurchaseOrders?$select=DocEntry,DocDate,UpdateDate&$top=1",
    );
    expect(v2Page[0]?.DocDate).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    expect(v2Page[0]?.UpdateDate).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
    const login = await fetch(`${sim.urlV1}Login`, {
      method: "POST",
      body: JSON.stringify({ CompanyDB: BD, UserName: USER.userName, Password: USER.password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const v1Page = (await (
      await fetch(`${sim.urlV1}PurchaseOrders?$select=DocEntry,DocDate`, {
        headers: { cookie, prefer: "odata.maxpagesize=2" },
      })
    ).json()) as Record<string, unknown>;
    expect(v1Page["odata.nextLink"]).toBe("/b1s/v1/PurchaseOrders?$select=DocEntry,DocDate&$skip=2");
    expect((v1Page.value as Record<string, unknown>[])[0]?.DocDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const first = (v1Page.value as { DocEntry: number }[])[0]?.DocEntry;
    const one = (await (await fetch(`${sim.urlV1}PurchaseOrders(${first})`, { headers: { cookie } })).json()) as Record<
      string,
      unknown
    >;
    expect(one["odata.metadata"]).toBe("/b1s/v1/$metadata#PurchaseOrders/@Element");

    // The adapter over v1 (paged through absolute-path next links) and over v2 read the same receipts and invoices.
    const v1 = adapterOn(sim.urlV1);
    const [overV1, overV2] = [await v1.adapter.listEntradas(everyone), await adapter.listEntradas(everyone)];
    expect(overV1.length).toBeGreaterThan(2);
    expect(overV1).toEqual(overV2);
    for (const e of overV2) expect(e.docDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const paged = await v1.client.getAll<{ DocEntry: number }>(BD, "PurchaseOrders?$select=DocEntry", {
      maxPageSize: 7,
    });
    const whole = await client.getAll<{ DocEntry: number }>(BD, "PurchaseOrders?$select=DocEntry", { maxPageSize: 0 });
    expect(paged.map((d) => d.DocEntry)).toEqual(whole.map((d) => d.DocEntry));
    const facturas = await adapter.listFacturasProveedor(everyone);
    for (const f of facturas) {
      expect(f.docDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(f.docDueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const c of f.installments) expect(c.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    await v1.client.logoutAll();
  });
});
