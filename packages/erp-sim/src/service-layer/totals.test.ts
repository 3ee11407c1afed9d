import { describe, expect, it } from "vitest";
import { SapFailure } from "./http";
import { documentTotals, roundToCurrency } from "./totals";

/** Issue 37, fidelity finding F4: the totals SAP computes (KBA 3697554), as pure arithmetic in cents. */
const RESICO = [{ code: "ISR-RESICO", rate: 1.25, base: "net" as const }];

describe("documentTotals", () => {
  it("lines' net + VAT − the partner's withholding, each rounded to the currency", () => {
    expect(
      documentTotals({ net: 100_000, vat: 16_000, withholding: [], currency: "MXN", sentTotal: undefined }),
    ).toEqual({
      subtotal: 100_000,
      discountPercent: 0,
      totalDiscount: 0,
      vatSum: 16_000,
      wtAmount: 0,
      docTotal: 116_000,
    });
    // 1,000.40 × 1.25 % = 12.505 → 12.51.
    expect(
      documentTotals({ net: 100_040, vat: 16_006, withholding: RESICO, currency: "MXN", sentTotal: undefined }),
    ).toMatchObject({ wtAmount: 1_251, docTotal: 100_040 + 16_006 - 1_251 });
    // Fees: ISR 10 % of the net and two thirds of the VAT.
    const fees = [
      { code: "ISR-10", rate: 10, base: "net" as const },
      { code: "IVA-2/3", rate: 66.6667, base: "vat" as const },
    ];
    expect(
      documentTotals({ net: 100_000, vat: 16_000, withholding: fees, currency: "MXN", sentTotal: undefined }),
    ).toMatchObject({ wtAmount: 10_000 + 10_667, docTotal: 116_000 - 20_667 });
  });

  it("currencies without decimals round to units", () => {
    expect(roundToCurrency(12_345, "JPY")).toBe(12_300);
    expect(roundToCurrency(12_350, "jpy")).toBe(12_400);
    expect(roundToCurrency(12_345.6, "MXN")).toBe(12_346);
    expect(
      documentTotals({ net: 100_000, vat: 0, withholding: RESICO, currency: "JPY", sentTotal: undefined }).wtAmount,
    ).toBe(1_300);
  });

  it("a sent DocTotal that differs is a header discount; the same total (to the cent) is none", () => {
    expect(
      documentTotals({ net: 100_000, vat: 16_000, withholding: [], currency: "MXN", sentTotal: 1160 }).discountPercent,
    ).toBe(0);
    const d = documentTotals({ net: 100_000, vat: 16_000, withholding: [], currency: "MXN", sentTotal: 1044 });
    expect(d).toEqual({
      subtotal: 100_000,
      discountPercent: 10,
      totalDiscount: 10_000,
      vatSum: 14_400,
      wtAmount: 0,
      docTotal: 104_400,
    });
    // A higher total is a negative discount (a surcharge), as SAP's header discount allows.
    expect(
      documentTotals({ net: 100_000, vat: 16_000, withholding: [], currency: "MXN", sentTotal: 1276 }).discountPercent,
    ).toBe(-10);
  });

  it("a discount of 100 % or more is SAP's -5002", () => {
    for (const sentTotal of [0, -5]) {
      let error: unknown;
      try {
        documentTotals({ net: 100_000, vat: 16_000, withholding: [], currency: "MXN", sentTotal });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SapFailure);
      expect(error).toMatchObject({
        status: 400,
        code: -5002,
        message: "(5002) 10001058 Enter a discount percentage of less than 100",
      });
    }
  });
});
