import { schema } from "@portal/db";
import type { TestDatabase } from "@portal/db/testing";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { and, eq, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { createServiceLayerClient, ServiceLayerError } from "../src/erp/service-layer/client";
import { splitCredit } from "../src/erp/service-layer/credit-memo-lines";
import { ErpRechazoError } from "../src/erp/types";
import { demoWithServiceLayer } from "./service-layer-demo";

/**
 * Fidelity finding F5, decision 049: A/P credit memos as SAP Business One makes them. The simulator: an item memo
 * copies A/P invoice lines (quantity, tax), its LineTotal is net and SAP adds the VAT, a fully copied line closes and
 * cannot be copied again, a closed invoice is no base; a service memo has G/L-account lines with a tax group and
 * leaves the invoice open. The adapter: a 116.00 credit note against an invoice with 16 % VAT is a 116.00 memo, and
 * two partial notes on one invoice both post.
 */
const BD = "SBO_MCI";
let tdb: TestDatabase;
let sim: ServiceLayerSimulator;
let client: ReturnType<typeof createServiceLayerClient>;
let adapter: ReturnType<typeof createServiceLayerErpAdapter>;
let cardCode = "";
let portalId = 970_000_000;

interface Memo {
  DocEntry: number;
  DocType: string;
  DocTotal: number;
  VatSum: number;
  DocumentLines: { Quantity: number; LineTotal: number; TaxTotal: number; BaseType: number; BaseLine: number }[];
}
interface Invoice {
  DocumentStatus: string;
  PaidToDate: number;
  DocumentLines: { LineNum: number; LineStatus: string; RemainingOpenQuantity: number }[];
}

/** An A/P invoice of `cardCode` in erp_mock with lines of 10 units each: net `nets[i]`, VAT 16 %. */
async function invoiceWith(nets: number[]): Promise<number> {
  const [last] = await tdb.db
    .select({ n: max(schema.erpFacturas.docEntry) })
    .from(schema.erpFacturas)
    .where(eq(schema.erpFacturas.bd, BD));
  const docEntry = (last?.n ?? 0) + 1;
  const vat = nets.map((n) => Math.round(n * 16) / 100);
  const total = nets.reduce((s, n) => s + n, 0) + vat.reduce((s, v) => s + v, 0);
  await tdb.db.insert(schema.erpFacturas).values({
    bd: BD,
    docEntry,
    docNum: 700_000 + docEntry,
    cardCode,
    docDate: "2026-11-02",
    vatSum: vat.reduce((s, v) => s + v, 0).toFixed(2),
    docTotal: total.toFixed(2),
    docCur: "MXN",
  });
  await tdb.db.insert(schema.erpFacturaLineas).values(
    nets.map((n, i) => ({
      bd: BD,
      docEntry,
      lineNum: i,
      itemCode: `A-${i}`,
      itemName: `Artículo ${i}`,
      quantity: "10",
      priceBefDi: (n / 10).toFixed(6),
      lineTotal: n.toFixed(2),
      vatSum: (vat[i] as number).toFixed(2),
      baseEntry: 1,
      baseLine: i,
    })),
  );
  return docEntry;
}

const invoice = (docEntry: number) =>
  client.get<Invoice>(BD, `PurchaseInvoices(${docEntry})?$select=DocumentStatus,PaidToDate,DocumentLines`);
const memo = (docEntry: number) => client.get<Memo>(BD, `PurchaseCreditNotes(${docEntry})`);

async function post(body: Record<string, unknown>): Promise<Memo> {
  portalId++;
  const answer = await client.write(BD, "POST", "PurchaseCreditNotes", {
    CardCode: cardCode,
    U_SYS_PORTALID: portalId,
    ...body,
  });
  return answer.body as Memo;
}

async function refusal(body: Record<string, unknown>): Promise<string> {
  const error = await post(body).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceLayerError);
  const e = error as ServiceLayerError;
  expect([e.status, Number(e.sapCode)]).toEqual([400, -5002]);
  return e.detail ?? e.message;
}

const copy = (docEntry: number, line: number, extra: Record<string, unknown> = {}) => ({
  DocumentLines: [{ BaseType: 18, BaseEntry: docEntry, BaseLine: line, ...extra }],
});

beforeAll(async () => {
  const demo = await demoWithServiceLayer();
  ({ tdb, sim } = demo);
  const { credentials, time } = demo;
  const socios = await tdb.db.select().from(schema.erpSocios).where(eq(schema.erpSocios.bd, BD));
  cardCode = socios[0]?.cardCode ?? "";
  expect(cardCode).not.toBe("");
  // The sociedades' own SAP users (the demo's simulator accepts only those).
  const login = new Map(credentials.map((c) => [c.companyDb, c]));
  client = createServiceLayerClient({ url: sim.url, timeoutMs: 15_000 }, (companyDb) => ({
    companyDb,
    userName: login.get(companyDb)?.userName ?? "",
    password: login.get(companyDb)?.password ?? "",
  }));
  adapter = createServiceLayerErpAdapter({ db: tdb.db, client, clock: time.clock });
}, 60_000);
afterAll(async () => {
  await client?.logoutAll();
  await sim?.close();
  await tdb?.drop();
});

describe("the simulator's A/P credit memos copied from A/P invoice lines (F5)", () => {
  it("copies the open quantity and the tax of the line: LineTotal net, VAT on top, the line closes", async () => {
    const docEntry = await invoiceWith([1000, 500]);
    const created = await post(copy(docEntry, 0));
    const m = await memo(created.DocEntry);
    expect(m.DocType).toBe("dDocument_Items");
    expect(m.DocumentLines).toEqual([
      expect.objectContaining({ Quantity: 10, LineTotal: 1000, TaxTotal: 160, BaseType: 18, BaseLine: 0 }),
    ]);
    expect([m.VatSum, m.DocTotal]).toEqual([160, 1160]);
    const f = await invoice(docEntry);
    expect(f.PaidToDate).toBe(1160);
    expect(f.DocumentStatus).toBe("bost_Open");
    expect(f.DocumentLines.map((l) => [l.LineStatus, l.RemainingOpenQuantity])).toEqual([
      ["bost_Close", 0],
      ["bost_Open", 10],
    ]);
    // A second memo cannot copy the closed line; the other line is still open.
    expect(await refusal(copy(docEntry, 0))).toMatch(/already closed/);
    const second = await memo((await post(copy(docEntry, 1, { Quantity: 4, LineTotal: 150 }))).DocEntry);
    expect([second.DocumentLines[0]?.Quantity, second.DocumentLines[0]?.TaxTotal, second.DocTotal]).toEqual([
      4, 24, 174,
    ]);
    expect((await invoice(docEntry)).DocumentLines[1]?.RemainingOpenQuantity).toBe(6);
  });

  it("a closed (paid in full) invoice is no base, nor are other partners' invoices or quantities beyond the open one", async () => {
    const docEntry = await invoiceWith([100]);
    expect(await refusal(copy(docEntry, 0, { Quantity: 11 }))).toMatch(/open quantity/);
    await tdb.db
      .update(schema.erpFacturas)
      .set({ paidToDate: "116.00", docStatus: "C" })
      .where(and(eq(schema.erpFacturas.bd, BD), eq(schema.erpFacturas.docEntry, docEntry)));
    expect(await refusal(copy(docEntry, 0, { Quantity: 1 }))).toMatch(/closed/);
    const other = await invoiceWith([100]);
    expect(await refusal({ ...copy(other, 0), CardCode: `${cardCode}X` })).toMatch(/card/);
  });
});

describe("the simulator's service-type A/P credit memos (F5)", () => {
  it("G/L account lines with a tax group: net LineTotal, VAT on top, the invoice stays open", async () => {
    const docEntry = await invoiceWith([1000]);
    const created = await post({
      DocType: "dDocument_Service",
      DocumentLines: [
        { ItemDescription: "Bonificación", AccountCode: "_SYS00000000123", LineTotal: 100, VatGroup: "IVA16" },
      ],
    });
    const m = await memo(created.DocEntry);
    expect([m.DocType, m.VatSum, m.DocTotal]).toEqual(["dDocument_Service", 16, 116]);
    expect(m.DocumentLines[0]).toEqual(expect.objectContaining({ LineTotal: 100, TaxTotal: 16, BaseType: -1 }));
    // Not based on the invoice: its balance is the accountants' reconciliation, not the memo's.
    expect((await invoice(docEntry)).PaidToDate).toBe(0);
    const line = { ItemDescription: "x", AccountCode: "_SYS00000000123", LineTotal: 10, VatGroup: "IVA16" };
    expect(await refusal({ DocType: "dDocument_Service", DocumentLines: [{ ...line, VatGroup: "NOPE" }] })).toMatch(
      /tax code/,
    );
    expect(await refusal({ DocType: "dDocument_Service", DocumentLines: [{ ...line, AccountCode: "" }] })).toMatch(
      /AccountCode/,
    );
    expect(
      await refusal({ DocType: "dDocument_Service", DocumentLines: [{ ...line, BaseType: 18, BaseEntry: docEntry }] }),
    ).toMatch(/service document/);
  });
});

describe("the Service Layer adapter's A/P credit memos (F5, decision 049)", () => {
  const nota = (docEntry: number, importe: string, id: number) => ({
    bd: BD,
    portalId: id,
    cardCode,
    numAtCard: `NC-${id}`,
    uuid: "4D5E6F7A-8B9C-4D0E-9F1A-2B3C4D5E6F7A",
    docDate: "2026-11-20",
    docTotal: importe,
    docCur: "MXN",
    docRate: "1",
    comments: "Bonificación",
    facturas: [{ docEntry, importe }],
  });

  it("a 116.00 credit note against an invoice with 16 % VAT is a memo of 116.00, not 134.56", async () => {
    const docEntry = await invoiceWith([1000]);
    const created = await adapter.createNotaCreditoProveedor(nota(docEntry, "116.00", 980_000_001));
    const m = await memo(created.docEntry);
    expect(m.DocumentLines).toEqual([expect.objectContaining({ Quantity: 1, LineTotal: 100, TaxTotal: 16 })]);
    expect(m.DocTotal).toBe(116);
    const found = await adapter.findNotaCreditoProveedor(BD, 980_000_001);
    expect([found?.docTotal, found?.facturas]).toEqual(["116.00", [{ docEntry, importe: "116.00" }]]);
    expect((await invoice(docEntry)).PaidToDate).toBe(116);
  });

  it("two partial credit notes on one invoice both post, and what is left stays open", async () => {
    const docEntry = await invoiceWith([1000]);
    await adapter.createNotaCreditoProveedor(nota(docEntry, "116.00", 980_000_002));
    await adapter.createNotaCreditoProveedor(nota(docEntry, "232.00", 980_000_003));
    const f = await invoice(docEntry);
    expect(f.PaidToDate).toBe(348);
    expect(f.DocumentLines[0]?.RemainingOpenQuantity).toBe(7);
    // More than what is left open: refused before posting, in Spanish.
    await expect(adapter.createNotaCreditoProveedor(nota(docEntry, "813.00", 980_000_004))).rejects.toBeInstanceOf(
      ErpRechazoError,
    );
    expect(await adapter.findNotaCreditoProveedor(BD, 980_000_004)).toBeNull();
  });
});

describe("splitCredit: the memo's lines for an amount (decision 049)", () => {
  const inv = (lines: { open: number; net: number; tax: number; status?: string }[], status = "bost_Open") => ({
    DocEntry: 5,
    DocNum: 105,
    DocumentStatus: status,
    Cancelled: "tNO",
    DocumentLines: lines.map((l, i) => ({
      LineNum: i,
      LineStatus: l.status ?? "bost_Open",
      Quantity: 10,
      RemainingOpenQuantity: l.open,
      LineTotal: l.net,
      TaxTotal: l.tax,
    })),
  });

  it("fills the open lines in order, the last one partly, with net amounts whose VAT adds up to the credit", () => {
    const lines = splitCredit(
      inv([
        { open: 0, net: 50, tax: 8, status: "bost_Close" },
        { open: 5, net: 1000, tax: 160 },
        { open: 10, net: 300, tax: 24 },
      ]),
      70_000,
    );
    expect(lines.map((l) => [l.BaseLine, l.Quantity, l.LineTotal])).toEqual([
      [1, 5, 500],
      [2, 3.703667, 111.11],
    ]);
    // 500 + 80 (16 %) and 111.11 + 8.89 (8 %) = 700.00
    expect(lines.every((l) => l.WithoutInventoryMovement === "tYES")).toBe(true);
  });

  it("refuses what the open lines cannot take, and closed or cancelled invoices", () => {
    expect(() => splitCredit(inv([{ open: 1, net: 1000, tax: 160 }]), 11_700)).toThrow(ErpRechazoError);
    expect(() => splitCredit(inv([{ open: 10, net: 1000, tax: 160 }], "bost_Close"), 100)).toThrow(/cerrada/);
    expect(() => splitCredit({ ...inv([{ open: 10, net: 1000, tax: 160 }]), Cancelled: "tYES" }, 100)).toThrow(
      /cancelada/,
    );
  });
});
