import { autorizacionErpDe } from "@portal/contracts";
import { isDatabaseUnavailable } from "@portal/db";
import { or } from "drizzle-orm";
import { type ErpAdapter, ErpApprovalPendingError, ErpRechazoError, isErpNoDisponible } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import { Conflict, ErpNoDisponible, Invalid } from "../../lib/errors";
import type { Data } from "../../repositories";
import type { ClaseError, ErpEspera, ErpTrabajo } from "./repository";

/**
 * How long one attempt may hold its job before another worker may take it (a worker that died mid-way). An attempt
 * is a few Service Layer requests, each bounded by SAP_SL_TIMEOUT_MS (10 s): well within it. The lease must stay
 * above an attempt's longest time: the adapter looks the portal id up before posting, which prevents a duplicate A/P
 * invoice after a dead worker, not when two attempts post at the same moment.
 */
export const ERP_LEASE_MS = 2 * 60_000;
/** Jobs claimed at a time: each under its own lease, so a worker that dies strands one job, not a batch. */
const CLAIM_BATCH = 1;
/**
 * Attempts before a job stops retrying on its own ('fallido': an employee may still retry it). docs/operations.md
 * says this number (test/documentacion-erp.test.ts reads both).
 */
export const ERP_MAX_INTENTOS = 14;
/**
 * 15 s, 30 s, 1 min, 2, 4 … capped at 6 h: about a day of retries before giving up. Short at first: most ERP
 * outages are a restart or a network blip, and the supplier's invoice should reach SAP soon after (issue 25's load
 * test: a 30 s outage followed by a database restart left jobs waiting 4 minutes with a 1-minute start).
 */
export const erpBackoffMs = (intentos: number) => Math.min(15_000 * 2 ** (intentos - 1), 6 * 3_600_000);
/**
 * Issue 36 (decision 040): when the ERP answers again after an outage, the jobs waiting out their backoff are woken
 * over this window (each at a random point of it), not all at the same moment.
 */
export const ERP_VENTANA_DESPERTAR_MS = 30_000;
/**
 * Issue 37 (F2, decision 046): how often a job whose document waits in SAP for an approval procedure asks again
 * whether the approvers decided (no attempt spent meanwhile).
 */
export const ERP_ESPERA_AUTORIZACION_MS = 5 * 60_000;

/**
 * Issue 36 (decision 040): the job cannot run yet because another document is not in the ERP (an invoice a credit
 * note credits, or the invoice a replacement takes over, has no A/P invoice): not a failure of the ERP, no attempt
 * spent.
 */
export class ErpEsperaError extends Error {
  override readonly name = "ErpEsperaError";
}

/**
 * How an attempt failed (issue 36): the ERP or the portal's database could not answer ('no_disponible'), the ERP
 * refused ('rechazo'), another document is not in the ERP yet ('espera': a credit note's invoice, a takeover's
 * replaced invoice), anything else ('error').
 */
export function claseDeError(error: unknown): ClaseError {
  if (error instanceof ErpRechazoError) return "rechazo";
  if (error instanceof ErpEsperaError || error instanceof ErpApprovalPendingError) return "espera";
  if (isErpNoDisponible(error) || isDatabaseUnavailable(error)) return "no_disponible";
  return "error";
}

/** A failed attempt: the message on the job row, and whether the ERP refused (an employee must look). */
export type ErpFallo = { ok: false; mensaje: string; rechazo: boolean };
/** The outcome of one attempt at a job, whatever its kind: the ERP document's number when it made or found one. */
export type ErpResultado = { ok: true; docNum: number | null } | ErpFallo;

/**
 * One kind of ERP job (decision 054), defined in the module whose document it is and listed once (src/erp-jobs.ts).
 * `run` makes one attempt at a leased job: it records a success on the job (`finish`, in the transaction that
 * records the ERP's document) and returns it, returns an outcome it decided itself (a refusal), or hands the
 * attempt's error to `outbox.failed`, which records it (backoff, 'fallido', or a wait that spends no attempt).
 */
export interface ErpJobHandler {
  tipo: string;
  run(trabajo: ErpTrabajo, outbox: ErpJobRun): Promise<ErpResultado>;
  /** While this holds for a job of this kind (SQL over its erp_trabajos row) it is not due (issue 36). */
  espera?: ErpEspera;
  /** Whether flush() counts this kind's successes (the A/P invoices made). */
  counted?: boolean;
}
/** What the outbox gives a handler's attempt. */
export interface ErpJobRun {
  /**
   * Records the attempt's failure on the job and returns it: the ERP's refusals stop, other failures back off; a
   * document another waits for (ErpEsperaError) or one waiting for its approvers in SAP spends no attempt.
   */
  failed(error: unknown): Promise<ErpFallo>;
  /** The attempt enqueued another job (a cancellation, a payment block): the pass goes round once more. */
  enqueuedMore(): void;
}

/** An error's message for the job row and employees: one line, no stack, bounded. */
function mensajeDe(error: unknown): string {
  // A failed query's own message names the SQL; its cause says what went wrong.
  const causa = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const texto = causa instanceof Error ? causa.message : String(causa);
  const linea = texto.replace(/\s+/g, " ").trim();
  return (linea || "Error desconocido del ERP").slice(0, 300);
}

/**
 * The error an employee's retry answers for a failed attempt: the ERP's refusal (400), a document waiting in SAP for
 * its approvers (409, issue 37 F2, when the kind has approvals), or the ERP's failure (502, retried later as usual).
 */
export function retryFailure(
  fallo: ErpFallo,
  msg: { rechazo(mensaje: string): string; noDisponible(mensaje: string): string },
  approvals = true,
): Error {
  if (fallo.rechazo) return new Invalid(msg.rechazo(fallo.mensaje));
  if (approvals && autorizacionErpDe(fallo.mensaje) === "pendiente") return new Conflict(fallo.mensaje);
  return new ErpNoDisponible(msg.noDisponible(fallo.mensaje));
}

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
  const { repos } = data;
  const porTipo = new Map(handlers.map((h) => [h.tipo, h]));
  const esperas = handlers.flatMap((h) => (h.espera ? [h.espera] : []));
  const espera = esperas.length > 0 ? or(...esperas) : undefined;
  const despertadores = new Set<() => void>();
  // Company databases whose ERP answered again since the last pass: their waiting jobs are woken by the next one.
  const deVuelta = new Set<string>();
  let corriendo: Promise<number> | null = null;
  // A job enqueued another while this pass ran (a cancellation): the pass goes round once more.
  let otraVuelta = false;

  /**
   * A failed attempt: the ERP's refusals stop, other failures back off (up to ERP_MAX_INTENTOS). Issue 36: a job
   * woken after an outage (intento_programado) that fails the way its last attempt did is no new attempt: it goes
   * back to the time its backoff had set, its count unchanged, so a flapping ERP does not use up its tries.
   */
  async function fallo(trabajo: ErpTrabajo, error: unknown): Promise<ErpFallo> {
    const clase = claseDeError(error);
    const rechazo = clase === "rechazo";
    const mensaje = mensajeDe(error);
    // Woken after an outage (before its backoff's time) and failed the same way: not an attempt.
    const noCuenta = trabajo.intentoProgramado !== null && trabajo.claseError === clase && !rechazo;
    const siguiente =
      noCuenta || rechazo || trabajo.intentos >= ERP_MAX_INTENTOS
        ? null
        : new Date(clock().getTime() + erpBackoffMs(trabajo.intentos));
    if (noCuenta) await repos.erpTrabajos.failUncounted(trabajo.id, mensaje, clase, null);
    else await repos.erpTrabajos.fail(trabajo.id, mensaje, clase, siguiente);
    const intentos = noCuenta ? trabajo.intentos - 1 : trabajo.intentos;
    warn(
      {
        trabajo: trabajo.id,
        tipo: trabajo.tipo,
        factura: trabajo.facturaId,
        notaCredito: trabajo.notaCreditoId,
        intentos,
        clase,
        siguienteIntento: (noCuenta ? trabajo.intentoProgramado : siguiente)?.toISOString() ?? null,
        motivo: mensaje,
      },
      rechazo
        ? "el ERP rechazó un trabajo; espera a un empleado"
        : noCuenta
          ? "un trabajo del ERP despertado tras una caída falló igual; no cuenta como intento"
          : siguiente
            ? "un trabajo del ERP falló; se reintentará"
            : "un trabajo del ERP falló por última vez",
    );
    return { ok: false, mensaje, rechazo };
  }

  /**
   * Issue 36: a job found a document it waits for not in the ERP yet (ErpEsperaError) — no attempt. It is due again
   * at once, but not taken while its handler's `espera` holds, with the reason for employees. Issue 37 (F2): a
   * document waiting in SAP for its approvers is asked again later, no attempt spent. Any other failure is `fallo`'s.
   */
  async function falloOEspera(trabajo: ErpTrabajo, error: unknown): Promise<ErpFallo> {
    if (error instanceof ErpApprovalPendingError) {
      const luego = new Date(clock().getTime() + ERP_ESPERA_AUTORIZACION_MS);
      await repos.erpTrabajos.failUncounted(trabajo.id, error.message, "espera", luego);
      return { ok: false, mensaje: error.message, rechazo: false };
    }
    if (!(error instanceof ErpEsperaError)) return fallo(trabajo, error);
    await repos.erpTrabajos.failUncounted(trabajo.id, error.message, "espera", clock());
    return { ok: false, mensaje: error.message, rechazo: false };
  }

  /** One attempt at a leased job by its kind's handler. */
  function execute(trabajo: ErpTrabajo): Promise<ErpResultado> {
    const handler = porTipo.get(trabajo.tipo);
    if (!handler) return fallo(trabajo, new Error(`Trabajo del ERP de tipo desconocido: ${trabajo.tipo}`));
    return handler.run(trabajo, {
      failed: (error) => falloOEspera(trabajo, error),
      enqueuedMore() {
        otraVuelta = true;
      },
    });
  }

  /**
   * Issue 36: the jobs of the company databases whose ERP answered again are woken, once each and spread over
   * ERP_VENTANA_DESPERTAR_MS. A database that could not be updated is woken by the next pass.
   */
  async function wakeAfterOutage(): Promise<void> {
    for (const bd of [...deVuelta]) {
      deVuelta.delete(bd);
      try {
        await repos.erpTrabajos.wakeAfterOutage(bd, clock(), ERP_VENTANA_DESPERTAR_MS, random);
      } catch (error) {
        deVuelta.add(bd);
        throw error;
      }
    }
  }

  async function runDue(): Promise<number> {
    let hechos = 0;
    for (;;) {
      otraVuelta = false;
      await wakeAfterOutage();
      const now = clock();
      const lease = new Date(now.getTime() + ERP_LEASE_MS);
      const trabajos = await repos.erpTrabajos.claimDue(now, lease, CLAIM_BATCH, espera);
      for (const trabajo of trabajos) {
        const resultado = await execute(trabajo);
        if (resultado.ok && porTipo.get(trabajo.tipo)?.counted) hechos++;
      }
      if (trabajos.length < CLAIM_BATCH && !otraVuelta) return hechos;
    }
  }

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
      corriendo ??= runDue().finally(() => {
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
      return leased && execute(leased);
    },
  };
}
export type ErpOutbox = ReturnType<typeof createErpOutbox>;
