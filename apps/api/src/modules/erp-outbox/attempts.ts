import { MSG } from "@portal/contracts";
import { or } from "drizzle-orm";
import { ErpApprovalPendingError } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import type { Data } from "../../repositories";
import {
  CLAIM_BATCH,
  claseDeError,
  ERP_ESPERA_AUTORIZACION_MS,
  ERP_LEASE_MS,
  ERP_MAX_INTENTOS,
  ERP_VENTANA_DESPERTAR_MS,
  ErpEsperaError,
  type ErpFallo,
  type ErpJobHandler,
  type ErpResultado,
  erpBackoffMs,
  mensajeDe,
} from "./policy";
import type { ErpEspera, ErpTrabajo } from "./records";

/** What the outbox's passes and retries work with (service.ts builds it once per outbox). */
export interface OutboxRun {
  repos: Data["repos"];
  clock: Clock;
  /** One line per failed attempt (the job, its attempts, when it runs again and why): what operations watch. */
  warn: (fields: Record<string, unknown>, message: string) => void;
  /** Where the wake-ups after an outage fall in their window (issue 36); tests give a seeded source. */
  random: () => number;
  porTipo: Map<string, ErpJobHandler>;
  espera: ErpEspera | undefined;
  // Company databases whose ERP answered again since the last pass: their waiting jobs are woken by the next one.
  deVuelta: Set<string>;
  // A job enqueued another while this pass ran (a cancellation): the pass goes round once more.
  otraVuelta: boolean;
}

/** The outbox's state over its handlers: each kind's handler, and the waits of all kinds in one condition. */
export function outboxRun(
  base: Pick<OutboxRun, "repos" | "clock" | "warn" | "random">,
  handlers: readonly ErpJobHandler[],
): OutboxRun {
  const esperas = handlers.flatMap((h) => (h.espera ? [h.espera] : []));
  return {
    ...base,
    porTipo: new Map(handlers.map((h) => [h.tipo, h])),
    espera: esperas.length > 0 ? or(...esperas) : undefined,
    deVuelta: new Set<string>(),
    otraVuelta: false,
  };
}

/**
 * A failed attempt: the ERP's refusals stop, other failures back off (up to ERP_MAX_INTENTOS). Issue 36: a job
 * woken after an outage (intento_programado) that fails the way its last attempt did is no new attempt: it goes
 * back to the time its backoff had set, its count unchanged, so a flapping ERP does not use up its tries.
 */
async function fallo({ repos, clock, warn }: OutboxRun, trabajo: ErpTrabajo, error: unknown): Promise<ErpFallo> {
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
      solicitudCuenta: trabajo.solicitudCuentaId,
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
async function falloOEspera(run: OutboxRun, trabajo: ErpTrabajo, error: unknown): Promise<ErpFallo> {
  const { repos, clock } = run;
  if (error instanceof ErpApprovalPendingError) {
    const luego = new Date(clock().getTime() + ERP_ESPERA_AUTORIZACION_MS);
    await repos.erpTrabajos.failUncounted(trabajo.id, error.message, "espera", luego);
    return { ok: false, mensaje: error.message, rechazo: false };
  }
  if (!(error instanceof ErpEsperaError)) return fallo(run, trabajo, error);
  await repos.erpTrabajos.failUncounted(trabajo.id, error.message, "espera", clock());
  return { ok: false, mensaje: error.message, rechazo: false };
}

/** One attempt at a leased job by its kind's handler. */
export function execute(run: OutboxRun, trabajo: ErpTrabajo): Promise<ErpResultado> {
  const handler = run.porTipo.get(trabajo.tipo);
  if (!handler) return fallo(run, trabajo, new Error(MSG.erpTrabajoDesconocido(trabajo.tipo)));
  return handler.run(trabajo, {
    failed: (error) => falloOEspera(run, trabajo, error),
    enqueuedMore() {
      run.otraVuelta = true;
    },
  });
}

/**
 * Issue 36: the jobs of the company databases whose ERP answered again are woken, once each and spread over
 * ERP_VENTANA_DESPERTAR_MS. A database that could not be updated is woken by the next pass.
 */
async function wakeAfterOutage({ repos, clock, random, deVuelta }: OutboxRun): Promise<void> {
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

/** Passes over the due jobs until none is left; returns how many jobs of the counted kinds succeeded. */
export async function runDue(run: OutboxRun): Promise<number> {
  let hechos = 0;
  for (;;) {
    run.otraVuelta = false;
    await wakeAfterOutage(run);
    const now = run.clock();
    const lease = new Date(now.getTime() + ERP_LEASE_MS);
    const trabajos = await run.repos.erpTrabajos.claimDue(now, lease, CLAIM_BATCH, run.espera);
    for (const trabajo of trabajos) {
      const resultado = await execute(run, trabajo);
      if (resultado.ok && run.porTipo.get(trabajo.tipo)?.counted) hechos++;
    }
    if (trabajos.length < CLAIM_BATCH && !run.otraVuelta) return hechos;
  }
}
