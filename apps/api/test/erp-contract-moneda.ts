import { expect, it } from "vitest";
import type { ErpAdapter, ErpEntrada, ErpPago, ErpScope } from "../src/erp/types";

/**
 * Issue 37 (fidelity finding F1, decision 045): the ERP contract's foreign-currency cases, run by
 * describeErpAdapterContract against every adapter. A dollar receipt reads in dollars (what its CFDI says), its A/P
 * invoice is posted and read back in dollars, and the payments the accountants record (in dollars, or in pesos for
 * the dollar invoice) give the invoice's applications in dollars: the currency of the expected complement (REP).
 */
export interface CurrencyContractFixture {
  adapter: ErpAdapter;
  /** The ERP's own record of a document (its table, in the document's currency). */
  erpTotal(kind: "entrada" | "factura", bd: string, docEntry: number): Promise<{ docTotal: string; docCur: string }>;
  /** The accountants record a vendor payment in the ERP (the mock ERP's payFacturas; time passes before and after). */
  pay(pago: {
    bd: string;
    fecha: string;
    moneda: "MXN" | "USD";
    tipoCambio: string;
    facturas: { docNum: number; monto: string }[];
  }): Promise<void>;
}

const cents = (value: string) => Math.round(Number(value) * 100);

export function describeCurrencyContract(fixture: () => CurrencyContractFixture, scope: () => ErpScope) {
  /**
   * An open dollar receipt with every line open, not used by another case, of at least `minCents` (the demo's
   * receipts come in any order: issue 42's foreign supplier added one).
   */
  const used = new Set<string>();
  async function usdReceipt(minCents = 0): Promise<ErpEntrada> {
    const found = (await fixture().adapter.listEntradas(scope())).find(
      (e) =>
        e.docCur === "USD" &&
        e.docStatus === "O" &&
        cents(e.docTotal) >= minCents &&
        !used.has(`${e.bd}|${e.docEntry}`) &&
        e.lineas.every((l) => l.lineStatus === "O" && l.openQty === l.quantity),
    );
    if (!found) throw new Error("the data set has no open dollar receipt left");
    used.add(`${found.bd}|${found.docEntry}`);
    return found;
  }

  async function invoiceInDollars(e: ErpEntrada, portalId: number) {
    const { adapter } = fixture();
    const creada = await adapter.createFacturaProveedor({
      bd: e.bd,
      portalId,
      cardCode: e.cardCode,
      entradaDocNum: e.docNum,
      numAtCard: `USD-${e.docNum}`,
      uuid: "4D5E6F70-8A9B-4CAD-9E0F-3A4B5C6D7E8F",
      docDate: e.docDate,
      docTotal: e.docTotal,
      vatSum: e.vatSum,
      wtSum: e.wtSum,
      docCur: e.docCur,
      docRate: e.docRate,
      comments: "Prueba del contrato: dólares",
    });
    return creada;
  }

  /** The live payment of `bd` applied to the A/P invoice `docEntry` in `moneda`. */
  async function paymentOf(bd: string, docEntry: number, moneda: string): Promise<ErpPago> {
    const pagos = await fixture().adapter.listPagos(scope());
    const pago = pagos.find(
      (p) => p.bd === bd && p.docCur === moneda && p.facturas.some((fa) => fa.facturaDocEntry === docEntry),
    );
    expect(pago, `payment in ${moneda} of A/P invoice ${docEntry}`).toBeDefined();
    return pago as ErpPago;
  }

  it("reads a dollar receipt in dollars and turns it into an A/P invoice in dollars (issue 37)", async () => {
    const { adapter, erpTotal } = fixture();
    const e = await usdReceipt();
    expect(await erpTotal("entrada", e.bd, e.docEntry)).toEqual({ docTotal: e.docTotal, docCur: "USD" });
    const lines = e.lineas.reduce((sum, l) => sum + cents(l.lineTotal), 0);
    expect(Math.abs(lines - cents(e.discSum) + cents(e.vatSum) - cents(e.docTotal))).toBeLessThanOrEqual(
      e.lineas.length,
    );
    const portalId = 940_000_000 + e.docEntry;
    const creada = await invoiceInDollars(e, portalId);
    const factura = await adapter.findFacturaProveedor(e.bd, portalId);
    expect(factura).toMatchObject({ docEntry: creada.docEntry, docCur: "USD", docTotal: e.docTotal });
    expect(factura?.installments.reduce((sum, c) => sum + cents(c.total), 0)).toBe(cents(e.docTotal));
    expect(await erpTotal("factura", e.bd, creada.docEntry)).toEqual({ docTotal: e.docTotal, docCur: "USD" });
  });

  it("reads a dollar payment of a dollar A/P invoice in dollars: the expected complement is in dollars", async () => {
    const { adapter, pay } = fixture();
    const e = await usdReceipt();
    const creada = await invoiceInDollars(e, 950_000_000 + e.docEntry);
    const monto = (Math.floor(cents(e.docTotal) / 2) / 100).toFixed(2);
    await pay({
      bd: e.bd,
      fecha: e.docDate,
      moneda: "USD",
      tipoCambio: "17.5",
      facturas: [{ docNum: creada.docNum, monto }],
    });
    const pago = await paymentOf(e.bd, creada.docEntry, "USD");
    expect(pago.docTotal).toBe(monto);
    expect(pago.facturas).toEqual([
      expect.objectContaining({
        facturaDocEntry: creada.docEntry,
        docCur: "USD",
        sumApplied: monto,
        appliedPago: monto,
      }),
    ]);
    expect(await adapter.listAplicaciones(e.bd, [creada.docEntry])).toEqual([
      expect.objectContaining({ pagoDocEntry: pago.docEntry, sumApplied: monto, canceled: "N" }),
    ]);
  });

  it("reads a peso payment of a dollar A/P invoice: dollars applied to the invoice, pesos paid", async () => {
    const { adapter, pay } = fixture();
    const e = await usdReceipt(10_001);
    const creada = await invoiceInDollars(e, 960_000_000 + e.docEntry);
    // 1,750.00 pesos at 17.5 pesos per dollar settle 100.00 dollars of the invoice.
    expect(cents(e.docTotal)).toBeGreaterThan(10_000);
    await pay({
      bd: e.bd,
      fecha: e.docDate,
      moneda: "MXN",
      tipoCambio: "17.5",
      facturas: [{ docNum: creada.docNum, monto: "1750.00" }],
    });
    const pago = await paymentOf(e.bd, creada.docEntry, "MXN");
    expect(pago.docTotal).toBe("1750.00");
    expect(pago.facturas).toEqual([
      expect.objectContaining({
        facturaDocEntry: creada.docEntry,
        docCur: "USD",
        sumApplied: "100.00",
        appliedPago: "1750.00",
      }),
    ]);
    expect(await adapter.listAplicaciones(e.bd, [creada.docEntry])).toEqual([
      expect.objectContaining({ pagoDocEntry: pago.docEntry, sumApplied: "100.00" }),
    ]);
    expect((await adapter.findFacturaProveedor(e.bd, 960_000_000 + e.docEntry))?.paidToDate).toBe("100.00");
  });

  it("credits a dollar A/P invoice with a credit memo in dollars", async () => {
    const { adapter } = fixture();
    const e = await usdReceipt();
    const portalId = 970_000_000 + e.docEntry;
    const factura = await invoiceInDollars(e, portalId);
    const nota = {
      bd: e.bd,
      portalId: 980_000_000 + e.docEntry,
      cardCode: e.cardCode,
      numAtCard: "NC-USD-1",
      uuid: "5E6F7A8B-9C0D-4E1F-8A2B-3C4D5E6F7A8B",
      docDate: e.docDate,
      docTotal: "10.00",
      docCur: "USD",
      docRate: e.docRate,
      comments: "Nota de crédito en dólares",
      facturas: [{ docEntry: factura.docEntry, importe: "10.00" }],
    };
    const creada = await adapter.createNotaCreditoProveedor(nota);
    expect(await adapter.findNotaCreditoProveedor(e.bd, nota.portalId)).toMatchObject({
      docEntry: creada.docEntry,
      docTotal: "10.00",
      facturas: [{ docEntry: factura.docEntry, importe: "10.00" }],
    });
    expect(await adapter.findFacturaProveedor(e.bd, portalId)).toMatchObject({ docCur: "USD", paidToDate: "10.00" });
  });
}
