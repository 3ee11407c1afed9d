import type { ErpAdapter } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import type { Data } from "../../repositories";
import { execute, outboxRun, runDue } from "./attempts";
import { ERP_LEASE_MS, type ErpJobHandler, type ErpResultado } from "./policy";
import type { ErpTrabajo } from "./records";

export {
  claseDeError,
  ERP_ESPERA_AUTORIZACION_MS,
  ERP_LEASE_MS,
  ERP_MAX_INTENTOS,
  ERP_VENTANA_DESPERTAR_MS,
  ErpEsperaError,
  type ErpFallo,
  type ErpJobHandler,
  type ErpJobRun,
  type ErpResultado,
  erpBackoffMs,
  retryFailure,
} from "./policy";

/**
 * The ERP outbox (issue 13, decision 054): the portal's decisions write jobs in the decision's transaction (erp_trabajos,
 * the outbox pattern of the mail); this runs them — a worker on a timer (worker.ts) and an employee's retry — with a
 * lease, backoff and the wake-ups after an outage. It knows no job kind: each kind is a handler `{ tipo, run }`
 * living with its document's module. Each attempt first asks the ERP whether it already has the document (the
 * portal id travels with it), so a retry after a lost answer or a worker that died mid-way never creates a second
 * one. Transient failures retry with backoff; the ERP's refusals stop and wait for an employee.
 */
export function createErpOutbox({
  data,
  clock,
  erp,
  handlers,
  warn = () => {},
  random = Math.random,
}: {
  data: Data;
  clock: Clock;
  erp: Pick<ErpAdapter, "onAvailable">;
  handlers: readonly ErpJobHandler[];
  /** One line per failed attempt (the job, its attempts, when it runs again and why): what operations watch. */
  warn?: (fields: Record<string, unknown>, message: string) => void;
  /** Where the wake-ups after an outage fall in their window (issue 36); tests give a seeded source. */
  random?: () => number;
}) {
  const run = outboxRun({ repos: data.repos, clock, warn, random }, handlers);
  const { repos, deVuelta } = run;
  const despertadores = new Set<() => void>();
  let corriendo: Promise<number> | null = null;

  const queued = () => {
    for (const wake of despertadores) wake();
  };

  return {
    /** Called by whoever wants to hear about new jobs (the worker runs them at once instead of on its timer). */
    alEncolar(wake: () => void) {
      despertadores.add(wake);
      return () => despertadores.delete(wake);
    },
    /**
     * While listening: when the ERP answers again for a company database after an outage (the adapter notices it),
     * that database's jobs waiting out the backoff of their failures are woken by the next pass and `despertar` runs
     * (the worker makes that pass at once). Issue 36 (decision 040): each such job is woken once, at a random point
     * of ERP_VENTANA_DESPERTAR_MS, and a wake-up that fails the way its last attempt did is not counted — so an ERP
     * that comes and goes (each answer after a failure is a "back") neither hammers the ERP nor uses up the tries.
     * Returns the function that stops listening.
     */
    onErpBack(wake: () => void): () => void {
      const dejar = erp.onAvailable?.((bd) => {
        deVuelta.add(bd);
        wake();
      });
      return dejar ?? (() => {});
    },
    /** After a transaction that enqueued jobs committed. */
    queued,
    /**
     * One pass over the due jobs (never two at once in this process); returns how many jobs of the counted kinds
     * (the A/P invoices made) succeeded.
     */
    flush(): Promise<number> {
      corriendo ??= runDue(run).finally(() => {
        corriendo = null;
      });
      return corriendo;
    },
    /**
     * An employee's retry (decision 040): leases `trabajo` now, 'fallido' or waiting out its backoff, and runs it.
     * Undefined when there is nothing to take (done, or running elsewhere).
     */
    async runNow(trabajo: ErpTrabajo | undefined): Promise<ErpResultado | undefined> {
      if (!trabajo) return undefined;
      const now = clock();
      const leased = await repos.erpTrabajos.claimTrabajo(trabajo.id, now, new Date(now.getTime() + ERP_LEASE_MS));
      return leased && execute(run, leased);
    },
  };
}
export type ErpOutbox = ReturnType<typeof createErpOutbox>;
