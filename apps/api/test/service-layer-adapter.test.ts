import { schema } from "@portal/db";
import { cancelPago, createMockErpAdapter, payFacturas } from "@portal/erp-sim";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { stringKeyFilters } from "../src/erp/service-layer/odata";
import type { ErpPedido, ErpScope } from "../src/erp/types";
import { BD, BIG, BIG_COUNT, useServiceLayerBench } from "./service-layer-harness";

/* The Service Layer adapter over its simulator: paged reads of a 10,000-order company, the same answers as the mock, one mirror for every process, the item-name cache. */

const h = useServiceLayerBench({ bigCompany: true });

describe("Service Layer adapter: paged reads", () => {
  it("pages over 10,000 orders: every key once, in list order, counted, whole documents read once; then warm reads cost one small request", async () => {
    let started = performance.now();
    const versions = await h.adapter.listPedidoVersions(h.everyone(BIG));
    const coldMs = performance.now() - started;
    expect(versions).toHaveLength(BIG_COUNT);
    expect(new Set(versions.map((v) => v.docEntry)).size).toBe(BIG_COUNT);
    const expected = await h.truth(BIG);
    for (const v of versions) expect(v.version).toBe((expected.get(v.docEntry) ?? "").slice(0, 19));
    // Newest first, then DocNum descending (one company database).
    const docNum = new Map(
      (
        await h.tdb.db
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
    expect(h.stampReads()).toHaveLength(0);
    const wholeReads = h.sent.filter((s) => s.includes("PurchaseOrders?$select=DocEntry,DocNum,CardCode,CardName"));
    for (let i = 0; i < 10; i++) {
      expect(
        wholeReads.filter((s) => s.includes(`$skip=${i * 1000}`) && !s.includes(`$skip=${i * 1000}0`)),
      ).toHaveLength(1);
    }
    expect(wholeReads).toHaveLength(BIG_COUNT / 1_000);
    expect(h.sent.filter((s) => s.includes("PurchaseOrders/$count"))).toHaveLength(1);
    expect(await h.adapter.countPedidos(h.everyone(BIG))).toBe(BIG_COUNT);

    // Warm: past the freshness window, versions + count + one supplier's count cost one request.
    h.time.advance(60_000);
    h.sent = [];
    started = performance.now();
    const [again, n, mine] = await Promise.all([
      h.adapter.listPedidoVersions(h.everyone(BIG)),
      h.adapter.countPedidos(h.everyone(BIG)),
      h.adapter.countPedidos({ bds: [BIG], cardCode: "PGRANDE" }),
    ]);
    const warmMs = performance.now() - started;
    expect(again).toEqual(versions);
    expect(n).toBe(BIG_COUNT);
    expect(mine).toBe(BIG_COUNT);
    expect(h.sent.filter((s) => !s.includes("/Login"))).toHaveLength(1);
    console.info(
      `10,000 orders: cold versions ${coldMs.toFixed(0)} ms, warm versions+2 counts ${warmMs.toFixed(0)} ms`,
    );
  }, 120_000);

  it("reads 10,000 whole orders once on a cold mirror, by key ranges when warm, each exactly once, numbers as decimals", async () => {
    const started = performance.now();
    const pedidos = await h.adapter.listPedidos(h.everyone(BIG));
    const ms = performance.now() - started;
    expect(pedidos).toHaveLength(BIG_COUNT);
    expect(new Set(pedidos.map((p) => p.docEntry)).size).toBe(BIG_COUNT);
    const p = pedidos.find((x) => x.docEntry === 7) as (typeof pedidos)[number];
    expect(p).toMatchObject({ docNum: 500007, docTotal: "116.58", vatSum: "16.08", docRate: "1", groupNum: 0 });
    expect(p.lineas).toEqual([
      expect.objectContaining({ quantity: "3", openQty: "3", priceBefDi: "33.50", lineTotal: "100.50" }),
    ]);
    const documentReads = h.sent.filter((s) => s.includes("PurchaseOrders?$select=DocEntry,DocNum,CardCode,CardName"));
    // Cold mirror: the whole company database is read ONCE (ten pages of 1,000 by $skip, four at a time) and both
    // fills the mirror and answers the list; no stamps pass, no key ranges read again.
    for (let i = 0; i < 10; i++) {
      expect(
        documentReads.filter((s) => s.includes(`$skip=${i * 1000}`) && !s.includes(`$skip=${i * 1000}0`)),
      ).toHaveLength(1);
    }
    expect(documentReads).toHaveLength(10);
    expect(documentReads.filter((s) => s.includes("DocEntry ge"))).toHaveLength(0);
    expect(h.stampReads()).toHaveLength(0);

    // Past the window, nothing changed: the documents converted at the versions the mirror lists answer, with no
    // document request (only the mirror's stamps are asked).
    h.time.advance(60_000);
    h.sent = [];
    expect(await h.adapter.listPedidos(h.everyone(BIG))).toEqual(pedidos);
    expect(h.sent.filter((s) => s.includes("PurchaseOrders?$select=DocEntry,DocNum,CardCode,CardName"))).toEqual([]);
    expect(h.stampReads()).toHaveLength(1);
    // Once those conversions are older than the item names' cache, the same list reads by key ranges (the cold
    // read's documents are not kept): ten ranges of 1,000, each one page.
    h.time.advance(10 * 60_000);
    h.sent = [];
    const again = await h.adapter.listPedidos(h.everyone(BIG));
    expect(again).toEqual(pedidos);
    const rangeReads = h.sent.filter((s) => s.includes("PurchaseOrders?$select=DocEntry,DocNum,CardCode,CardName"));
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
    const stop = h.adapter.watchDocuments?.("pedido", (docs) => {
      calls++;
      seen.push(...docs);
    });
    expect(stop).toBeTypeOf("function");
    const versions = await h.adapter.listPedidoVersions(h.everyone(BIG));
    // One call per page of 1,000, every document once, with the version the mirror lists.
    expect(calls).toBe(BIG_COUNT / 1_000);
    expect(seen).toHaveLength(BIG_COUNT);
    expect(new Map(seen.map((d) => [d.docEntry, d.version]))).toEqual(
      new Map(versions.map((v) => [v.docEntry, v.version])),
    );
    // Pages converted at the same time share the item-name requests: the 50 items once.
    const codes = Array.from({ length: 50 }, (_, i) => `ART-${i}`);
    expect(h.sent.filter((s) => s.includes("/Items?"))).toHaveLength(stringKeyFilters("ItemCode", codes).length);
    expect(h.sent.filter((s) => s.includes("/PaymentTermsTypes?"))).toHaveLength(1);
    // The watcher has them, so the adapter keeps no raw documents; the list right after finds them converted at
    // the versions the mirror lists (no document request), and they are the documents the watcher got.
    h.sent = [];
    const pedidos = await h.adapter.listPedidos(h.everyone(BIG));
    expect(h.sent.filter((s) => s.includes("PurchaseOrders?"))).toEqual([]);
    const byEntry = (a: ErpPedido, b: ErpPedido) => a.docEntry - b.docEntry;
    expect([...pedidos].sort(byEntry)).toEqual([...seen].sort(byEntry));
    stop?.();
  }, 120_000);

  it("a session that expires between two pages: one new login, no row repeated or missing", async () => {
    let pages = 0;
    h.beforeSend = (url) => {
      if (url.includes("PurchaseOrders?") && url.includes("UpdateTime")) {
        pages++;
        if (pages === 4) h.sim.expireAllSessions();
      }
    };
    const logins = h.sim.loginCount();
    const versions = await h.adapter.listPedidoVersions(h.everyone(BIG));
    expect(pages).toBeGreaterThanOrEqual(10);
    expect(h.sim.loginCount() - logins).toBe(2); // the first login and ONE re-login
    expect(versions).toHaveLength(BIG_COUNT);
    expect(new Set(versions.map((v) => v.docEntry)).size).toBe(BIG_COUNT);
  }, 120_000);

  it("rows inserted and changed during a paged read: none lost, none repeated, the new one seen at the latest on the next call", async () => {
    await h.adapter.listPedidoVersions(h.everyone(BIG)); // warm mirror
    // 2,500 orders change (an ERP user's mass update): the next incremental read pages over them.
    h.time.advance(120_000);
    await h.tdb.db.execute(sql`update erp_mock.pedidos set comments = comments || '.'
      where bd = ${BIG} and doc_entry between 5001 and 7500`);
    // Between its pages: an order near the start changes (enters the filtered set before the page being read,
    // shifting the rest) and a new order is inserted at the end.
    h.sim.faults.insertDuringPaging = {
      afterPage: 1,
      run: async (bd) => {
        h.time.advance(1_000);
        await h.tdb.db.execute(
          sql`update erp_mock.pedidos set comments = 'cambio' where bd = ${bd} and doc_entry = 10`,
        );
        await h.tdb.db.execute(sql`insert into erp_mock.pedidos (bd, doc_entry, doc_num, card_code, card_name,
            doc_status, doc_date, doc_due_date, group_num, main_usage, pey_method, doc_cur, doc_total)
          values (${bd}, ${BIG_COUNT + 1}, ${500000 + BIG_COUNT + 1}, 'PGRANDE', 'Proveedor Grande, S.A. de C.V.', 'O',
            '2026-11-20', '2026-12-20', 0, 'G03', '03', 'MXN', 116.58)`);
        await h.tdb.db.execute(sql`insert into erp_mock.pedido_lineas (bd, doc_entry, line_num, item_code, item_name,
            line_status, uom_code, quantity, open_qty, price_bef_di, line_total)
          values (${bd}, ${BIG_COUNT + 1}, 0, 'ART-1', 'Artículo 1', 'O', 'PZA', 1, 1, 100.5, 100.5)`);
      },
    };
    h.sent = [];
    const during = await h.adapter.listPedidoVersions(h.everyone(BIG));
    expect(h.stampReads().length).toBeGreaterThanOrEqual(3); // paged: 2,500 changed rows at 1,000 a page
    expect(new Set(during.map((v) => v.docEntry)).size).toBe(during.length);
    expect(during.length === BIG_COUNT || during.length === BIG_COUNT + 1).toBe(true);
    // Every order the read covered has the stamp it had when its page was read, or a later one.
    const expected = await h.truth(BIG);
    for (const v of during) expect(v.version <= (expected.get(v.docEntry) ?? "").slice(0, 19)).toBe(true);

    h.time.advance(60_000);
    const next = await h.adapter.listPedidoVersions(h.everyone(BIG));
    expect(next).toHaveLength(BIG_COUNT + 1);
    const now = await h.truth(BIG);
    for (const v of next) expect(v.version).toBe((now.get(v.docEntry) ?? "").slice(0, 19));
    // Clean up for the other tests.
    await h.tdb.db.execute(sql`delete from erp_mock.pedido_lineas where bd = ${BIG} and doc_entry > ${BIG_COUNT}`);
    await h.tdb.db.execute(sql`delete from erp_mock.pedidos where bd = ${BIG} and doc_entry > ${BIG_COUNT}`);
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
        pdfArchivoId: d.pdfArchivoId && ((await h.adapter.copyPdf?.(d.pdfArchivoId)) ?? "sin copia"),
      })),
    );

  it("orders, receipts, business partners: same rows in the same order, the same PDFs once downloaded", async () => {
    const mock = createMockErpAdapter(h.tdb.db);
    expect(comparable(await downloaded(await h.adapter.listPedidos(demo)))).toEqual(
      comparable(await mock.listPedidos(demo)),
    );
    expect(comparable(await downloaded(await h.adapter.listEntradas(demo)))).toEqual(
      comparable(await mock.listEntradas(demo)),
    );
    expect(await h.adapter.listProveedores(demo)).toEqual(await mock.listProveedores(demo));
  });

  it("business partners asked again within the item-name cache's time: no request; after it, read again", async () => {
    const [socio] = await createMockErpAdapter(h.tdb.db).listProveedores(demo);
    if (!socio) throw new Error("la demostración no tiene socios de negocio");
    const scope: ErpScope = { bds: [socio.bd], cardCode: socio.cardCode };
    const partnerRequests = () => h.sent.filter((s) => s.includes("/BusinessPartners")).length;
    expect(await h.adapter.listProveedores(scope)).toEqual([socio]);
    const before = partnerRequests();
    expect(await h.adapter.listProveedores(scope)).toEqual([socio]);
    expect(partnerRequests()).toBe(before);
    h.time.advance(10 * 60_000);
    expect(await h.adapter.listProveedores(scope)).toEqual([socio]);
    expect(partnerRequests()).toBe(before + 1);
  });

  it("payments with their invoices, one payment by number, and every invoice's applications", async () => {
    const mock = createMockErpAdapter(h.tdb.db);
    const pagos = await mock.listPagos(demo);
    expect(await h.adapter.listPagos(demo)).toEqual(pagos);
    expect(await h.adapter.countPagos(demo)).toBe(pagos.length);
    const uno = pagos[Math.floor(pagos.length / 2)] as (typeof pagos)[number];
    expect(await h.adapter.findPago(uno.bd, uno.docNum)).toEqual(uno);
    expect(await h.adapter.findPago(uno.bd, 999_999_999)).toBeNull();
    for (const bd of demo.bds) {
      const facturas = [
        ...new Set(pagos.filter((p) => p.bd === bd).flatMap((p) => p.facturas.map((f) => f.facturaDocEntry))),
      ];
      expect(facturas.length).toBeGreaterThan(0);
      expect(await h.adapter.listAplicaciones(bd, facturas)).toEqual(await mock.listAplicaciones(bd, facturas));
    }
  });

  it("the A/P invoices created by the portal, with their payments and cancellation", async () => {
    const mock = createMockErpAdapter(h.tdb.db);
    const facturas = await mock.listFacturasProveedor(demo);
    expect(facturas.length).toBeGreaterThan(0);
    expect(await h.adapter.listFacturasProveedor(demo)).toEqual(facturas);
    for (const f of facturas.slice(0, 5)) expect(await h.adapter.findFacturaProveedor(f.bd, f.portalId)).toEqual(f);
  });

  it("the payments' fingerprint moves with a new payment and its cancellation, and only then", async () => {
    const scope = h.everyone(BD);
    const antes = await h.adapter.pagosFingerprint(scope);
    const n = await h.adapter.countPagos(scope);
    h.time.advance(60_000);
    expect(await h.adapter.pagosFingerprint(scope)).toBe(antes);
    // An accountant pays an open A/P invoice in SAP, then cancels that payment.
    const abierta = await h.openMxnInvoice(BD);
    expect(abierta).toBeDefined();
    const pago = await payFacturas(h.tdb.db, {
      bd: BD,
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum: abierta?.docNum as number, monto: "10.00" }],
    });
    h.time.advance(60_000);
    const pagado = await h.adapter.pagosFingerprint(scope);
    expect(pagado).not.toBe(antes);
    expect(await h.adapter.countPagos(scope)).toBe(n + 1);
    const nuevo = await h.adapter.findPago(BD, pago.docNum);
    expect(nuevo).toMatchObject({ docTotal: "10.00", canceled: "N", formaPago: "03" });
    expect(nuevo?.facturas.map((f) => [f.facturaDocNum, f.sumApplied])).toEqual([[abierta?.docNum, "10.00"]]);
    h.time.advance(60_000);
    expect(await h.adapter.pagosFingerprint(scope)).toBe(pagado);
    await cancelPago(h.tdb.db, BD, pago.docNum);
    h.time.advance(60_000);
    const cancelado = await h.adapter.pagosFingerprint(scope);
    expect(cancelado).not.toBe(pagado);
    expect(cancelado).not.toBe(antes);
    expect((await h.adapter.listPagos(scope)).find((p) => p.docNum === pago.docNum)?.canceled).toBe("Y");
  });
});

describe("Service Layer adapter: one mirror for every process", () => {
  it("two processes asking at once: a cold mirror is read by both and agrees; a warm one is read by the one that claims it", async () => {
    const first = h.adapter;
    h.makeAdapter(); // a second process: its own client and adapter over the same database
    const second = h.adapter;
    expect(second).not.toBe(first);
    const [a, b] = await Promise.all([
      first.listPedidoVersions(h.everyone(BD)),
      second.listPedidoVersions(h.everyone(BD)),
    ]);
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(h.stampReads().length).toBeLessThanOrEqual(2);
    // Warm and past the window: one process claims the read, the other answers from the mirror.
    h.time.advance(60_000);
    h.sent = [];
    const [c, d] = await Promise.all([
      first.listPedidoVersions(h.everyone(BD)),
      second.listPedidoVersions(h.everyone(BD)),
    ]);
    expect(h.stampReads()).toHaveLength(1);
    expect(h.stampReads()[0]).toContain("UpdateTime ge");
    expect(c).toEqual(a);
    expect(d).toEqual(a);
    // Within one process, concurrent callers share one read too.
    h.time.advance(60_000);
    h.sent = [];
    await Promise.all([first.countPedidos(h.everyone(BD)), first.listPedidoVersions(h.everyone(BD))]);
    expect(h.stampReads()).toHaveLength(1);
  });

  it("a read that finishes late does not put an older version back in the mirror", async () => {
    const key = h.everyone(BD);
    const before = await h.adapter.listPedidoVersions(key);
    const target = before[0] as (typeof before)[number];
    const slow = h.adapter;
    h.makeAdapter();
    const fast = h.adapter;
    // The slow process's read is answered before the change and delivered after the fast one stored the change.
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let held = false;
    h.afterReceive = async (url) => {
      if (!held && url.includes("PurchaseOrders?$select=DocEntry,DocNum,CardCode,DocDate,UpdateDate")) {
        held = true;
        await gate;
      }
    };
    h.time.advance(60_000);
    const late = slow.listPedidoVersions(key);
    await vi.waitFor(() => expect(held).toBe(true));
    await h.tdb.db.execute(sql`update erp_mock.pedidos set comments = comments || '.'
      where bd = ${BD} and doc_entry = ${target.docEntry}`);
    h.time.advance(60_000);
    const changed = (await fast.listPedidoVersions(key)).find((v) => v.docEntry === target.docEntry);
    expect(changed?.version).not.toBe(target.version);
    release();
    await late;
    // Right after the late read stored what it had: the mirror still holds the newer version.
    const [row] = await h.tdb.db
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

describe("Service Layer adapter: catalogs", () => {
  it("an item's foreign name edited in SAP shows once the per-process cache expires", async () => {
    const key = { bd: BIG, docEntry: 1 };
    const [before] = await h.adapter.readPedidos([key]);
    const code = before?.lineas[0]?.itemCode as string;
    await h.tdb.db.execute(sql`update erp_mock.pedido_lineas set frgn_name = 'Foreign ' || item_code
      where bd = ${BIG} and item_code = ${code}`);
    h.time.advance(11 * 60_000);
    const [after] = await h.adapter.readPedidos([key]);
    expect(after?.lineas[0]?.frgnName).toBe(`Foreign ${code}`);
    expect(before?.lineas[0]?.frgnName).not.toBe(`Foreign ${code}`);
  });
});
