import { describe, expect, it } from "vitest";
import { addBusinessDays, dayInMexico } from "./business-days";

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
});
