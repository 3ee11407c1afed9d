import type { FastifyInstance } from "fastify";

/**
 * Where the process is in its life (decision 029): serving, or draining after a SIGTERM (the health check answers
 * 503 so the load balancer stops sending requests; everything else is still served).
 */
export interface Lifecycle {
  draining: boolean;
  /** Requests answered since the drain began (counted by the app: app.ts). */
  answeredWhileDraining: number;
}

export const createLifecycle = (): Lifecycle => ({ draining: false, answeredWhileDraining: 0 });

/** What the health check answers while the process drains (503): the load balancer takes it out of its pool. */
export const MSG_CERRANDO = "El proceso se está cerrando; el balanceador envía las solicitudes a otro.";

export interface ShutdownOptions {
  /** How long the health check answers 503 before the app closes (DRAIN_MS). */
  drainMs: number;
  /** How long the close may take before the process gives up waiting and exits 1 (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** Ends the process (process.exit in server.ts; tests record the code). */
  exit(code: number): void;
  /**
   * A monotonic millisecond counter (performance.now by default; tests move it). Only intervals between signals are
   * measured with it, never a date.
   */
  monotonicMs?: () => number;
  /** The same signal again within this many ms is the same request (default 1000: see `signal`). */
  duplicateWindowMs?: number;
}

export interface Shutdown {
  /** A signal arrived: the first starts the drain and the close; a second one during them exits at once. */
  signal(name: string): void;
  /** Resolves when the first signal's drain and close have finished (and `exit` was called). */
  readonly done: Promise<void>;
}

/**
 * The graceful stop of a portal process behind a load balancer (issue 25):
 *
 * 1. `GET /api/health` answers 503 at once and every answer says `Connection: close`, while requests are still served,
 *    for `drainMs`: the balancer's active check marks the process down and sends new requests to the others;
 * 2. `app.close()`: the server stops listening, answers what still arrives with the portal's 503 (plugins/security.ts),
 *    waits for the requests under way, then the workers' loops (each waits for its pass: a claimed mail, ERP job or
 *    scheduled job is finished and recorded, or, if the process dies first, its lease runs out and another process
 *    takes it) and the database pool close;
 * 3. the process exits 0 — or 1 if the close takes longer than `timeoutMs`.
 *
 * A second SIGTERM/SIGINT during all this exits 1 at once (an operator's Ctrl+C twice): whatever was claimed and not
 * recorded goes back to the other processes when its lease runs out. One Ctrl+C reaches the server more than once —
 * the terminal signals the whole process group (npm, `scripts/start.mjs`, the server) and npm and the supervisor pass
 * it on — so the same signal again within `duplicateWindowMs` is that same Ctrl+C and is ignored (issue 40: every
 * Ctrl+C ended with a warning and skipped the drain).
 */
export function createShutdown(app: FastifyInstance, options: ShutdownOptions): Shutdown {
  let started: { name: string; atMs: number } | null = null;
  let exited = false;
  const monotonicMs = options.monotonicMs ?? (() => performance.now());
  const duplicateWindowMs = options.duplicateWindowMs ?? 1000;
  let drainTimer: NodeJS.Timeout | null = null;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    if (drainTimer) clearTimeout(drainTimer);
    options.exit(code);
    finish();
  };

  async function run(name: string) {
    app.lifecycle.draining = true;
    app.log.info(
      { signal: name, drainMs: options.drainMs },
      `${name}: fuera del balanceador, drenando ${options.drainMs} ms`,
    );
    if (options.drainMs > 0) {
      await new Promise<void>((resolve) => {
        drainTimer = setTimeout(resolve, options.drainMs);
      });
    }
    if (exited) return;
    const timer = setTimeout(() => {
      app.log.fatal(
        { timeoutMs: options.timeoutMs },
        `el cierre tardó más de ${options.timeoutMs} ms; el proceso termina sin esperar más`,
      );
      exit(1);
    }, options.timeoutMs);
    timer.unref();
    try {
      await app.close();
    } catch (error) {
      clearTimeout(timer);
      app.log.error({ err: error }, "error al cerrar el proceso");
      exit(1);
      return;
    }
    clearTimeout(timer);
    // Requests answered from the signal on: those under way then and those the drain still served.
    const answered = app.lifecycle.answeredWhileDraining;
    app.log.info({ solicitudes: answered }, `cerrado: ${answered} solicitudes terminadas`);
    exit(0);
  }

  return {
    signal(name) {
      if (started) {
        if (name === started.name && monotonicMs() - started.atMs < duplicateWindowMs) return;
        app.log.warn({ signal: name }, `${name} durante el cierre: el proceso termina de inmediato`);
        exit(1);
        return;
      }
      started = { name, atMs: monotonicMs() };
      void run(name);
    },
    done,
  };
}
