import type { TestDatabase } from "@portal/db/testing";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoWithServiceLayer } from "./service-layer-demo";

/**
 * Issue 37, fidelity findings F2 and F4, over plain HTTP: the simulator's approval procedures (a POST becomes a
 * pending draft: -2028, or 204 + the draft's Location with `Prefer: return-no-content`; approving adds the document,
 * rejecting marks the draft) and the totals SAP computes (from the copied lines and the supplier's withholding; a
 * sent DocTotal becomes a header discount or -5002; WTAmount ignored; POST Drafts computes the same; DELETE Drafts).
 */
type Json = Record<string, unknown>;
let tdb: TestDatabase;
let sim: ServiceLayerSimulator;
let cookie = "";
let bd = "";

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tdb.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(new URL(path, sim.url), {
    method,
    headers: { cookie, "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
async function getJson(path: string): Promise<Json> {
  const res = await send("GET", path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Json;
}
async function sapError(res: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, code: String(body.error.code), message: body.error.message };
}

/** An open goods receipt of `bd` whose lines are all open, not used by another test; its net and VAT in cents. */
const used = new Set<number>();
async function openReceipt() {
  const found = await rowsOf<{ doc_entry: number; card_code: string; net: string; vat: string; lines: number[] }>(
    sql`select e.doc_entry, e.card_code, sum(l.line_total)::text as net, sum(l.vat_sum)::text as vat,
        array_agg(l.line_num order by l.line_num) as lines
      from erp_mock.entradas e join erp_mock.entrada_lineas l on l.bd = e.bd and l.doc_entry = e.doc_entry
      where e.bd = ${bd} and e.doc_status = 'O' and e.doc_cur = 'MXN'
      group by e.doc_entry, e.card_code
      having bool_and(l.line_status = 'O' and l.open_qty = l.quantity)
      order by e.doc_entry`,
  );
  const receipt = found.find((r) => !used.has(r.doc_entry));
  if (!receipt) throw new Error("the seed has no open receipt left");
  used.add(receipt.doc_entry);
  return {
    ...receipt,
    netCents: Math.round(Number(receipt.net) * 100),
    vatCents: Math.round(Number(receipt.vat) * 100),
  };
}
let portalIds = 970_000;
const invoiceBody = (r: Awaited<ReturnType<typeof openReceipt>>, extra: Json = {}): Json => ({
  CardCode: r.card_code,
  NumAtCard: `AP-${r.doc_entry}`,
  DocDate: "2026-11-20",
  DocCurrency: "MXN",
  U_SYS_PMUUID: "6F1A2B3C-0000-4000-8000-000000000037",
  U_SYS_PORTALID: ++portalIds,
  DocumentLines: r.lines.map((line) => ({ BaseType: 20, BaseEntry: r.doc_entry, BaseLine: line })),
  ...extra,
});
const facturasWithPortalId = (id: number) =>
  rowsOf<{ doc_entry: number; doc_total: string; wt_sum: string; vat_sum: string }>(
    sql`select doc_entry, doc_total::text, wt_sum::text, vat_sum::text from erp_mock.facturas
      where bd = ${bd} and portal_id = ${id}`,
  );

beforeAll(async () => {
  let credentials: { companyDb: string; userName: string; password: string }[];
  ({ tdb, sim, credentials } = await demoWithServiceLayer());
  const login = credentials.find((c) => c.companyDb === "SBO_MCI") ?? credentials[0]!;
  bd = login.companyDb;
  const res = await fetch(`${sim.url}Login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ CompanyDB: bd, UserName: login.userName, Password: login.password }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}, 120_000);
afterEach(() => {
  sim.setApprovalFor([]);
});
afterAll(async () => {
  await sim?.close();
  await tdb?.drop();
});

describe("approval procedures (F2)", () => {
  it("a POST becomes a pending draft: -2028 without Prefer, 204 + Location of the draft with it; nothing posted", async () => {
    sim.setApprovalFor(["PurchaseInvoices", "PurchaseCreditNotes"]);
    const r = await openReceipt();
    const body = invoiceBody(r);
    expect(await sapError(await send("POST", "PurchaseInvoices", body))).toMatchObject({
      status: 400,
      code: "-2028",
    });
    const res = await send("POST", "PurchaseInvoices", invoiceBody(r), { prefer: "return-no-content" });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const location = res.headers.get("location") as string;
    expect(location).toMatch(/\/Drafts\(\d+\)$/);
    const draft = await getJson(location);
    expect(draft).toMatchObject({
      DocObjectCode: "oPurchaseInvoices",
      AuthorizationStatus: "dasPending",
      CardCode: r.card_code,
      NumAtCard: `AP-${r.doc_entry}`,
      DocTotal: (r.netCents + r.vatCents) / 100,
    });
    expect((draft.DocumentLines as Json[]).map((l) => l.BaseEntry)).toEqual(r.lines.map(() => r.doc_entry));
    // Both POSTs made drafts (SAP has no uniqueness on a UDF), no A/P invoice, the receipt still open.
    const filter = encodeURIComponent(
      `U_SYS_PORTALID eq ${body.U_SYS_PORTALID} and DocObjectCode eq 'oPurchaseInvoices'`,
    );
    expect(
      ((await getJson(`Drafts?$select=DocEntry,AuthorizationStatus&$filter=${filter}`)).value as Json[]).length,
    ).toBe(1);
    expect(await facturasWithPortalId(body.U_SYS_PORTALID as number)).toEqual([]);
    expect((await getJson(`PurchaseDeliveryNotes(${r.doc_entry})?$select=DocumentStatus`)).DocumentStatus).toBe(
      "bost_Open",
    );
  });

  it("approved, the originator adds the document (SaveDraftToDocument: closed, dasGenerated); rejected stays open", async () => {
    sim.setApprovalFor(["PurchaseInvoices"]);
    const r = await openReceipt();
    const body = invoiceBody(r);
    const res = await send("POST", "PurchaseInvoices", body, { prefer: "return-no-content" });
    const draftEntry = Number(/Drafts\((\d+)\)/.exec(res.headers.get("location") ?? "")?.[1]);
    const save = () => send("POST", "DraftsService_SaveDraftToDocument", { Document: { DocEntry: draftEntry } });
    // Pending: nothing to add yet.
    expect(await sapError(await save())).toMatchObject({ status: 400, code: "-5002" });
    expect(await sim.approveDraft(bd, draftEntry)).toBeNull();
    expect(await getJson(`Drafts(${draftEntry})?$select=AuthorizationStatus`)).toMatchObject({
      AuthorizationStatus: "dasApproved",
    });
    expect(await facturasWithPortalId(body.U_SYS_PORTALID as number)).toEqual([]);
    expect((await save()).status).toBe(204);
    const [added] = await facturasWithPortalId(body.U_SYS_PORTALID as number);
    const docEntry = added?.doc_entry;
    expect(typeof docEntry).toBe("number");
    // Added once: the draft is closed.
    expect(await sapError(await save())).toMatchObject({ status: 400, code: "-5002" });
    expect(await facturasWithPortalId(body.U_SYS_PORTALID as number)).toHaveLength(1);
    expect(await getJson(`PurchaseInvoices(${docEntry})?$select=DocEntry,U_SYS_PORTALID,NumAtCard`)).toMatchObject({
      U_SYS_PORTALID: body.U_SYS_PORTALID,
      NumAtCard: body.NumAtCard,
    });
    expect(await getJson(`Drafts(${draftEntry})?$select=AuthorizationStatus,DocumentStatus`)).toMatchObject({
      AuthorizationStatus: "dasGenerated",
      DocumentStatus: "bost_Close",
    });
    expect((await getJson(`PurchaseDeliveryNotes(${r.doc_entry})?$select=DocumentStatus`)).DocumentStatus).toBe(
      "bost_Close",
    );

    const other = await openReceipt();
    const second = await send("POST", "PurchaseInvoices", invoiceBody(other), { prefer: "return-no-content" });
    const rejected = Number(/Drafts\((\d+)\)/.exec(second.headers.get("location") ?? "")?.[1]);
    sim.rejectDraft(bd, rejected);
    expect(await getJson(`Drafts(${rejected})?$select=AuthorizationStatus,DocumentStatus`)).toMatchObject({
      AuthorizationStatus: "dasRejected",
      DocumentStatus: "bost_Open",
    });
    const refused = await send("POST", "DraftsService_SaveDraftToDocument", { Document: { DocEntry: rejected } });
    expect(await sapError(refused)).toMatchObject({ status: 400, code: "-5002" });
    // An authorizer may add it on approving: dasGeneratedbyAuthorizer.
    const fourth = await openReceipt();
    const byAuthorizer = await send("POST", "PurchaseInvoices", invoiceBody(fourth), { prefer: "return-no-content" });
    const entry = Number(/Drafts\((\d+)\)/.exec(byAuthorizer.headers.get("location") ?? "")?.[1]);
    const created = await sim.approveDraft(bd, entry, { addDocument: true });
    expect(await getJson(`PurchaseInvoices(${created})?$select=DocEntry`)).toMatchObject({ DocEntry: created });
    expect(await getJson(`Drafts(${entry})?$select=AuthorizationStatus`)).toMatchObject({
      AuthorizationStatus: "dasGeneratedbyAuthorizer",
    });
    // Without the knob the POST is a document again.
    sim.setApprovalFor([]);
    const third = await openReceipt();
    expect((await send("POST", "PurchaseInvoices", invoiceBody(third))).status).toBe(201);
  });

  it("a credit memo under approval is a draft of oPurchaseCreditNotes, with SAP's total: net lines + VAT (F5)", async () => {
    // An A/P invoice with lines (copied from an open receipt) for the memo to be based on.
    sim.setApprovalFor([]);
    const r = await openReceipt();
    const posted = await send("POST", "PurchaseInvoices", invoiceBody(r));
    expect(posted.status, await posted.clone().text()).toBe(201);
    const invoice = (await posted.json()) as {
      DocEntry: number;
      DocumentLines: { LineTotal: number; TaxTotal: number }[];
    };
    const [line0] = invoice.DocumentLines;
    sim.setApprovalFor(["PurchaseCreditNotes"]);
    const res = await send(
      "POST",
      "PurchaseCreditNotes",
      {
        CardCode: r.card_code,
        NumAtCard: "NC-37",
        U_SYS_PORTALID: 37,
        DocumentLines: [{ BaseType: 18, BaseEntry: invoice.DocEntry, BaseLine: 0, LineTotal: 10 }],
      },
      { prefer: "return-no-content" },
    );
    expect(res.status, await res.clone().text()).toBe(204);
    // LineTotal is net (SDK Document_Lines~LineTotal): SAP adds the copied line's VAT on top.
    const vat = Math.round((10 * (line0?.TaxTotal ?? 0) * 100) / (line0?.LineTotal ?? 1)) / 100;
    expect(await getJson(res.headers.get("location") as string)).toMatchObject({
      DocObjectCode: "oPurchaseCreditNotes",
      AuthorizationStatus: "dasPending",
      U_SYS_PORTALID: 37,
      DocTotal: Math.round((10 + vat) * 100) / 100,
      VatSum: vat,
    });
    expect(vat).toBeGreaterThan(0);
  });
});

describe("totals SAP computes (F4)", () => {
  it("DocTotal = Σ net lines + VAT − the supplier's withholding; WTAmount in a body is ignored", async () => {
    const r = await openReceipt();
    const plain = (await (await send("POST", "PurchaseInvoices", invoiceBody(r, { WTAmount: 999 }))).json()) as Json;
    expect(plain).toMatchObject({ DocTotal: (r.netCents + r.vatCents) / 100, WTAmount: 0, VatSum: r.vatCents / 100 });

    const resico = await openReceipt();
    sim.setWithholding(bd, resico.card_code, [{ code: "ISR-RESICO", rate: 1.25, base: "net" }]);
    try {
      const wt = Math.round(resico.netCents * 0.0125);
      const body = invoiceBody(resico);
      const created = (await (await send("POST", "PurchaseInvoices", body)).json()) as Json;
      expect(created).toMatchObject({ WTAmount: wt / 100, DocTotal: (resico.netCents + resico.vatCents - wt) / 100 });
      expect(await facturasWithPortalId(body.U_SYS_PORTALID as number)).toMatchObject([
        { wt_sum: (wt / 100).toFixed(2), doc_total: ((resico.netCents + resico.vatCents - wt) / 100).toFixed(2) },
      ]);
    } finally {
      sim.setWithholding(bd, resico.card_code, []);
    }
  });

  it("a sent DocTotal that differs becomes a header discount; ≥ 100 % answers -5002; POST Drafts computes the same", async () => {
    const r = await openReceipt();
    const computed = (r.netCents + r.vatCents) / 100;
    const preview = await send("POST", "Drafts", { ...invoiceBody(r), DocObjectCode: "oPurchaseInvoices" });
    expect(preview.status).toBe(201);
    const draft = (await preview.json()) as Json;
    expect(draft).toMatchObject({ DocTotal: computed, AuthorizationStatus: "dasWithout", DiscountPercent: 0 });
    // SAP lets a draft go (DELETE Drafts(n)); a second DELETE finds nothing.
    expect((await send("DELETE", `Drafts(${draft.DocEntry})`)).status).toBe(204);
    expect((await send("GET", `Drafts(${draft.DocEntry})`)).status).toBe(404);
    expect(await sapError(await send("DELETE", `Drafts(${draft.DocEntry})`))).toMatchObject({ code: "-2028" });

    const discounted = await send("POST", "Drafts", {
      ...invoiceBody(r),
      DocObjectCode: "oPurchaseInvoices",
      DocTotal: Math.round(computed * 90) / 100,
    });
    const d = (await discounted.json()) as Json;
    expect(d.DiscountPercent as number).toBeCloseTo(10, 2);
    expect(d.TotalDiscount as number).toBeCloseTo(r.netCents / 1000, 1);
    expect(d.DocTotal as number).toBeCloseTo(computed * 0.9, 1);

    expect(await sapError(await send("POST", "PurchaseInvoices", invoiceBody(r, { DocTotal: 0 })))).toEqual({
      status: 400,
      code: "-5002",
      message: "(5002) 10001058 Enter a discount percentage of less than 100",
    });
    // Refused: the receipt is still open for the invoice SAP computes.
    const created = (await (await send("POST", "PurchaseInvoices", invoiceBody(r))).json()) as Json;
    expect(created.DocTotal).toBe(computed);
  });
});
