import { AsyncResource } from "node:async_hooks";
import { isDatabaseUnavailable } from "@portal/db";
import type { FastifyInstance } from "fastify";

export interface WorkerLoopOptions {
  /**
   * One pass over the work (claim under a lease in the database, run, record). `signal` is aborted when the loop
   * closes: a long pass may stop between two items.
   */
  run(signal: AbortSignal): Promise<unknown>;
  /** Pause between passes while all goes well. */
  intervalMs: number;
  /** Pause before the first pass (default 1 s, so the app finishes starting first). */
  firstDelayMs?: number;
  /** Longest pause after failures in a row (default 5 min; never shorter than `intervalMs`). */
  maxBackoffMs?: number;
  /** A pass threw; `failures` counts them in a row. */
  onError(error: unknown, failures: number): void;
  /** A pass ended without throwing. */
  onSuccess?(): void;
}

export interface WorkerLoop {
  /** Schedules the first pass. */
  start(): void;
  /** Runs a pass now (new work was enqueued); during a pass, one more runs right after it. */
  wake(): void;
  /** No pass starts any more and no timer is left; resolves once the pass under way (if any) has finished. */
  close(): Promise<void>;
}

/** After `failures` failed passes in a row: the interval doubled per failure, up to the ceiling. */
export const backoffDelay = (intervalMs: number, maxBackoffMs: number, failures: number) =>
  failures === 0 ? intervalMs : Math.max(intervalMs, Math.min(intervalMs * 2 ** failures, maxBackoffMs));

/**
 * The one loop every outbox worker runs on (mail, ERP jobs, scheduled jobs: one place for backoff, wake-up and a
 * clean stop). The rows themselves are claimed with a lease by each service, so any number of processes may run the
 * same loop; within a process the loop never runs two passes at once, backs off while passes fail (a database or SMTP
 * outage is not hammered), wakes up on demand, and stops cleanly: after close() no timer is re-armed and close()
 * waits for the pass under way, so its rows are recorded before the database closes.
 */
export function createWorkerLoop(options: WorkerLoopOptions): WorkerLoop {
  const maxBackoffMs = options.maxBackoffMs ?? 5 * 60_000;
  const stop = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<void> | null = null;
  let started = false;
  let closed = false;
  let wokenDuringPass = false;
  let failures = 0;

  const schedule = (ms: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(runPass, ms);
    // A pending pass never keeps the process alive on its own.
    timer.unref();
  };

  async function once() {
    try {
      await options.run(stop.signal);
    } catch (error) {
      failures++;
      options.onError(error, failures);
      return;
    }
    failures = 0;
    options.onSuccess?.();
  }

  // Every pass runs in the context the loop was created in (the app's start), never in the one of whoever woke it:
  // a timer set during a request carries that request's AsyncLocalStorage stores, and the passes that follow
  // would inherit them for good — the ERP adapter's per-request deadline among them, long past, which failed every
  // later ERP call of the worker at once ("El ERP no responde") until some other request woke it.
  const runPass = AsyncResource.bind(function runPass() {
    timer = null;
    if (closed || pass) return;
    wokenDuringPass = false;
    pass = once()
      // onError/onSuccess are the caller's; a throw there must not stop the loop.
      .catch(() => {})
      .finally(() => {
        pass = null;
        if (wokenDuringPass) schedule(0);
        else schedule(backoffDelay(options.intervalMs, maxBackoffMs, failures));
      });
  });

  return {
    start() {
      if (started || closed) return;
      started = true;
      schedule(options.firstDelayMs ?? 1000);
    },
    wake() {
      if (!started || closed) return;
      if (pass) wokenDuringPass = true;
      else schedule(0);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      stop.abort();
      await pass;
    },
  };
}

/**
 * Runs a worker loop while the app is up: it starts when the app is ready and is closed (waiting for its pass)
 * before the database closes. A database outage goes to the outage log (one line per burst, not one per pass);
 * anything else is logged as the worker's error. Returns the loop (for `wake`).
 */
export function registerWorkerLoop(
  app: FastifyInstance,
  options: Omit<WorkerLoopOptions, "onError" | "onSuccess"> & { errorMessage: string },
): WorkerLoop {
  const { errorMessage, ...loopOptions } = options;
  const loop = createWorkerLoop({
    ...loopOptions,
    onError(error) {
      if (isDatabaseUnavailable(error)) app.databaseOutage.failed(error);
      else app.log.error({ err: error }, errorMessage);
    },
    // Every pass queries the database first: one that went through means it answers.
    onSuccess: () => app.databaseOutage.recovered(),
  });
  app.addHook("onReady", async () => loop.start());
  // onClose hooks run after the server stopped taking requests and before the database closes (registered
  // earlier, closed later).
  app.addHook("onClose", () => loop.close());
  return loop;
}
