import { schema } from "@portal/db";
import { startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  all,
  BD,
  expectSapError,
  get,
  getJson,
  type Json,
  login,
  OTHER_BD,
  orderEntries,
  type Page,
  rowsOf,
  send,
  USER,
  useSimulatorBench,
} from "./service-layer-simulador-bench";

/**
 * The Service Layer simulator over plain HTTP (fetch, not the portal's client), against a seeded database: what
 * SAP's manual says the Service Layer answers to reads, in both dialects (the writes and the fault knobs are in
 * service-layer-simulador-escrituras.test.ts).
 */

const s = useSimulatorBench();

describe("dialects", () => {
  it("v2: @odata annotations, string error codes and plain messages", async () => {
    const page = await getJson<Page>("PurchaseOrders?$select=DocEntry", { prefer: "odata.maxpagesize=2" });
    expect(page["@odata.context"]).toBe("/b1s/v2/$metadata#PurchaseOrders");
    expect(page["@odata.nextLink"]).toBe("PurchaseOrders?$select=DocEntry&$skip=2");
    const response = await fetch(`${s.sim.url}PurchaseOrders`);
    expect(await response.json()).toEqual({
      error: { code: "301", message: "Invalid session or session already timeout." },
    });
  });

  it("v1: odata.metadata, odata.nextLink, numeric error codes with {lang, value}, odata.count as a string", async () => {
    const v1 = await login(BD, s.sim.urlV1);
    expect(v1.response.status).toBe(200);
    expect(v1.response.headers.getSetCookie().some((c) => /^B1SESSION=.*path=\/b1s\/v1/.test(c))).toBe(true);
    const response = await fetch(`${s.sim.urlV1}PurchaseOrders?$select=DocEntry&$inlinecount=allpages`, {
      headers: { cookie: v1.cookie, prefer: "odata.maxpagesize=2" },
    });
    const page = (await response.json()) as Json;
    expect(page["odata.metadata"]).toBe("/b1s/v1/$metadata#PurchaseOrders");
    // v1 writes its next link as an absolute path (fidelity F18, decision 048).
    expect(page["odata.nextLink"]).toBe("/b1s/v1/PurchaseOrders?$select=DocEntry&$inlinecount=allpages&$skip=2");
    expect(page["odata.count"]).toBe(String((await orderEntries()).length));
    expect(page["@odata.nextLink"]).toBeUndefined();
    const missing = await fetch(`${s.sim.urlV1}PurchaseOrders(999999)`, { headers: { cookie: v1.cookie } });
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
    s.sim.faults.nextLinkOnFullLastPage = true;
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
    await s.tdb.db.execute(sql`insert into erp_mock.pedidos (bd, doc_entry, doc_num, card_code, card_name, doc_status,
        doc_date, doc_due_date, group_num, main_usage, pey_method, doc_cur, vat_sum, doc_total)
      select ${BIG}, g, 700000 + g, 'PVOL', 'Proveedor de Volumen', 'O', date '2026-01-01' + (g % 300),
        date '2026-01-31' + (g % 300), 30, 'G03', '99', 'MXN', 16, 116 from generate_series(1, ${COUNT}) g`);
    await s.tdb.db.execute(sql`insert into erp_mock.pedido_lineas (bd, doc_entry, line_num, item_code, item_name,
        line_status, uom_code, quantity, open_qty, price_bef_di, line_total, vat_sum)
      select ${BIG}, g, n, 'ART-' || n, 'Artículo ' || n, 'O', 'PZA', 1, 1, 100, 100, 16
      from generate_series(1, ${COUNT}) g cross join generate_series(0, 2) n`);
    const big = await startServiceLayerSimulator({
      db: s.tdb.db,
      credentials: [{ companyDb: BIG, ...USER }],
      clock: s.time.clock,
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

      s.time.advance(60_000);
      const now = s.time.clock().toISOString();
      await s.tdb.db.execute(
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
    s.time.advance(37_000);
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
      const lines = await s.tdb.db
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
    const [db] = await s.tdb.db
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
    const [socio] = await s.tdb.db.select().from(schema.erpSocios).where(eq(schema.erpSocios.bd, BD)).limit(1);
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
    const [line] = await s.tdb.db
      .select()
      .from(schema.erpPedidoLineas)
      .where(eq(schema.erpPedidoLineas.bd, BD))
      .limit(1);
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
