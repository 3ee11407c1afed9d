import { describe, expect, it } from "vitest";
import { money, plainDecimal, quantity, roundDecimal, sumMoney, unitPrice } from "../src/erp/service-layer/money";
import { keyFilters, stampFilter, stringKeyFilters } from "../src/erp/service-layer/odata";

/* The Service Layer adapter's pure parts: SAP's doubles to decimal text, and the OData filters it builds. */

describe("Service Layer money: doubles to decimal text", () => {
  it("rounds the decimal SAP sent half away from zero, not the double's binary value", () => {
    expect(money(0.1 + 0.2)).toBe("0.30");
    expect(money(1160.0000001)).toBe("1160.00");
    expect(money(1159.9999999)).toBe("1160.00");
    // 2.675 is 2.67499999999999982236431605997495353221893310546875 as a double; SAP meant 2.675.
    expect(money(2.675)).toBe("2.68");
    expect(money(1.005)).toBe("1.01");
    expect(money(-2.675)).toBe("-2.68");
    expect(money(-0.004)).toBe("0.00");
    expect(money(-1160.5)).toBe("-1160.50");
    expect(money(0)).toBe("0.00");
    expect(money(null)).toBe("0.00");
    expect(money(123456789012.345)).toBe("123456789012.35");
    expect(money("12.345")).toBe("12.35");
  });

  it("writes exponent forms out in full", () => {
    expect(plainDecimal(1e-7)).toBe("0.0000001");
    expect(plainDecimal(1.5e21)).toBe("1500000000000000000000");
    expect(plainDecimal(-2.5e-8)).toBe("-0.000000025");
    expect(money(5e-7)).toBe("0.00");
    expect(roundDecimal(5e-3, 2)).toBe("0.01");
  });

  it("quantities and rates: at most six decimals, no trailing zeros; unit prices keep two", () => {
    expect(quantity(12.5)).toBe("12.5");
    expect(quantity(16)).toBe("16");
    expect(quantity(0)).toBe("0");
    expect(quantity(1 / 3)).toBe("0.333333");
    expect(quantity(2 / 3)).toBe("0.666667");
    expect(quantity(18.7234565)).toBe("18.723457");
    expect(quantity(-0.0000001)).toBe("0");
    expect(quantity(0.1 + 0.2)).toBe("0.3");
    expect(unitPrice(850)).toBe("850.00");
    expect(unitPrice(12.3456)).toBe("12.3456");
    expect(unitPrice(12.5)).toBe("12.50");
  });

  it("sums money in cents, so parts that each round do not drift", () => {
    expect(sumMoney([0.1, 0.2, 0.3])).toBe("0.60");
    expect(sumMoney([1000.005, 160.004])).toBe("1160.01");
    expect(sumMoney([1160, null, undefined])).toBe("1160.00");
    expect(sumMoney([-10.005, 5])).toBe("-5.01");
  });
});

describe("Service Layer queries", () => {
  it("turns keys into ranges and eq terms, in chunks", () => {
    expect(keyFilters("DocEntry", [5, 1, 2, 3, 9, 10])).toEqual([
      "(DocEntry ge 1 and DocEntry le 3) or DocEntry eq 5 or DocEntry eq 9 or DocEntry eq 10",
    ]);
    expect(
      keyFilters(
        "DocEntry",
        Array.from({ length: 10_000 }, (_, i) => i + 1),
      ),
    ).toEqual(["(DocEntry ge 1 and DocEntry le 10000)"]);
    const scattered = keyFilters(
      "DocEntry",
      Array.from({ length: 100 }, (_, i) => i * 2),
    );
    expect(scattered).toHaveLength(3);
    expect(scattered.join(" or ").split(" or ")).toHaveLength(100);
    // At most 1,000 keys per filter: a whole company database in parallel chunks.
    expect(keyFilters("DocEntry", [1, 2, 3, 4, 5, 7, 9], undefined, 3)).toEqual([
      "(DocEntry ge 1 and DocEntry le 3)",
      "DocEntry eq 4 or DocEntry eq 5 or DocEntry eq 7",
      "DocEntry eq 9",
    ]);
    const big = keyFilters(
      "DocEntry",
      Array.from({ length: 10_000 }, (_, i) => i + 1),
      undefined,
      1_000,
    );
    expect(big).toHaveLength(10);
    expect(big[9]).toBe("(DocEntry ge 9001 and DocEntry le 10000)");
    expect(stringKeyFilters("CardCode", ["O'B", "A"])).toEqual(["CardCode eq 'A' or CardCode eq 'O''B'"]);
  });

  it("reads from one minute before the watermark, at HH:MM, across midnight", () => {
    expect(stampFilter("2026-11-20 14:05:30")).toBe(
      "UpdateDate gt '2026-11-20' or (UpdateDate eq '2026-11-20' and UpdateTime ge '14:04')",
    );
    expect(stampFilter("2026-11-21 00:00:10")).toBe(
      "UpdateDate gt '2026-11-20' or (UpdateDate eq '2026-11-20' and UpdateTime ge '23:59')",
    );
  });
});
