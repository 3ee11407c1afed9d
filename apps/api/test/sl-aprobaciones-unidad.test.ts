import { describe, expect, it } from "vitest";
import { isApprovalAnswer, locationKey } from "../src/erp/service-layer/approval-drafts";
import { ServiceLayerError } from "../src/erp/service-layer/client";
import { companyCurrencyOf } from "../src/erp/service-layer/currency";
import { documentCurrencyTotals, totalTolerance } from "../src/erp/service-layer/total-preview";

/** Issue 37 (decision 046): the small rules the adapter's approval drafts and SAP's totals rest on. */
describe("a POST's answer", () => {
  it("Location names the entity set and key: a draft's key is not a document's", () => {
    expect(locationKey("https://sap:50000/b1s/v2/Drafts(12)")).toEqual({ set: "Drafts", key: 12 });
    expect(locationKey("/b1s/v1/PurchaseInvoices(345)")).toEqual({ set: "PurchaseInvoices", key: 345 });
    expect(locationKey("PurchaseCreditNotes(7)")).toEqual({ set: "PurchaseCreditNotes", key: 7 });
    expect(locationKey(null)).toBeNull();
    expect(locationKey("https://sap:50000/b1s/v2/")).toBeNull();
  });

  it("-2028 with 400 is an approval draft (v1 numeric or v2 string code); a 404 -2028 is a missing key", () => {
    expect(isApprovalAnswer(new ServiceLayerError("x", 400, -2028, "No matching records found"))).toBe(true);
    expect(isApprovalAnswer(new ServiceLayerError("x", 400, "-2028", undefined))).toBe(true);
    expect(isApprovalAnswer(new ServiceLayerError("x", 404, -2028, undefined))).toBe(false);
    expect(isApprovalAnswer(new ServiceLayerError("x", 400, -5002, undefined))).toBe(false);
    expect(isApprovalAnswer(new Error("-2028"))).toBe(false);
  });
});

describe("SAP's totals against the CFDI's", () => {
  it("tolerance: one cent per line, never under 0.05", () => {
    expect(totalTolerance(1)).toBe(0.05);
    expect(totalTolerance(5)).toBe(0.05);
    expect(totalTolerance(12)).toBeCloseTo(0.12, 10);
  });

  it("reads the totals in the document's currency: the FC twins of a dollar draft, the unsuffixed ones of a peso one", () => {
    const cc = companyCurrencyOf("MXN", [{ Code: "MXN" }, { Code: "USD" }], {});
    const doc = { DocEntry: 1, DocNum: 1, CardCode: "P1", DocDate: "2026-11-20", DocTotal: 1147.5, VatSum: 160 };
    // A dollar draft at 17.5: SAP answers DocTotal/VatSum/WTAmount in pesos and the …Fc/…FC twins in dollars (F1).
    const dollars = { ...doc, DocTotal: 20081.25, VatSum: 2800, WTAmount: 218.75, DocTotalFc: 1147.5, VatSumFc: 160 };
    expect(documentCurrencyTotals({ ...dollars, WTAmountFC: 12.5, DocCurrency: "USD" }, cc, "MXN")).toEqual({
      docTotal: 1147.5,
      vatSum: 160,
      wtAmount: 12.5,
      currency: "USD",
    });
    expect(documentCurrencyTotals(doc, cc, "MXN")).toMatchObject({ docTotal: 1147.5, wtAmount: 0, currency: "MXN" });
  });
});
