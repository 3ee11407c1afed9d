import { schema } from "@portal/db";
import { startServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  all,
  BD,
  expectSapError,
  get,
  getJson,
  invoiceBody,
  type Json,
  login,
  openReceipt,
  orderEntries,
  type Page,
  rowsOf,
  send,
  USER,
  useSimulatorBench,
} from "./service-layer-simulador-bench";

/**
 * The Service Layer simulator over plain HTTP: its stamps (UpdateDate, UpdateTime), changes made outside it, what
 * SAP's manual says it answers to writes, and each fault knob.
 */

const s = useSimulatorBench();

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

    s.time.advance(20 * 60_000); // within the session's idle timeout
    const now = s.time.clock().toISOString().slice(0, 19).replace("T", " ");
    const target = orders.at(-2) as number;
    expect((await send("PATCH", `PurchaseOrders(${target})`, { NumAtCard: "REF-1" })).status).toBe(204);
    expect(await stampOf("PurchaseOrders", target)).toBe(now);

    // The clock does not move: the next change still gets a later stamp (one second on).
    await s.tdb.db
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
    s.time.advance(60_000);
    const now = s.time.clock().toISOString().slice(0, 19).replace("T", " ");
    await s.tdb.db.execute(sql`insert into erp_mock.pedidos (bd, doc_entry, doc_num, card_code, card_name,
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

    await s.tdb.db
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
    s.time.advance(60_000);
    const { payFacturas } = await import("@portal/erp-sim");
    await payFacturas(s.tdb.db, {
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
    const v1 = await login(BD, s.sim.urlV1);
    const [order] = await orderEntries();
    const response = await fetch(`${s.sim.urlV1}PurchaseOrders(${order})`, {
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
    expect(response.headers.get("location")).toBe(`${s.sim.url}PurchaseInvoices(${created.DocEntry})`);
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
    const [factura] = await s.tdb.db
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
    const [line] = await s.tdb.db
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
    s.sim.restart();
    const page = await getJson<Page>("PurchaseInvoices?$select=DocEntry,U_SYS_NUEVO&$top=1");
    expect(page.value[0]).toHaveProperty("U_SYS_NUEVO", null);
  });

  it("without the portal's user fields, U_SYS_PORTALID is no property (400 -1000)", async () => {
    const bare = await startServiceLayerSimulator({
      db: s.tdb.db,
      credentials: [{ companyDb: BD, ...USER }],
      clock: s.time.clock,
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
    const entry = s.sim.addDraft(BD, { CardCode: "P1", U_SYS_PORTALID: 77 });
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
    s.sim.faults.latencyByRoute = { PurchaseOrders: 1_500 };
    let started = performance.now();
    await getJson("PurchaseOrders?$top=1&$select=DocEntry");
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_490);
    started = performance.now();
    await getJson("BusinessPartners?$top=1&$select=CardCode");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("errorRate answers 500 with SAP's body or the balancer's HTML 503; html502 the next N requests", async () => {
    s.sim.faults.errorRate = 1;
    await expectSapError(await get("PurchaseOrders?$top=1"), 500, -1);
    s.sim.faults.errorKind = "html503";
    const html = await get("PurchaseOrders?$top=1");
    expect(html.status).toBe(503);
    expect(await html.text()).toContain("Service Unavailable");
    s.sim.faults.errorRate = 0;
    s.sim.faults.html502 = 1;
    expect((await get("PurchaseOrders?$top=1")).status).toBe(502);
    expect((await get("PurchaseOrders?$top=1")).status).toBe(200);
  });

  it("timeoutRate never answers: the client's own timeout ends the request", async () => {
    s.sim.faults.timeoutRate = 1;
    const error = await fetch(`${s.sim.url}PurchaseOrders`, {
      headers: { cookie: s.cookie },
      signal: AbortSignal.timeout(200),
    }).catch((e: unknown) => e);
    expect((error as Error).name).toBe("TimeoutError");
  });

  it("commitThenDrop: the A/P invoice is committed and the connection dropped without an answer", async () => {
    const receipt = await openReceipt();
    s.sim.faults.commitThenDrop = 1;
    const body = invoiceBody(receipt);
    const error = await send("POST", "PurchaseInvoices", body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError); // fetch failed: the socket closed
    const found = await getJson<Page>(
      `PurchaseInvoices?$select=DocEntry&$filter=${encodeURIComponent(`U_SYS_PORTALID eq ${body.U_SYS_PORTALID}`)}`,
    );
    expect(found.value).toHaveLength(1);
    expect(s.sim.faults.commitThenDrop).toBe(0);
  });

  it("logins land on .node1/.node2 round robin; a broken node answers 500 code 407 on every request", async () => {
    const second = await login();
    expect(s.cookie).toContain("ROUTEID=.node1");
    expect(second.cookie).toContain("ROUTEID=.node2");
    s.sim.faults.brokenNode = ".node2";
    await expectSapError(
      await get("PurchaseOrders?$top=1", { cookie: second.cookie }),
      500,
      407,
      "Table definition not found for '@X'",
    );
    expect((await get("PurchaseOrders?$top=1")).status).toBe(200);
  });

  it("parallel logins above the limit answer 500 code 299 SAML Login Failed", async () => {
    s.sim.faults.maxParallelLogins = 1;
    s.sim.faults.latencyByRoute = { Login: 100 };
    const answers = await Promise.all([login(), login(), login()]);
    const statuses = answers.map((a) => a.response.status).sort();
    expect(statuses).toContain(200);
    const refused = answers.find((a) => a.response.status === 500);
    expect(refused).toBeDefined();
    expect(await refused?.response.json()).toEqual({ error: { code: "299", message: "SAML Login Failed" } });
  });

  it("insertDuringPaging: a document inserted after page N is seen by the next pages", async () => {
    const before = await orderEntries();
    s.sim.faults.insertDuringPaging = { afterPage: 1 };
    const { rows } = await all("PurchaseOrders?$select=DocEntry", { prefer: "odata.maxpagesize=10" });
    const entries = rows.map((r) => r.DocEntry);
    expect(entries).toContain((before.at(-1) as number) + 1);
    expect(entries).toHaveLength(before.length + 1);
    let ran = 0;
    s.sim.faults.insertDuringPaging = {
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
    s.sim.resetCounts();
    await get("PurchaseOrders?$top=1");
    await get("PurchaseOrders(1)");
    await get("BusinessPartners?$top=1");
    expect(s.sim.requestCount("PurchaseOrders")).toBe(2);
    expect(s.sim.requestCount("BusinessPartners")).toBe(1);
    expect(s.sim.requestCount()).toBe(3);
    s.sim.resetCounts();
    expect(s.sim.requestCount()).toBe(0);
    expect(s.sim.loginCount()).toBe(1);
    s.sim.expireAllSessions();
    await expectSapError(await get("PurchaseOrders?$top=1"), 401, 301);
  });
});
