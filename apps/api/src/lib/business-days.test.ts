import { describe, expect, it } from "vitest";
import { addBusinessDays, dayInMexico, isBankHoliday } from "./business-days";

describe("addBusinessDays (the cooling-off period, Mexico City's calendar)", () => {
  it("skips Saturday and Sunday", () => {
    // Friday 27 Nov 2026, 10:00 in Mexico City (16:00 UTC): three business days end on Wednesday 2 Dec.
    expect(addBusinessDays(new Date("2026-11-27T16:00:00Z"), 3).toISOString()).toBe("2026-12-02T16:00:00.000Z");
    // Monday → Thursday.
    expect(addBusinessDays(new Date("2026-11-30T16:00:00Z"), 3).toISOString()).toBe("2026-12-03T16:00:00.000Z");
    // 0 days: no period.
    expect(addBusinessDays(new Date("2026-11-30T16:00:00Z"), 0).toISOString()).toBe("2026-11-30T16:00:00.000Z");
  });
  it("counts the day as Mexico City has it: Friday 20:00 there is Saturday in UTC", () => {
    // Friday 27 Nov 2026 at 20:00 in Mexico City = Saturday 02:00 UTC; one business day later is Monday 30.
    expect(addBusinessDays(new Date("2026-11-28T02:00:00Z"), 1).toISOString()).toBe("2026-12-01T02:00:00.000Z");
    expect(dayInMexico(new Date("2026-12-01T02:00:00Z"))).toBe("30/11/2026");
  });
  it("skips Mexico's bank holidays", () => {
    // Thursday 24 Dec 2026, 10:00 in Mexico City: the 25th is a holiday, then the weekend; one business day is Monday 28.
    expect(addBusinessDays(new Date("2026-12-24T16:00:00Z"), 1).toISOString()).toBe("2026-12-28T16:00:00.000Z");
    // Friday 13 Nov 2026: Monday 16 (third Monday of November) does not count; three business days end Thursday 19.
    expect(addBusinessDays(new Date("2026-11-13T16:00:00Z"), 3).toISOString()).toBe("2026-11-19T16:00:00.000Z");
    // Wednesday 1 Apr 2026: Holy Thursday 2 and Good Friday 3 (Easter is 5 April), then the weekend: Monday 6.
    expect(addBusinessDays(new Date("2026-04-01T16:00:00Z"), 1).toISOString()).toBe("2026-04-06T16:00:00.000Z");
  });
});

describe("isBankHoliday (the CNBV's días inhábiles)", () => {
  it("knows 2026's and 2027's, the movable ones included, and nothing else", () => {
    const dias2026 = [
      "01-01",
      "02-02",
      "03-16",
      "04-02",
      "04-03",
      "05-01",
      "09-16",
      "11-02",
      "11-16",
      "12-12",
      "12-25",
    ];
    const todos2026: string[] = [];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const d = new Date(t);
      if (isBankHoliday(2026, d.getUTCMonth() + 1, d.getUTCDate())) todos2026.push(d.toISOString().slice(5, 10));
    }
    expect(todos2026).toEqual(dias2026);
    // 2027: Easter 28 March (Holy Thursday 25, Good Friday 26), first Monday of February the 1st, third of March the 15th.
    expect([isBankHoliday(2027, 3, 25), isBankHoliday(2027, 3, 26), isBankHoliday(2027, 2, 1)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(isBankHoliday(2027, 3, 15)).toBe(true);
    // 1 October only when a President takes office.
    expect([isBankHoliday(2030, 10, 1), isBankHoliday(2031, 10, 1)]).toEqual([true, false]);
  });
});
