/** A request slower than this logs its phases (issue 22: no upload should take 1 s). */
export const SLOW_REQUEST_MS = 1_000;

/**
 * How long each phase of one request took, for the log of a slow one: issue 22's uploads that waited 5 s were
 * found by timing their phases (the SAT query). Durations come from a monotonic timer, not the clock; phase names
 * are the caller's constants, so the summary carries no data of the request.
 */
export function createPhaseTimer(timer: () => number = () => performance.now()) {
  const start = timer();
  let last = start;
  const phases: string[] = [];
  return {
    /** Ends the phase under way and names it. */
    mark(name: string) {
      const t = timer();
      phases.push(`${name} ${Math.round(t - last)} ms`);
      last = t;
    },
    /** "1234 ms (a 12 ms · b 1222 ms)" up to the last mark, or null when that took less than `thresholdMs`. */
    summaryIfSlow(thresholdMs = SLOW_REQUEST_MS): string | null {
      const total = last - start;
      return total < thresholdMs ? null : `${Math.round(total)} ms (${phases.join(" · ")})`;
    },
  };
}
