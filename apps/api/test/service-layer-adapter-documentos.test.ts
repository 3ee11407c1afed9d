import { schema } from "@portal/db";
import { cancelPago, payFacturas } from "@portal/erp-sim";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createServiceLayerErpAdapter } from "../src/erp/service-layer/adapter";
import type { ServiceLayerClient } from "../src/erp/service-layer/client";
import type { ErpEntrada, ErpScope } from "../src/erp/types";
import { BD, useServiceLayerBench } from "./service-layer-harness";

/* The Service Layer adapter over its simulator: old payments, documents unchanged since the portal converted them, and one A/P invoice for several goods receipts. */

const h = useServiceLayerBench({ bigCompany: false });

describe("Service Layer adapter: old payments", () => {
  it("a payment cancelled long after its date moves the fingerprint at the latest after the whole re-read", async () => {
    const scope = h.everyone(BD);
    const abierta = await h.openMxnInvoice(BD);
    const pago = await payFacturas(h.tdb.db, {
      bd: BD,
      fecha: "2026-11-20",
      moneda: "MXN",
      facturas: [{ docNum: abierta?.docNum as number, monto: "1.00" }],
    });
    await h.adapter.pagosFingerprint(scope);
    // Half a year later the accountants cancel it: it is no longer among the recent payments re-read each time.
    h.time.advance(200 * 86_400_000);
    const antes = await h.adapter.pagosFingerprint(scope);
    await cancelPago(h.tdb.db, BD, pago.docNum);
    h.time.advance(16 * 60_000);
    const despues = await h.adapter.pagosFingerprint(scope);
    expect(despues).not.toBe(antes);
    expect((await h.adapter.findPago(BD, pago.docNum))?.canceled).toBe("Y");
  });
});

describe("Service Layer adapter: documents unchanged since the portal converted them", () => {
  /** Whole receipts asked (not the mirror's keys and stamps). */
  const receiptReads = () =>
    h.sent.filter((s) => s.includes("/PurchaseDeliveryNotes?$select=DocEntry,DocNum,CardCode,CardName"));
  /** Whole payments asked (not the mirror's keys and Cancelled). */
  const paymentReads = () => h.sent.filter((s) => s.includes("/VendorPayments?$filter="));

  /** A supplier with at least three receipts in BD, and those receipts. */
  async function supplierWithReceipts() {
    const rows = await h.tdb.db
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
    const first = await h.adapter.listEntradas(scope);
    expect(first.length).toBe(docNums.length);
    h.time.advance(60_000);
    h.sent = [];
    expect(await h.adapter.listEntradas(scope)).toEqual(first);
    expect(receiptReads()).toEqual([]);

    // An ERP user edits one receipt: the next list (past the freshness window) reads that one, by its key.
    const changed = first[1] as ErpEntrada;
    await h.tdb.db.execute(sql`update erp_mock.entradas set comments = 'Editada en SAP'
      where bd = ${BD} and doc_entry = ${changed.docEntry}`);
    h.time.advance(60_000);
    h.sent = [];
    const after = await h.adapter.listEntradas(scope);
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
    const [one] = await h.adapter.listEntradas({ bds: [BD], cardCode });
    const receipt = one as ErpEntrada;
    h.time.advance(60_000);
    h.sent = [];
    expect(await h.adapter.findEntrada(BD, receipt.docNum)).toEqual(receipt);
    expect(receiptReads()).toEqual([]);
    // Closed in SAP: past the freshness window the receipt answers closed.
    await h.tdb.db.execute(sql`update erp_mock.entradas set doc_status = 'C'
      where bd = ${BD} and doc_entry = ${receipt.docEntry}`);
    h.time.advance(60_000);
    expect((await h.adapter.findEntrada(BD, receipt.docNum))?.docStatus).toBe("C");
    await h.tdb.db.execute(sql`update erp_mock.entradas set doc_status = ${receipt.docStatus}
      where bd = ${BD} and doc_entry = ${receipt.docEntry}`);
  });

  it("payments: asked again, no payment request; a cancelled one is read again", async () => {
    const scope = h.everyone(BD);
    // An accountant pays an open A/P invoice today (other tests moved the clock: a payment of its own date).
    const abierta = await h.openMxnInvoice(BD);
    const pago = await payFacturas(h.tdb.db, {
      bd: BD,
      fecha: h.time.clock().toISOString().slice(0, 10),
      moneda: "MXN",
      facturas: [{ docNum: abierta?.docNum as number, monto: "1.00" }],
    });
    const first = await h.adapter.listPagos(scope);
    const live = first.find((p) => p.docNum === pago.docNum) as (typeof first)[number];
    expect(live?.canceled).toBe("N");
    h.time.advance(60_000);
    h.sent = [];
    expect(await h.adapter.listPagos(scope)).toEqual(first);
    expect(paymentReads()).toEqual([]);

    await cancelPago(h.tdb.db, BD, pago.docNum);
    h.time.advance(60_000);
    h.sent = [];
    const after = await h.adapter.listPagos(scope);
    expect(after.find((p) => p.docEntry === live.docEntry)?.canceled).toBe("Y");
    const full = paymentReads();
    expect(full).toHaveLength(1);
    expect(full[0]).toContain(`DocEntry eq ${live.docEntry}`);
  });
});

describe("Service Layer adapter: one A/P invoice for several goods receipts (issue 27)", () => {
  it("posts the open lines of every receipt (BaseType 20, each BaseEntry and BaseLine) and the simulator copies them all", async () => {
    const abiertas = (await h.adapter.listEntradas(h.everyone(BD))).filter(
      (e) => e.docStatus === "O" && e.lineas.every((l) => l.lineStatus === "O" && Number(l.openQty) > 0),
    );
    const a = abiertas[0] as ErpEntrada;
    const b = abiertas.find((e) => e.cardCode === a.cardCode && e.docNum !== a.docNum) as ErpEntrada;
    expect(b).toBeDefined();
    // The bodies the adapter writes, through a client that records them (the adapter over it is this test's).
    const bodies: unknown[] = [];
    const recording: ServiceLayerClient = {
      ...h.client,
      write: (bd, method, path, body) => {
        if (path === "PurchaseInvoices") bodies.push(body);
        return h.client.write(bd, method, path, body);
      },
    };
    h.adapter = createServiceLayerErpAdapter({ db: h.tdb.db, client: recording, clock: h.time.clock });
    const portalId = 950_000_000 + a.docEntry;
    const creada = await h.adapter.createFacturaProveedor({
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
    const lineas = await h.tdb.db
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
    for (const e of [a, b]) expect((await h.adapter.findEntrada(BD, e.docNum))?.docStatus).toBe("C");
    // Put both receipts back for other tests.
    await h.adapter.cancelFacturaProveedor(BD, creada.docEntry);
    for (const e of [a, b]) expect((await h.adapter.findEntrada(BD, e.docNum))?.docStatus).toBe("O");
  });
});
