import { describe, expect, it } from "vitest";
import { describeSchedule, firstRun, nextRun, retryAfterFailure } from "./programa";

const d = (iso: string) => new Date(iso);

describe("programa de una tarea", () => {
  it("a daily job first runs today at its time when that is still ahead (or now), else tomorrow", () => {
    expect(firstRun({ dailyAt: "12:00" }, d("2026-11-21T11:59:00Z"))).toEqual(d("2026-11-21T12:00:00Z"));
    expect(firstRun({ dailyAt: "12:00" }, d("2026-11-21T12:00:00Z"))).toEqual(d("2026-11-21T12:00:00Z"));
    expect(firstRun({ dailyAt: "12:00" }, d("2026-11-21T12:00:01Z"))).toEqual(d("2026-11-22T12:00:00Z"));
  });

  it("after a run a daily job is next due at its time the following day, even when it ran late", () => {
    expect(nextRun({ dailyAt: "12:00" }, d("2026-11-21T12:00:00Z"))).toEqual(d("2026-11-22T12:00:00Z"));
    expect(nextRun({ dailyAt: "12:00" }, d("2026-11-21T18:30:00Z"))).toEqual(d("2026-11-22T12:00:00Z"));
    expect(nextRun({ dailyAt: "12:00" }, d("2026-11-21T06:00:00Z"))).toEqual(d("2026-11-21T12:00:00Z"));
    expect(nextRun({ dailyAt: "00:05" }, d("2026-12-31T23:59:00Z"))).toEqual(d("2027-01-01T00:05:00Z"));
  });

  it("an interval job runs at once the first time, then every interval", () => {
    expect(firstRun({ everyMinutes: 30 }, d("2026-11-21T12:00:00Z"))).toEqual(d("2026-11-21T12:00:00Z"));
    expect(nextRun({ everyMinutes: 30 }, d("2026-11-21T12:00:00Z"))).toEqual(d("2026-11-21T12:30:00Z"));
  });

  it("a failed run is retried sooner, backing off, never later than the regular run", () => {
    const inicio = d("2026-11-21T12:00:00Z");
    expect(retryAfterFailure({ dailyAt: "12:00" }, inicio, 1)).toEqual(d("2026-11-21T12:05:00Z"));
    expect(retryAfterFailure({ dailyAt: "12:00" }, inicio, 3)).toEqual(d("2026-11-21T12:20:00Z"));
    expect(retryAfterFailure({ dailyAt: "12:00" }, inicio, 20)).toEqual(d("2026-11-21T18:00:00Z"));
    expect(retryAfterFailure({ everyMinutes: 10 }, inicio, 5)).toEqual(d("2026-11-21T12:10:00Z"));
  });

  it("refuses an impossible time and describes schedules in Spanish", () => {
    expect(() => firstRun({ dailyAt: "25:00" }, d("2026-11-21T12:00:00Z"))).toThrow(/Hora inválida/);
    // Issue 40: in Mexico City's time, as /Tareas shows the runs.
    expect(describeSchedule({ dailyAt: "12:00" })).toBe("Todos los días a las 06:00 (hora de la Ciudad de México)");
    expect(describeSchedule({ dailyAt: "03:30" })).toBe("Todos los días a las 21:30 (hora de la Ciudad de México)");
    expect(describeSchedule({ everyMinutes: 60 })).toBe("Cada hora");
    expect(describeSchedule({ everyMinutes: 15 })).toBe("Cada 15 minutos");
    expect(describeSchedule({ everyMinutes: 10080 })).toBe("Cada 7 días");
  });
});
