import { describe, expect, it } from "vitest";
import { fieldsAgainstXml, sameAmount, sameDate, sameIgnoringCase, sameName, sameNumber } from "./cfdi-compare";

describe("CFDI comparisons", () => {
  it("amounts to the cent, numbers exactly, dates on their day, names with folded blanks", () => {
    expect(sameAmount("116.00", "116")).toBe(true);
    expect(sameAmount("116.004", "116.00")).toBe(true);
    expect(sameAmount("116.01", "116.00")).toBe(false);
    expect(sameAmount("", "0")).toBe(false);
    expect(sameNumber("17.1234", "17.12340")).toBe(true);
    expect(sameNumber("17.1234", "17.1235")).toBe(false);
    expect(sameDate("2026-11-03", "2026-11-03T10:00:00")).toBe(true);
    expect(sameDate("2026-11-04", "2026-11-03T10:00:00")).toBe(false);
    expect(sameDate("2026-11-03T10:00:00", "2026-11-03T10:00:01")).toBe(false);
    expect(sameName(" Acme  del  Norte ", "ACME DEL NORTE")).toBe(true);
    expect(sameIgnoringCase("aaa010101aaa", "AAA010101AAA")).toBe(true);
  });

  it("one message per differing field, in order; an absent field is not compared; values trimmed", () => {
    const message = (field: string, sent: string, xml: string) => `${field}: ${sent} ≠ ${xml}`;
    const sent: Partial<Record<"Total" | "Folio" | "Moneda" | "UUID", string>> = {
      Total: " 100.00 ",
      Folio: "A-1",
      UUID: "abc",
    };
    expect(
      fieldsAgainstXml(
        sent,
        [
          ["Total", "100", sameAmount],
          ["Folio", "A-2"],
          ["Moneda", "USD", sameIgnoringCase],
          ["UUID", " ABD ", sameIgnoringCase],
        ],
        message,
      ),
    ).toEqual(["Folio: A-1 ≠ A-2", "UUID: abc ≠ ABD"]);
  });
});
