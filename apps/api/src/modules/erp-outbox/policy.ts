import { autorizacionErpDe, MSG } from "@portal/contracts";
import { isDatabaseUnavailable } from "@portal/db";
import { ErpApprovalPendingError, ErpRechazoError, isErpNoDisponible } from "../../erp/types";
import { Conflict, ErpNoDisponible, Invalid } from "../../lib/errors";
import type { ClaseError, ErpEspera, ErpTrabajo } from "./records";

/**
 * How long one attempt may hold its job before another worker may take it (a worker that died mid-way). An attempt
 * is a few Service Layer requests, each bounded by SAP_SL_TIMEOUT_MS (10 s): well within it. The lease must stay
 * above an attempt's longest time: the adapter looks the portal id up before posting, which prevents a duplicate A/P
 * invoice after a dead worker, not when two attempts post at the same moment.
 */
export const ERP_LEASE_MS = 2 * 60_000;
/** Jobs claimed at a time: each under its own lease, so a worker that dies strands one job, not a batch. */
export const CLAIM_BATCH = 1;
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
export function mensajeDe(error: unknown): string {
  // A failed query's own message names the SQL; its cause says what went wrong.
  const causa = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const texto = causa instanceof Error ? causa.message : String(causa);
  const linea = texto.replace(/\s+/g, " ").trim();
  return (linea || MSG.erpErrorDesconocido).slice(0, 300);
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
