import { describe, expect, it } from "vitest";
import { expectedPaymentDate, isoWeekday, unpaidDueDate, weekStart } from "./fecha-probable-pago";

// 2026-12-01 is a Tuesday.
const TUESDAYS_THURSDAYS = [2, 4];

describe("expectedPaymentDate", () => {
  it("keeps a due date that falls on a payment day", () => {
    expect(isoWeekday("2026-12-01")).toBe(2);
    expect(expectedPaymentDate("2026-12-01", TUESDAYS_THURSDAYS)).toBe("2026-12-01");
    expect(expectedPaymentDate("2026-12-03", TUESDAYS_THURSDAYS)).toBe("2026-12-03");
  });

  it("moves a Friday due date to the next Tuesday", () => {
    expect(expectedPaymentDate("2026-12-04", TUESDAYS_THURSDAYS)).toBe("2026-12-08");
    expect(expectedPaymentDate("2026-12-02", TUESDAYS_THURSDAYS)).toBe("2026-12-03");
  });

  it("without payment days, moves only a weekend to the Monday", () => {
    expect(expectedPaymentDate("2026-12-04", [])).toBe("2026-12-04");
    expect(expectedPaymentDate("2026-12-05", [])).toBe("2026-12-07");
    expect(expectedPaymentDate("2026-12-06", [])).toBe("2026-12-07");
  });

  it("crosses months and years", () => {
    expect(expectedPaymentDate("2026-12-31", [2])).toBe("2027-01-05");
  });
});

describe("unpaidDueDate", () => {
  const installments = [
    { dueDate: "2027-01-30", total: "500.00" },
    { dueDate: "2026-12-31", total: "500.00" },
  ];

  it("is DocDueDate without installments, null once paid in full", () => {
    expect(unpaidDueDate("2026-12-15", [], "0", "1000.00")).toBe("2026-12-15");
    expect(unpaidDueDate("2026-12-15", [], "1000.00", "1000.00")).toBeNull();
  });

  it("is the earliest installment not covered by what was paid", () => {
    expect(unpaidDueDate("2026-12-31", installments, "0.00", "1000.00")).toBe("2026-12-31");
    expect(unpaidDueDate("2026-12-31", installments, "499.99", "1000.00")).toBe("2026-12-31");
    expect(unpaidDueDate("2026-12-31", installments, "500.00", "1000.00")).toBe("2027-01-30");
    expect(unpaidDueDate("2026-12-31", installments, "1000.00", "1000.00")).toBeNull();
  });
});

describe("weekStart", () => {
  it("is the Monday of the week", () => {
    expect(weekStart("2026-12-01")).toBe("2026-11-30");
    expect(weekStart("2026-12-06")).toBe("2026-11-30");
    expect(weekStart("2026-12-07")).toBe("2026-12-07");
  });
});
