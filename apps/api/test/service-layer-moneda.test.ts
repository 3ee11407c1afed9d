import { checkInvoiceAgainst, type InvoiceData } from "@portal/cfdi";
import { createErpEntrada } from "@portal/db/factories";
import type { TestDatabase } from "@portal/db/testing";
import { payFacturas } from "@portal/erp-sim";
import { type ServiceLayerSimulator, startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import { createServiceLayerClient, type ServiceLayerClient } from "../src/erp/service-layer/client";
import { CURRENCIES_TTL_MS, createCompanyCurrencies } from "../src/erp/service-layer/currency";
import type { ErpAdapter } from "../src/erp/types";
import { createDemoTestDatabase, createTestClock } from "./helpers";

/**
 * Issue 37 (fidelity findings F1 and F9, decision 045): foreign-currency documents and the company's currency codes,
 * on the Service Layer simulator (SAP's two amount columns, OCRN, ORTT, AdminInfo) and through the adapter.
 * SBO_IIA keeps the default local currency (MXN); SBO_KIJ is a company whose local code is MXP.
 */

const BD = "SBO_IIA";
const MXP_BD = "SBO_KIJ";
const USER = { userName: "manager", password: "clave-sap" };
type Json = Record<string, unknown>;

let tdb: TestDatabase;
let time: ReturnType<typeof createTestClock>;
let sim: ServiceLayerSimulator;
let client: ServiceLayerClient;
let adapter: ErpAdapter;

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tdb.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Local amount, rounded half away from zero (SAP; 99.99 × 17.5 = 1,749.825 → 1,749.83). */
const lc = (amount: number, rate: number) => Math.round(amount * rate * 100 + 1e-7) / 100;

/** A new open dollar receipt of `bd` at `rate` (the mock ERP's factory), of a supplier of the seed. */
async function usdReceipt(bd: string, rate: string) {
  const [supplier] = await rowsOf<{ card_code: string }>(
    sql`select card_code from erp_mock.entradas where bd = ${bd} order by doc_entry limit 1`,
  );
  const e = await createErpEntrada(tdb.db, {
    bd,
    cardCode: supplier?.card_code as string,
    docCur: "USD",
    docRate: rate,
    docDate: "2026-11-20",
    lineas: [{ priceBefDi: "1234.56", quantity: "2" }, { priceBefDi: "99.99" }],
  });
  return { doc_entry: e.docEntry, doc_num: e.docNum, card_code: e.cardCode, doc_date: e.docDate };
}

/** An open receipt of `bd` in `cur` with every line open, not used by another test. */
const used = new Set<number>();
async function openReceipt(bd: string, cur: string) {
  const found = await rowsOf<{ doc_entry: number; doc_num: number; card_code: string; doc_date: string }>(sql`
    select e.doc_entry, e.doc_num, e.card_code, e.doc_date::text from erp_mock.entradas e
    where e.bd = ${bd} and e.doc_cur = ${cur} and e.doc_status = 'O' and e.doc_total > 200
      and not exists (select 1 from erp_mock.entrada_lineas l where l.bd = e.bd and l.doc_entry = e.doc_entry
        and (l.line_status = 'C' or l.open_qty <> l.quantity))
    order by e.doc_entry`);
  const receipt = found.find((r) => !used.has(r.doc_entry));
  if (!receipt) throw new Error(`the seed has no open ${cur} receipt left in ${bd}`);
  used.add(receipt.doc_entry);
  return receipt;
}

async function raw(bd: string, path: string): Promise<Json> {
  return client.get<Json>(bd, path);
}

async function post(bd: string, path: string, body: Json): Promise<{ status: number; body: Json }> {
  const login = await fetch(`${sim.url}Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ CompanyDB: bd, UserName: USER.userName, Password: USER.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const response = await fetch(`${sim.url}${path}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

beforeAll(async () => {
  time = createTestClock();
  tdb = await createDemoTestDatabase(time);
  sim = await startServiceLayerSimulator({
    db: tdb.db,
    credentials: [BD, MXP_BD].map((companyDb) => ({ companyDb, ...USER })),
    clock: time.clock,
    currencyByCompany: { [MXP_BD]: { localCurrency: "MXP" } },
  });
  client = createServiceLayerClient({ url: sim.url, timeoutMs: 15_000 }, (companyDb) => ({ companyDb, ...USER }));
  adapter = createServiceLayerErpAdapter({ db: tdb.db, client, clock: time.clock });
}, 120_000);

afterAll(async () => {
  await client?.logoutAll();
  await sim?.close();
  await tdb?.drop();
});

describe("a dollar receipt at 17.5 (issue 37)", () => {
  it("is shown in dollars, matches its CFDI, becomes an A/P invoice in dollars stored at the dollar total × rate; its payments' complement is in dollars", async () => {
    const r = await usdReceipt(BD, "17.5");
    const [truth] = await rowsOf<{ doc_total: string; vat_sum: string }>(
      sql`select doc_total::text, vat_sum::text from erp_mock.entradas where bd = ${BD} and doc_entry = ${r.doc_entry}`,
    );
    const usd = Number(truth?.doc_total);

    // SAP's answer: local amounts unsuffixed, dollars in the twins, on header and lines.
    const sap = await raw(BD, `PurchaseDeliveryNotes(${r.doc_entry})`);
    expect(sap).toMatchObject({ DocCurrency: "USD", DocRate: 17.5, DocTotal: lc(usd, 17.5), DocTotalFc: usd });
    expect(sap.VatSumFc).toBe(Number(truth?.vat_sum));
    for (const line of sap.DocumentLines as Json[]) {
      expect(line.LineTotal).toBe(lc(line.RowTotalFC as number, 17.5));
    }
    // The collection read (lines built by PostgreSQL) answers the same.
    const page = (await raw(BD, `PurchaseDeliveryNotes?$filter=DocEntry eq ${r.doc_entry}`)).value as Json[];
    expect(page[0]?.DocumentLines).toEqual(sap.DocumentLines);

    // The portal shows the dollars, and they match the CFDI's Total in USD (its pesos would not).
    const entrada = await adapter.findEntrada(BD, r.doc_num);
    expect(entrada).toMatchObject({ docCur: "USD", docTotal: usd.toFixed(2), docRate: "17.5" });
    const cfdi = (total: string) =>
      checkInvoiceAgainst(
        { Total: total, Moneda: "USD", TipoCambio: "17.5" } as unknown as InvoiceData,
        {
          proveedor: { CardName: "" },
          sociedad: { NomSociedad: "", Regimen: "", CP: "" },
          entrada: {
            DocTotal: entrada?.docTotal as string,
            RetencionesTotal: entrada?.wtSum,
            PeyMethod: "",
            U_B1SYS_MainUsage: "",
            GroupNum: 0,
          },
        },
        "alta",
      );
    const net = (usd - Number(entrada?.wtSum)).toFixed(2);
    expect(cfdi(net).length).toBe(cfdi(lc(Number(net), 17.5).toFixed(2)).length - 1);

    const portalId = 970_000_001;
    const creada = await adapter.createFacturaProveedor({
      bd: BD,
      portalId,
      cardCode: r.card_code,
      entradaDocNum: r.doc_num,
      numAtCard: "USD-1",
      uuid: "5E6F7081-9AAB-4CBD-8E0F-4A5B6C7D8E9F",
      docDate: r.doc_date,
      docTotal: entrada?.docTotal as string,
      vatSum: entrada?.vatSum as string,
      wtSum: entrada?.wtSum as string,
      docCur: "USD",
      docRate: entrada?.docRate as string,
      comments: "Factura en dólares",
    });
    const [stored] = await rowsOf<{ doc_total: string; doc_cur: string; doc_rate: string }>(
      sql`select doc_total::text, doc_cur, doc_rate::float8::text as doc_rate from erp_mock.facturas
        where bd = ${BD} and doc_entry = ${creada.docEntry}`,
    );
    expect(stored).toEqual({ doc_total: usd.toFixed(2), doc_cur: "USD", doc_rate: "17.5" });
    const invoice = await raw(BD, `PurchaseInvoices(${creada.docEntry})`);
    expect(invoice).toMatchObject({ DocTotal: lc(usd, 17.5), DocTotalFc: usd, PaidToDate: 0, PaidToDateFC: 0 });
    const [installment] = invoice.DocumentInstallments as Json[];
    expect(installment).toMatchObject({ Total: lc(usd, 17.5), TotalFC: usd });
    expect(await adapter.findFacturaProveedor(BD, portalId)).toMatchObject({ docCur: "USD", docTotal: usd.toFixed(2) });

    // Paid 100.00 dollars, then 1,750.00 pesos (100.00 dollars at 17.5).
    time.advance(5_000);
    await payFacturas(tdb.db, {
      bd: BD,
      fecha: r.doc_date,
      moneda: "USD",
      tipoCambio: "17.5",
      facturas: [{ docNum: creada.docNum, monto: "100.00" }],
    });
    await payFacturas(tdb.db, {
      bd: BD,
      fecha: r.doc_date,
      moneda: "MXN",
      tipoCambio: "17.5",
      facturas: [{ docNum: creada.docNum, monto: "1750.00" }],
    });
    time.advance(5_000);
    const payments = (await raw(BD, `VendorPayments?$orderby=DocEntry desc&$top=2`)).value as Json[];
    const [enPesos, enDolares] = payments;
    expect(enDolares).toMatchObject({ DocCurrency: "USD", CashSumFC: 0, TransferSum: 1750 });
    expect(enDolares?.PaymentInvoices).toEqual([expect.objectContaining({ SumApplied: 1750, AppliedFC: 100 })]);
    expect(enPesos).toMatchObject({ DocCurrency: "MXN", CashSumFC: 0, TransferSum: 1750 });
    expect(enPesos?.PaymentInvoices).toEqual([expect.objectContaining({ SumApplied: 1750, AppliedFC: 100 })]);
    expect(await raw(BD, `PurchaseInvoices(${creada.docEntry})`)).toMatchObject({
      PaidToDate: 3500,
      PaidToDateFC: 200,
    });

    // What the expected complement (REP) is built from: dollars applied to the dollar invoice.
    const aplicaciones = await adapter.listAplicaciones(BD, [creada.docEntry]);
    expect(aplicaciones.map((a) => a.sumApplied)).toEqual(["100.00", "100.00"]);
    const pagos = await adapter.readPagos(
      [enDolares, enPesos].map((p) => ({ bd: BD, docEntry: p?.DocEntry as number })),
    );
    expect(pagos.map((p) => [p.docCur, p.docTotal, p.facturas[0]?.docCur, p.facturas[0]?.sumApplied])).toEqual([
      ["USD", "100.00", "USD", "100.00"],
      ["MXN", "1750.00", "USD", "100.00"],
    ]);
    expect((await adapter.findFacturaProveedor(BD, portalId))?.paidToDate).toBe("200.00");
  });
});

describe("exchange rates (ORTT) and local-currency documents", () => {
  it("refuses a dollar A/P invoice without DocRate on a day with no rate, and takes the day's rate once there is one", async () => {
    const r = await usdReceipt(BD, "17.25");
    const lines = await rowsOf<{ line_num: number }>(
      sql`select line_num from erp_mock.entrada_lineas where bd = ${BD} and doc_entry = ${r.doc_entry}`,
    );
    const body = {
      CardCode: r.card_code,
      DocDate: "2026-11-20",
      DocCurrency: "USD",
      U_SYS_PORTALID: 970_000_002,
      DocumentLines: lines.map((l) => ({ BaseType: 20, BaseEntry: r.doc_entry, BaseLine: l.line_num })),
    };
    sim.setRate("USD", "2026-11-20", null);
    const refused = await post(BD, "PurchaseInvoices", body);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: { code: "-5002", message: "Update the exchange rate (USD, 2026-11-20)" } });
    sim.setRate("USD", "2026-11-20", 18.25);
    const created = await post(BD, "PurchaseInvoices", body);
    expect(created.status).toBe(201);
    expect(created.body.DocRate).toBe(18.25);
    expect(created.body.DocTotal).toBe(lc(created.body.DocTotalFc as number, 18.25));
    expect(created.body.DocTotalFc).toBeGreaterThan(0);
  });

  it("answers 0 in every FC twin of a peso document, and refuses a currency the company does not have", async () => {
    const r = await openReceipt(BD, "MXN");
    const doc = await raw(BD, `PurchaseDeliveryNotes(${r.doc_entry})`);
    expect(doc).toMatchObject({ DocCurrency: "MXN", DocTotalFc: 0, VatSumFc: 0, WTAmountFC: 0, TotalDiscountFC: 0 });
    expect((doc.DocumentLines as Json[]).every((l) => l.RowTotalFC === 0 && (l.LineTotal as number) > 0)).toBe(true);
    const refused = await post(BD, "PurchaseInvoices", {
      CardCode: r.card_code,
      DocCurrency: "MXP",
      DocumentLines: [{ BaseType: 20, BaseEntry: r.doc_entry, BaseLine: 0 }],
    });
    expect(refused).toEqual({ status: 400, body: { error: { code: "-5002", message: "Enter valid currency" } } });
  });
});

describe("a company whose local currency code is MXP (F9)", () => {
  it("serves MXP in Currencies and AdminInfo and on its peso documents; the adapter reads MXN and posts MXP", async () => {
    const currencies = (await raw(MXP_BD, "Currencies")).value as Json[];
    expect(currencies.map((c) => c.Code)).toEqual(["MXP", "USD", "EUR"]);
    expect(await raw(MXP_BD, "CompanyService_GetAdminInfo")).toMatchObject({
      LocalCurrency: "MXP",
      SystemCurrency: "MXP",
    });
    const r = await openReceipt(MXP_BD, "MXN");
    expect(await raw(MXP_BD, `PurchaseDeliveryNotes(${r.doc_entry})`)).toMatchObject({
      DocCurrency: "MXP",
      DocTotalFc: 0,
    });
    // An ISO code the company's table does not have is refused, as SAP refuses a DocCur not in OCRN.
    const refused = await post(MXP_BD, "PurchaseInvoices", {
      CardCode: r.card_code,
      DocCurrency: "MXN",
      DocumentLines: [{ BaseType: 20, BaseEntry: r.doc_entry, BaseLine: 0 }],
    });
    expect(refused.status).toBe(400);

    const entrada = await adapter.findEntrada(MXP_BD, r.doc_num);
    expect(entrada?.docCur).toBe("MXN");
    const creada = await adapter.createFacturaProveedor({
      bd: MXP_BD,
      portalId: 970_000_003,
      cardCode: r.card_code,
      entradaDocNum: r.doc_num,
      numAtCard: "MXP-1",
      uuid: "6F708192-ABBC-4DCE-8F10-5B6C7D8E9FA0",
      docDate: r.doc_date,
      docTotal: entrada?.docTotal as string,
      vatSum: entrada?.vatSum as string,
      wtSum: entrada?.wtSum as string,
      docCur: "MXN",
      docRate: "1",
      comments: "Factura en pesos",
    });
    expect(await raw(MXP_BD, `PurchaseInvoices(${creada.docEntry})`)).toMatchObject({ DocCurrency: "MXP" });
    expect(await adapter.findFacturaProveedor(MXP_BD, 970_000_003)).toMatchObject({
      docCur: "MXN",
      docTotal: entrada?.docTotal,
    });
  });
});

describe("the sociedad's currency codes (decision 045)", () => {
  it("a change of the sociedad's codes reaches the adapter within CURRENCIES_TTL_MS, not only after a restart", async () => {
    const currencies = createCompanyCurrencies({ db: tdb.db, client, clock: time.clock });
    expect((await currencies.of(BD)).iso("PES")).toBe("PES");
    await tdb.db.execute(sql`update sociedades set monedas_sap = '{"PES":"MXN"}'::jsonb where bd_sap = ${BD}`);
    try {
      time.advance(CURRENCIES_TTL_MS - 1_000);
      expect((await currencies.of(BD)).iso("PES")).toBe("PES");
      time.advance(2_000);
      expect((await currencies.of(BD)).iso("PES")).toBe("MXN");
      expect((await currencies.of(BD)).code("MXN")).toBe((await currencies.of(BD)).local);
    } finally {
      await tdb.db.execute(sql`update sociedades set monedas_sap = '{}'::jsonb where bd_sap = ${BD}`);
    }
  });
});
