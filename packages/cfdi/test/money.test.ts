import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addAmounts,
  compareAmounts,
  divideAmounts,
  formatAmount,
  multiplyAmounts,
  parseAmount,
  roundAmount,
  sameAmount2,
  subtractAmounts,
} from "../src/index";

/** A decimal string with up to 12 integer digits and 0..6 decimals, possibly negative. */
const decimalArb = fc
  .tuple(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.integer({ min: 0, max: 6 }))
  .map(([units, scale]) => {
    const negative = units < 0n;
    const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
    const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
    return { units, scale, text: negative ? `-${text}` : text };
  });

describe("parseAmount", () => {
  it("accepts decimal strings and returns the canonical form", () => {
    expect(parseAmount("1234.5")).toBe("1234.5");
    expect(parseAmount("  001234.50 ")).toBe("1234.50");
    expect(parseAmount("+7")).toBe("7");
    expect(parseAmount("-0.00")).toBe("0.00");
    expect(parseAmount("5.")).toBe("5");
    expect(parseAmount(".5")).toBe("0.5");
    expect(parseAmount("1,234,567.89")).toBe("1234567.89");
    expect(parseAmount("-1,234.5")).toBe("-1234.5");
  });

  it("refuses what is not a decimal amount", () => {
    for (const bad of [
      "",
      " ",
      "abc",
      "1e3",
      "1.2.3",
      "1,23.00",
      "12,34",
      ",123",
      "--1",
      "0x10",
      "NaN",
      "Infinity",
      "1 000",
    ]) {
      expect(parseAmount(bad), bad).toBeNull();
    }
    expect(parseAmount("9".repeat(500))).toBeNull();
    expect(parseAmount(undefined as unknown as string)).toBeNull();
  });
});

describe("exact arithmetic", () => {
  it("has no binary floating-point drift", () => {
    expect(addAmounts("0.1", "0.2")).toBe("0.3");
    expect(compareAmounts(addAmounts("0.1", "0.2"), "0.3")).toBe(0);
    expect(subtractAmounts("1160.000000", "206.67")).toBe("953.330000");
    expect(addAmounts("1840", "40")).toBe("1880");
    expect(addAmounts()).toBe("0");
    expect(multiplyAmounts("40", "17.3608")).toBe("694.4320");
    expect(multiplyAmounts("-1.5", "1.25")).toBe("-1.875");
  });

  it("keeps the largest number of decimals", () => {
    expect(addAmounts("1.50", "2.5", "3")).toBe("7.00");
    expect(subtractAmounts("10", "0.005")).toBe("9.995");
  });

  it("compares across scales", () => {
    expect(compareAmounts("1.50", "1.5")).toBe(0);
    expect(compareAmounts("-1", "0.0001")).toBe(-1);
    expect(compareAmounts("100", "99.999999")).toBe(1);
  });

  it("throws RangeError on a non-decimal operand (a programming error, not user input)", () => {
    expect(() => addAmounts("1", "uno")).toThrow(RangeError);
    expect(() => compareAmounts("1", "")).toThrow(RangeError);
  });

  it("sums exactly: property against BigInt arithmetic", () => {
    fc.assert(
      fc.property(fc.array(decimalArb, { maxLength: 20 }), (xs) => {
        const scale = xs.reduce((m, x) => Math.max(m, x.scale), 0);
        const expected = xs.reduce((sum, x) => sum + x.units * 10n ** BigInt(scale - x.scale), 0n);
        const got = addAmounts(...xs.map((x) => x.text));
        const [i = "", f = ""] = got.replace("-", "").split(".");
        const gotUnits = BigInt(i + f) * (got.startsWith("-") ? -1n : 1n);
        return f.length === scale && gotUnits === expected;
      }),
    );
  });

  it("a + b − b === a and sums commute (property)", () => {
    fc.assert(
      fc.property(decimalArb, decimalArb, (a, b) => {
        expect(compareAmounts(subtractAmounts(addAmounts(a.text, b.text), b.text), a.text)).toBe(0);
        expect(addAmounts(a.text, b.text)).toBe(addAmounts(b.text, a.text));
      }),
    );
  });
});

describe("roundAmount (half-up: halves away from zero)", () => {
  it("rounds halves away from zero and pads", () => {
    expect(roundAmount("2.345")).toBe("2.35");
    expect(roundAmount("-2.345")).toBe("-2.35");
    expect(roundAmount("2.344999")).toBe("2.34");
    expect(roundAmount("0.005")).toBe("0.01");
    expect(roundAmount("-0.004")).toBe("0.00");
    expect(roundAmount("7")).toBe("7.00");
    expect(roundAmount("2534.432", 2)).toBe("2534.43");
    expect(roundAmount("1.5", 0)).toBe("2");
    expect(roundAmount("17.36075", 4)).toBe("17.3608");
    expect(roundAmount(1.005)).toBe("1.01"); // String(1.005) is "1.005": no float surprise
  });

  it("refuses a bad number of decimals", () => {
    expect(() => roundAmount("1", -1)).toThrow(RangeError);
    expect(() => roundAmount("1", 1.5)).toThrow(RangeError);
  });

  it("is within half a unit of the exact value (property)", () => {
    fc.assert(
      fc.property(decimalArb, fc.integer({ min: 0, max: 4 }), (x, d) => {
        const r = roundAmount(x.text, d);
        const diff = subtractAmounts(r, x.text).replace("-", "");
        const half = `0.${"0".repeat(d)}5`;
        return compareAmounts(diff, half) <= 0 && (r.split(".")[1] ?? "").length === d;
      }),
    );
  });
});

describe("formatAmount", () => {
  it("writes 2 decimals with thousands commas", () => {
    expect(formatAmount("1234.5")).toBe("1,234.50");
    expect(formatAmount("0")).toBe("0.00");
    expect(formatAmount("999.999")).toBe("1,000.00");
    expect(formatAmount("-1234567.891")).toBe("-1,234,567.89");
    expect(formatAmount(17852.75)).toBe("17,852.75");
    expect(formatAmount(1e21)).toBe("1,000,000,000,000,000,000,000.00");
    expect(formatAmount(1e-7)).toBe("0.00");
    expect(formatAmount("-0.001")).toBe("0.00");
  });

  it("refuses non-finite numbers and non-decimal text", () => {
    expect(() => formatAmount(Number.NaN)).toThrow(RangeError);
    expect(() => formatAmount(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatAmount("12abc")).toThrow(RangeError);
  });

  it("round-trips through parseAmount and groups every 3 digits (property)", () => {
    fc.assert(
      fc.property(decimalArb, (x) => {
        const formatted = formatAmount(x.text);
        expect(formatted).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(parseAmount(formatted)).toBe(roundAmount(x.text, 2));
      }),
    );
  });

  it("agrees with Intl for amounts a double represents exactly (property)", () => {
    const intl = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.integer({ min: 0, max: 3 }), (units, quarter) => {
        // Multiples of 0.25 are exact in binary and need no rounding at 2 decimals, so Intl is a fair oracle.
        const value = units + quarter / 4;
        return formatAmount(String(value)) === intl.format(value).replace("-0.00", "0.00");
      }),
    );
  });
});

describe("sameAmount2", () => {
  it("compares after rounding to 2 decimals", () => {
    expect(sameAmount2("953.33", "953.330000")).toBe(true);
    expect(sameAmount2("953.334", "953.33")).toBe(true);
    expect(sameAmount2("953.335", "953.33")).toBe(false);
    expect(sameAmount2("x", "x")).toBe(false);
  });
});

describe("divideAmounts (half-up to the decimals asked for)", () => {
  it("divides exactly and rounds half away from zero", () => {
    expect(divideAmounts("694.43", "40", 10)).toBe("17.3607500000");
    expect(divideAmounts("1", "3", 6)).toBe("0.333333");
    expect(divideAmounts("2", "3", 6)).toBe("0.666667");
    expect(divideAmounts("0.125", "1", 2)).toBe("0.13");
    expect(divideAmounts("-0.125", "1", 2)).toBe("-0.13");
    expect(divideAmounts("10", "-4", 1)).toBe("-2.5");
    expect(divideAmounts("11600.00", "1.16", 2)).toBe("10000.00");
    expect(divideAmounts("1000", "17360.80", 10)).toBe("0.0576010322");
    expect(divideAmounts("5", "0.001", 0)).toBe("5000");
  });

  it("refuses a division by zero and what is not a decimal", () => {
    expect(() => divideAmounts("1", "0.00", 2)).toThrow(RangeError);
    expect(() => divideAmounts("x", "1", 2)).toThrow(RangeError);
  });

  it("q × b is within half a unit of the last decimal of a (property)", () => {
    fc.assert(
      fc.property(decimalArb, decimalArb, fc.integer({ min: 0, max: 12 }), (a, b, d) => {
        fc.pre(b.units !== 0n);
        const q = divideAmounts(a.text, b.text, d);
        // |q − a/b| ≤ ½·10^-d  ⇔  |q·b − a| ≤ ½·|b|·10^-d
        const error = subtractAmounts(multiplyAmounts(q, b.text), a.text).replace("-", "");
        const bound = multiplyAmounts(b.text.replace("-", ""), `0.${"0".repeat(d)}5`);
        return compareAmounts(error, bound) <= 0;
      }),
    );
  });
});
