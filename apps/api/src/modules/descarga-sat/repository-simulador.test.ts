import { describe, expect, it } from "vitest";
import { inventedDate } from "./repository-simulador";

describe("the Descarga Masiva simulator's invented CFDI of a month", () => {
  it("is dated the 15th at noon when the window covers it", () => {
    expect(inventedDate("2026-10", "2026-10-01 00:00:00", "2026-11-28 18:00:00")).toBe("2026-10-15 12:00:00");
    expect(inventedDate("2026-11", "2026-10-01 00:00:00", "2026-11-28 18:00:00")).toBe("2026-11-15 12:00:00");
  });

  it("before the 15th of the current month: at the window's end, so any day of the month has one", () => {
    expect(inventedDate("2026-12", "2026-11-01 00:00:00", "2026-12-03 09:30:00")).toBe("2026-12-03 09:30:00");
    expect(inventedDate("2026-12", "2026-11-01 00:00:00", "2026-12-01 00:00:00")).toBe("2026-12-01 00:00:00");
  });

  it("a window that starts after the 15th: at its start; none for a month outside the window", () => {
    expect(inventedDate("2026-10", "2026-10-20 08:00:00", "2026-11-28 18:00:00")).toBe("2026-10-20 08:00:00");
    expect(inventedDate("2026-09", "2026-10-01 00:00:00", "2026-11-28 18:00:00")).toBeNull();
    expect(inventedDate("2026-12", "2026-10-01 00:00:00", "2026-11-28 18:00:00")).toBeNull();
  });
});
