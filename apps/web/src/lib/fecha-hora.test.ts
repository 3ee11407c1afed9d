import { describe, expect, it } from "vitest";
import { fechaHoraCdmx } from "./fecha-hora";

describe("fechaHoraCdmx (issue 40)", () => {
  it("shows an instant in Mexico City's time whatever the browser's zone", () => {
    expect(fechaHoraCdmx("2026-11-21T12:00:00.000Z")).toBe("2026-11-21 06:00");
    expect(fechaHoraCdmx("2026-07-01T03:30:00Z")).toBe("2026-06-30 21:30");
    expect(fechaHoraCdmx("2026-11-21T00:05:00-06:00")).toBe("2026-11-21 00:05");
  });

  it("shows a dash for nothing and the text as it came when it is no instant", () => {
    expect(fechaHoraCdmx(null)).toBe("—");
    expect(fechaHoraCdmx("")).toBe("—");
    expect(fechaHoraCdmx("ayer")).toBe("ayer");
  });
});
