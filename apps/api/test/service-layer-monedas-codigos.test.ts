import { describe, expect, it } from "vitest";
import {
  companyCurrencyOf,
  inCompanyCurrency,
  inDocumentCurrency,
  inPaymentCurrency,
} from "../src/erp/service-layer/currency";
import type { SlDocument, SlPayment } from "../src/erp/service-layer/wire";

/** Issue 37 (F1, F9, decision 045): the adapter's choice of SAP's amount column and its currency-code map. */

describe("company currency codes (F9)", () => {
  const table = [
    { Code: "$", DocumentsCode: "$" },
    { Code: "US$", DocumentsCode: "US$" },
    { Code: "EUR", DocumentsCode: "EUR" },
    { Code: "CAN", DocumentsCode: "CAD" },
    { Code: "PES", DocumentsCode: "PES" },
  ];

  it("maps the usual Mexican codes, three-letter DocumentsCode and the sociedad's overrides to ISO, and back", () => {
    const cc = companyCurrencyOf("$", table, { PES: "PEN" });
    expect(["$", "US$", "EUR", "CAN", "PES", "MXP"].map((c) => cc.iso(c))).toEqual([
      "MXN",
      "USD",
      "EUR",
      "CAD",
      "PEN",
      "MXN",
    ]);
    expect(["MXN", "USD", "EUR", "CAD", "PEN", "JPY"].map((i) => cc.code(i))).toEqual([
      "$",
      "US$",
      "EUR",
      "CAN",
      "PES",
      "JPY",
    ]);
    expect([cc.isLocal("$"), cc.isLocal("MXN"), cc.isLocal("US$"), cc.isLocal(null)]).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });

  it("posts the company's code and, for a foreign-currency document, the CFDI total as DocTotalFc", () => {
    const cc = companyCurrencyOf("MXP", [{ Code: "MXP" }, { Code: "USD" }], {});
    expect(inCompanyCurrency({ DocCurrency: "MXN", DocTotal: 116 }, cc)).toEqual({ DocCurrency: "MXP", DocTotal: 116 });
    expect(inCompanyCurrency({ DocCurrency: "USD", DocTotal: 116 }, cc)).toEqual({
      DocCurrency: "USD",
      DocTotalFc: 116,
    });
  });
});

describe("SAP's local and FC columns (F1)", () => {
  const cc = companyCurrencyOf("MXP", [{ Code: "MXP" }, { Code: "USD" }], {});
  const doc = (cur: string): SlDocument =>
    ({
      DocEntry: 1,
      DocNum: 1,
      CardCode: "P1",
      DocDate: "2026-11-20",
      DocCurrency: cur,
      DocTotal: 2030,
      DocTotalFc: cur === "USD" ? 116 : 0,
      VatSum: 280,
      VatSumFc: cur === "USD" ? 16 : 0,
      PaidToDate: 0,
      PaidToDateFC: 0,
      DocumentLines: [{ LineNum: 0, LineTotal: 1750, RowTotalFC: cur === "USD" ? 100 : 0 }],
      DocumentInstallments: [{ InstallmentId: 1, Total: 2030, TotalFC: cur === "USD" ? 116 : 0 }],
    }) as SlDocument;

  it("reads a foreign document's twins and a local document's unsuffixed amounts, with ISO codes", () => {
    const usd = inDocumentCurrency(doc("USD"), cc);
    expect([usd.DocCurrency, usd.DocTotal, usd.VatSum, usd.DocumentLines?.[0]?.LineTotal]).toEqual([
      "USD",
      116,
      16,
      100,
    ]);
    expect(usd.DocumentInstallments?.[0]?.Total).toBe(116);
    const mxp = inDocumentCurrency(doc("MXP"), cc);
    expect([mxp.DocCurrency, mxp.DocTotal, mxp.VatSum, mxp.DocumentLines?.[0]?.LineTotal]).toEqual([
      "MXN",
      2030,
      280,
      1750,
    ]);
  });

  it("reads payment lines in the invoice's and in the payment's currency", () => {
    const payment = (cur: string): SlPayment => ({
      DocEntry: 7,
      DocNum: 7,
      CardCode: "P1",
      DocDate: "2026-11-21",
      DocCurrency: cur,
      CashSum: 0,
      TransferSum: 1750,
      PaymentInvoices: [{ LineNum: 0, DocEntry: 1, SumApplied: 1750, AppliedFC: 100 }],
    });
    const usdInvoice = () => "USD";
    // A USD invoice paid in USD: dollars on both sides; the payment's total in dollars.
    const inUsd = inPaymentCurrency(payment("USD"), usdInvoice, cc);
    expect([inUsd.CashSum, inUsd.TransferSum, inUsd.PaymentInvoices?.[0]]).toEqual([
      100,
      0,
      { LineNum: 0, DocEntry: 1, SumApplied: 100, AppliedFC: 100 },
    ]);
    // A USD invoice paid in pesos: dollars applied to the invoice, pesos paid.
    const inMxp = inPaymentCurrency(payment("MXP"), usdInvoice, cc);
    expect([inMxp.DocCurrency, inMxp.TransferSum, inMxp.PaymentInvoices?.[0]]).toEqual([
      "MXN",
      1750,
      { LineNum: 0, DocEntry: 1, SumApplied: 100, AppliedFC: 1750 },
    ]);
    // A peso invoice paid in pesos: SAP's AppliedFC is 0 and SumApplied is the pesos.
    const local = inPaymentCurrency(
      { ...payment("MXP"), PaymentInvoices: [{ LineNum: 0, DocEntry: 1, SumApplied: 1750, AppliedFC: 0 }] },
      () => "MXP",
      cc,
    );
    expect(local.PaymentInvoices?.[0]).toMatchObject({ SumApplied: 1750, AppliedFC: 1750 });
  });
});
