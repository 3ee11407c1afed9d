import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock";

/** What a client waits before trying again (the `Retry-After` of every 503: database outage or shutdown). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The log of a database outage, one burst at a time (issue 22: 739 stack traces in 15 s). The first failure of a
 * burst is logged once, with its type and code; the rest are only counted (a reminder with the count at most once
 * a minute while it lasts); when the database answers again one line says so with the count and the duration.
 * Fed by the error handler (requests answered 503), the workers, and the pool (connections lost and opened).
 */
export interface DatabaseOutage {
  /** A call failed because the database cannot be reached. */
  failed(error: unknown, log?: FastifyBaseLogger): void;
  /** The database answered (a new connection opened, a worker's pass went through). */
  recovered(): void;
  readonly active: boolean;
}

export const OUTAGE_REMINDER_MS = 60_000;

export function createDatabaseOutage(log: FastifyBaseLogger, clock: Clock): DatabaseOutage {
  let since: Date | null = null;
  let lastReport = 0;
  let failures = 0;
  return {
    get active() {
      return since !== null;
    },
    failed(error, requestLog = log) {
      const now = clock();
      if (!since) {
        since = now;
        lastReport = now.getTime();
        failures = 1;
        requestLog.error({ err: error }, "la base de datos no responde; se responde 503 hasta que vuelva");
        return;
      }
      failures++;
      if (now.getTime() - lastReport >= OUTAGE_REMINDER_MS) {
        lastReport = now.getTime();
        log.warn(
          { fallas: failures, desdeMs: now.getTime() - since.getTime() },
          "la base de datos sigue sin responder",
        );
      }
    },
    recovered() {
      if (!since) return;
      log.info(
        { fallas: failures, duracionMs: clock().getTime() - since.getTime() },
        "la base de datos respondió de nuevo",
      );
      since = null;
      failures = 0;
    },
  };
}
