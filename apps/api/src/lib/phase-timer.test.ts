import { describe, expect, it } from "vitest";
import { createPhaseTimer, SLOW_REQUEST_MS } from "./phase-timer";

/** A timer that reads the given instants in order. */
const instants = (...ts: number[]) => {
  let i = 0;
  return () => {
    const t = ts[i++];
    if (t === undefined) throw new Error("more reads than instants");
    return t;
  };
};

describe("createPhaseTimer", () => {
  it("names each phase with its own duration, up to the last mark", () => {
    const phases = createPhaseTimer(instants(100, 112.4, 160, 5171.6));
    phases.mark("datos");
    phases.mark("reglas");
    phases.mark("consulta al SAT");
    expect(phases.summaryIfSlow()).toBe("5072 ms (datos 12 ms · reglas 48 ms · consulta al SAT 5012 ms)");
  });

  it("says nothing below the threshold, and speaks from the threshold on", () => {
    const fast = createPhaseTimer(instants(0, SLOW_REQUEST_MS - 1));
    fast.mark("todo");
    expect(fast.summaryIfSlow()).toBeNull();
    const slow = createPhaseTimer(instants(0, SLOW_REQUEST_MS));
    slow.mark("todo");
    expect(slow.summaryIfSlow()).toBe(`${SLOW_REQUEST_MS} ms (todo ${SLOW_REQUEST_MS} ms)`);
    const custom = createPhaseTimer(instants(0, 300));
    custom.mark("todo");
    expect(custom.summaryIfSlow(250)).toBe("300 ms (todo 300 ms)");
  });
});
