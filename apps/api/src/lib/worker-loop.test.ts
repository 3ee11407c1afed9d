import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, createWorkerLoop, type WorkerLoopOptions } from "./worker-loop";

/** A pass the test finishes by hand: `release()` ends the oldest pass still running, `fail()` makes it throw. */
function controllablePasses() {
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let running = 0;
  let maxRunning = 0;
  let calls = 0;
  const signals: AbortSignal[] = [];
  const run = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      calls++;
      running++;
      maxRunning = Math.max(maxRunning, running);
      signals.push(signal);
      const done = () => {
        running--;
      };
      pending.push({
        resolve: () => {
          done();
          resolve();
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
    });
  return {
    run,
    get calls() {
      return calls;
    },
    get running() {
      return running;
    },
    get maxRunning() {
      return maxRunning;
    },
    signals,
    release: () => pending.shift()!.resolve(),
    fail: (message = "falla") => pending.shift()!.reject(new Error(message)),
  };
}

const errors: { message: string; failures: number }[] = [];
let successes = 0;
const options = (run: WorkerLoopOptions["run"], extra: Partial<WorkerLoopOptions> = {}): WorkerLoopOptions => ({
  run,
  intervalMs: 1000,
  firstDelayMs: 100,
  maxBackoffMs: 8000,
  onError: (error, failures) => errors.push({ message: (error as Error).message, failures }),
  onSuccess: () => {
    successes++;
  },
  ...extra,
});

beforeEach(() => {
  vi.useFakeTimers();
  errors.length = 0;
  successes = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createWorkerLoop", () => {
  it("runs its passes outside the context of whoever woke it (a request's stores, its deadline)", async () => {
    // Real timers: a real setTimeout is what carries the AsyncLocalStorage context of the code that set it.
    vi.useRealTimers();
    const request = new AsyncLocalStorage<{ deadline: number }>();
    const seen: ({ deadline: number } | undefined)[] = [];
    const loop = createWorkerLoop(
      options(
        async () => {
          seen.push(request.getStore());
        },
        { intervalMs: 5, firstDelayMs: 1 },
      ),
    );
    loop.start();
    await new Promise((r) => setTimeout(r, 20));
    // Woken during a request: that pass and every one after it run without the request's store.
    const before = seen.length;
    request.run({ deadline: 1 }, () => loop.wake());
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(before + 4));
    await loop.close();
    expect(seen.length).toBeGreaterThan(before);
    expect(seen.filter((store) => store !== undefined)).toEqual([]);
  });

  it("runs the first pass after its delay, then one per interval while passes succeed", async () => {
    const passes = controllablePasses();
    const loop = createWorkerLoop(options(passes.run));
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes.calls).toBe(0); // nothing before start()
    loop.start();
    await vi.advanceTimersByTimeAsync(99);
    expect(passes.calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes.calls).toBe(1);
    passes.release();
    await vi.advanceTimersByTimeAsync(999);
    expect(passes.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes.calls).toBe(2);
    passes.release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes.calls).toBe(3);
    expect(successes).toBe(2);
    passes.release();
    await loop.close();
  });

  it("backs off after failures in a row (interval doubled per failure, capped) and resets after a success", async () => {
    const passes = controllablePasses();
    const loop = createWorkerLoop(options(passes.run));
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    const gaps: number[] = [];
    // Four failures: the pauses after them are 2, 4, 8 (the cap) and 8 seconds.
    for (let i = 0; i < 4; i++) {
      passes.fail(`falla ${i + 1}`);
      const before = passes.calls;
      let waited = 0;
      while (passes.calls === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      gaps.push(waited);
    }
    expect(gaps).toEqual([2000, 4000, 8000, 8000]);
    expect(errors).toEqual([
      { message: "falla 1", failures: 1 },
      { message: "falla 2", failures: 2 },
      { message: "falla 3", failures: 3 },
      { message: "falla 4", failures: 4 },
    ]);
    passes.release(); // a success: back to the plain interval
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes.calls).toBe(6);
    expect(successes).toBe(1);
    passes.release();
    await loop.close();
  });

  it("wakes up on demand, and a wake during a pass runs exactly one more pass right after it", async () => {
    const passes = controllablePasses();
    const loop = createWorkerLoop(options(passes.run, { intervalMs: 60_000 }));
    loop.wake(); // before start: ignored (start schedules the first pass anyway)
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(passes.calls).toBe(1);
    passes.release();
    await vi.advanceTimersByTimeAsync(10);
    loop.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes.calls).toBe(2); // at once, not after the minute
    loop.wake();
    loop.wake();
    loop.wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(passes.calls).toBe(2); // never a second pass while one runs
    passes.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(passes.calls).toBe(3); // the wakes during the pass: one more pass
    passes.release();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(passes.calls).toBe(3); // and then the interval again
    await vi.advanceTimersByTimeAsync(1);
    expect(passes.calls).toBe(4);
    passes.release();
    await loop.close();
  });

  it("never runs two passes at once, however often it is woken", async () => {
    const passes = controllablePasses();
    const loop = createWorkerLoop(options(passes.run, { intervalMs: 10 }));
    loop.start();
    for (let i = 0; i < 50; i++) {
      loop.wake();
      await vi.advanceTimersByTimeAsync(7);
      if (passes.running > 0 && i % 3 === 0) passes.release();
    }
    while (passes.running > 0) passes.release();
    expect(passes.calls).toBeGreaterThan(5);
    expect(passes.maxRunning).toBe(1);
    await loop.close();
  });

  it("close() waits for the pass under way, aborts its signal and re-arms no timer", async () => {
    const passes = controllablePasses();
    const loop = createWorkerLoop(options(passes.run));
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(passes.calls).toBe(1);
    let closed = false;
    const closing = loop.close().then(() => {
      closed = true;
    });
    expect(passes.signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(closed).toBe(false); // the pass is still running
    passes.release();
    await closing;
    expect(closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    loop.wake();
    loop.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(passes.calls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("close() while idle clears the timer; a failing pass ending after close re-arms nothing either", async () => {
    const idle = controllablePasses();
    const idleLoop = createWorkerLoop(options(idle.run));
    idleLoop.start();
    expect(vi.getTimerCount()).toBe(1);
    await idleLoop.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(idle.calls).toBe(0);

    const failing = controllablePasses();
    const loop = createWorkerLoop(options(failing.run));
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    const closing = loop.close();
    failing.fail();
    await closing;
    expect(errors).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps going when the error callback itself throws", async () => {
    const passes = controllablePasses();
    const loop = createWorkerLoop(
      options(passes.run, {
        onError: () => {
          throw new Error("el registro falló");
        },
      }),
    );
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    passes.fail();
    await vi.advanceTimersByTimeAsync(2000);
    expect(passes.calls).toBe(2);
    passes.release();
    await loop.close();
  });
});

describe("backoffDelay", () => {
  it("is the interval without failures, doubles per failure, never exceeds the cap nor goes under the interval", () => {
    expect(backoffDelay(5000, 300_000, 0)).toBe(5000);
    expect(backoffDelay(5000, 300_000, 1)).toBe(10_000);
    expect(backoffDelay(5000, 300_000, 3)).toBe(40_000);
    expect(backoffDelay(5000, 300_000, 20)).toBe(300_000);
    expect(backoffDelay(600_000, 300_000, 2)).toBe(600_000);
  });
});
