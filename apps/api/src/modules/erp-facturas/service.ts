import { autorizacionErpDe, BLOQUEO_ERP_MSG, MSG, NOTA_CREDITO_MSG, unpaidDueDate } from "@portal/contracts";
import { facturaProveedorDe, isDatabaseUnavailable } from "@portal/db";
import {
  type ErpAdapter,
  ErpApprovalPendingError,
  ErpRechazoError,
  type ErpScope,
  isErpNoDisponible,
} from "../../erp/types";
import type { Clock } from "../../lib/clock";
import { Conflict, DomainError, Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import { refreshFechasProbables } from "../facturas/fecha-probable";
import type { FacturaRecord } from "../facturas/repository";
import { createNotaCreditoInErp, ErpEsperaError } from "../notas-credito/erp-job";
import {
  type ClaseError,
  type ErpTrabajo,
  TIPO_BLOQUEAR_PAGO,
  TIPO_CANCELAR_FACTURA,
  TIPO_CREAR_FACTURA,
  TIPO_CREAR_NOTA_CREDITO,
  TIPO_DESBLOQUEAR_PAGO,
  TIPO_SUSTITUIR_CFDI,
} from "./repository";

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
 * How an attempt failed (issue 36): the ERP or the portal's database could not answer ('no_disponible'), the ERP
 * refused ('rechazo'), another document is not in the ERP yet ('espera': a credit note's invoice, a takeover's
 * replaced invoice), anything else
 * ('error').
 */
export function claseDeError(error: unknown): ClaseError {
  if (error instanceof ErpRechazoError) return "rechazo";
  if (error instanceof ErpEsperaError || error instanceof ErpApprovalPendingError) return "espera";
  if (isErpNoDisponible(error) || isDatabaseUnavailable(error)) return "no_disponible";
  return "error";
}

/**
 * Issue 37 (F2, decision 046): how often a job whose document waits in SAP for an approval procedure asks again
 * whether the approvers decided (no attempt spent meanwhile).
 */
export const ERP_ESPERA_AUTORIZACION_MS = 5 * 60_000;

/** The ERP could not be reached or failed (not a refusal): the answer says it will be retried. */
export class ErpNoDisponible extends DomainError {
  constructor(message: string) {
    super(502, message);
  }
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
 * The replaced invoice's A/P invoice is not in the ERP yet (its creation job pending): the takeover waits for it
 * without spending attempts (issue 36, decision 040); employees read why.
 */
const MSG_SUSTITUCION_SIN_FACTURA =
  "La factura sustituida aún no tiene factura de proveedor en el ERP; la sustituta la tomará en cuanto se haya creado.";

type Fallo = { ok: false; mensaje: string; rechazo: boolean };
type Resultado = { ok: true; docNum: number } | Fallo;

/**
 * Accepted invoices become A/P invoices in the ERP (issue 13). The acceptance writes a job in its own
 * transaction (erp_trabajos, the outbox pattern of the mail); this service runs the jobs: a worker on a timer
 * (worker.ts) and an employee's "Reintentar". Each attempt first asks the ERP whether it already has the A/P
 * invoice of this portal invoice (the id travels with the document), so a retry after a lost answer or a worker
 * that died mid-way never creates a second one. Transient failures retry with backoff; the ERP's refusals stop
 * and wait for an employee. It also brings payment and cancellation back from the ERP (sincronizar).
 *
 * Nothing is created for an invoice that is not Aceptada when its job runs; an A/P invoice the ERP already has
 * for such an invoice is cancelled through the same outbox ('cancelar_factura', issue 22, decision 021).
 */
export function createErpFacturasService({
  data,
  clock,
  erp,
  warn = () => {},
  random = Math.random,
}: {
  data: Data;
  clock: Clock;
  erp: ErpAdapter;
  /** One line per failed attempt (the job, its attempts, when it runs again and why): what operations watch. */
  warn?: (fields: Record<string, unknown>, message: string) => void;
  /** Where the wake-ups after an outage fall in their window (issue 36); tests give a seeded source. */
  random?: () => number;
}) {
  const { repos, withTransaction } = data;
  const despertadores = new Set<() => void>();
  // Company databases whose ERP answered again since the last pass: their waiting jobs are woken by the next one.
  const deVuelta = new Set<string>();
  // The ERP's fingerprint of each scope's A/P invoices when the mirror was last brought up to date.
  const sincronizadas = new Map<string, string>();
  let corriendo: Promise<number> | null = null;
  // A job enqueued another while this pass ran (a cancellation): the pass goes round once more.
  let otraVuelta = false;

  async function createInErp(factura: FacturaRecord) {
    const existente = await erp.findFacturaProveedor(factura.bd, factura.id);
    if (existente) return { docEntry: existente.docEntry, docNum: existente.docNum };
    // Issue 27: the A/P invoice copies every receipt the CFDI bills.
    const entradas = (await repos.facturas.entradasDe([factura.id])).get(factura.id);
    // Decision 047: the sociedad's rule for a CFDI dated in a closed posting period.
    const postingDateRule = await repos.sociedades.reglaFechaContable(factura.bd);
    return erp.createFacturaProveedor({ ...facturaProveedorDe(factura, entradas), postingDateRule });
  }

  /**
   * A failed attempt: the ERP's refusals stop, other failures back off (up to ERP_MAX_INTENTOS). Issue 36: a job
   * woken after an outage (intento_programado) that fails the way its last attempt did is no new attempt: it goes
   * back to the time its backoff had set, its count unchanged, so a flapping ERP does not use up its tries.
   */
  async function fallo(trabajo: ErpTrabajo, error: unknown): Promise<Resultado> {
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
   * Issue 36: a job found an invoice it waits for without its A/P invoice (a credit note's credited invoice, a
   * takeover's replaced invoice) — no attempt. It is due again at once, but not taken until that A/P invoice exists
   * (claimDue), with the reason for employees. Any other failure is `fallo`'s.
   */
  async function falloOEspera(trabajo: ErpTrabajo, error: unknown): Promise<Resultado> {
    if (error instanceof ErpApprovalPendingError) {
      // Issue 37 (F2): the document waits in SAP for its approvers: asked again later, no attempt spent.
      const luego = new Date(clock().getTime() + ERP_ESPERA_AUTORIZACION_MS);
      await repos.erpTrabajos.failUncounted(trabajo.id, error.message, "espera", luego);
      return { ok: false, mensaje: error.message, rechazo: false };
    }
    if (!(error instanceof ErpEsperaError)) return fallo(trabajo, error);
    await repos.erpTrabajos.failUncounted(trabajo.id, error.message, "espera", clock());
    return { ok: false, mensaje: error.message, rechazo: false };
  }

  /** One attempt at a leased creation job; records the outcome on the job (and the invoice) and returns it. */
  async function create(trabajo: ErpTrabajo): Promise<Resultado> {
    const facturaId = trabajo.facturaId ?? 0;
    const factura = await repos.facturas.findById(facturaId);
    if (factura?.estatus !== "A") {
      // Re-checked when the job runs: nothing is created for an invoice that is not accepted. The portal no longer
      // gets here (an acceptance is final and every state change is conditional on the version read), but an
      // invoice changed before that rule existed may have an A/P invoice from an earlier attempt: its cancellation
      // is queued with this outcome (it finds nothing to cancel when there is none).
      await withTransaction(async (tx) => {
        await tx.erpTrabajos.fail(trabajo.id, MSG.erpNoAceptada, "rechazo", null);
        await tx.erpTrabajos.enqueueCancellation(facturaId, clock());
      });
      otraVuelta = true;
      return { ok: false, mensaje: MSG.erpNoAceptada, rechazo: true };
    }
    try {
      const { docEntry, docNum } = await createInErp(factura);
      await withTransaction(async (tx) => {
        await tx.facturas.recordErp(factura.id, docEntry, docNum);
        await tx.erpTrabajos.finish(trabajo.id, clock());
        // Decision 036: a CFDI found cancelled at the SAT before its A/P invoice existed is blocked now.
        if (await tx.bloqueoPago.wanted(factura.id)) {
          await tx.erpTrabajos.enqueuePaymentBlock(factura.id, true, clock());
          otraVuelta = true;
        }
      });
      return { ok: true, docNum };
    } catch (error) {
      return falloOEspera(trabajo, error);
    }
  }

  /**
   * One attempt at a leased cancellation (decision 021): the invoice's A/P invoice, found by the portal id like a
   * creation, is cancelled unless the invoice is accepted by now (then its A/P invoice is owed) or there is none
   * or it is cancelled already. Once done, the invoice no longer mirrors it (a rejected invoice does not show
   * 'Cancelado'). Retried like a creation; the ERP's refusal (a payment applied to it) stops it ('fallido', with
   * the ERP's message on the job).
   */
  async function cancel(trabajo: ErpTrabajo): Promise<{ ok: true } | Fallo> {
    const facturaId = trabajo.facturaId ?? 0;
    const factura = await repos.facturas.findById(facturaId);
    try {
      const existente =
        factura && factura.estatus !== "A" ? await erp.findFacturaProveedor(factura.bd, factura.id) : null;
      if (factura && existente && existente.canceled === "N") {
        await erp.cancelFacturaProveedor(factura.bd, existente.docEntry);
      }
      await withTransaction(async (tx) => {
        if (existente) await tx.facturas.forgetErp(facturaId);
        await tx.erpTrabajos.finish(trabajo.id, clock());
      });
      return { ok: true as const };
    } catch (error) {
      return fallo(trabajo, error);
    }
  }

  /**
   * One attempt at a leased payment block job (issue 27, decision 036): 'bloquear_pago' sets the PaymentBlock of the
   * invoice's A/P invoice, 'desbloquear_pago' lifts it. A job whose wish the portal no longer holds (the replacement
   * taking its place was accepted meanwhile, or an employee lifted it by hand, decision 038) does nothing; the other kind's job carries the new one. The ERP is asked first, so a
   * block it already has is not set again; there is nothing to do without an A/P invoice (its creation queues the
   * block), or when it is cancelled or paid in full. Should the wish change while the ERP call was under way, the
   * other kind is armed again, so the last wish is the ERP's last write.
   */
  async function paymentBlock(trabajo: ErpTrabajo): Promise<{ ok: true } | Fallo> {
    const blocked = trabajo.tipo === TIPO_BLOQUEAR_PAGO;
    const facturaId = trabajo.facturaId ?? 0;
    const factura = await repos.facturas.findById(facturaId);
    try {
      let written = false;
      if (factura && (factura.bloqueoPago === "bloqueado") === blocked) {
        const existente = await erp.findFacturaProveedor(factura.bd, factura.id);
        const pagada = existente !== null && Number(existente.paidToDate) >= Number(existente.docTotal);
        if (existente && existente.canceled === "N" && !pagada && existente.paymentBlock !== (blocked ? "Y" : "N")) {
          await erp.setPaymentBlock(factura.bd, existente.docEntry, blocked);
          written = true;
        }
      }
      await withTransaction(async (tx) => {
        await tx.erpTrabajos.finish(trabajo.id, clock());
        const ahora = await tx.bloqueoPago.wanted(facturaId);
        if (written && ahora !== blocked) {
          await tx.erpTrabajos.enqueuePaymentBlock(facturaId, ahora, clock());
          otraVuelta = true;
        }
      });
      return { ok: true as const };
    } catch (error) {
      return fallo(trabajo, error);
    }
  }

  // Issue 27: the A/P credit memo of an accepted credit note (notas-credito/erp-job.ts), same outbox and backoff.
  // Issue 36: while an invoice it credits has no A/P invoice it waits without spending attempts.
  const notaCredito = (trabajo: ErpTrabajo) =>
    createNotaCreditoInErp({ data, clock, erp }, trabajo, (e) => falloOEspera(trabajo, e));
  /**
   * One attempt at a leased takeover (issue 27, decision 036): accepted replacement `trabajo.facturaId` takes over
   * the A/P invoice of the invoice it replaces instead of creating one. The ERP is asked first by the replacement's
   * portal id, so a retry after a lost answer finds the A/P invoice already re-pointed and writes nothing; else the
   * replaced invoice's A/P invoice gets the replacement's portal id, UUID and folio, and its payment block is lifted.
   * While the replaced invoice's A/P invoice does not exist yet (its creation job pending) the job waits like a
   * credit note's (issue 36): not taken meanwhile (claimDue), and one taken anyway gets its attempt back. The
   * replacement records the A/P invoice's DocEntry and DocNum.
   */
  async function takeover(trabajo: ErpTrabajo): Promise<Resultado> {
    const factura = await repos.facturas.findById(trabajo.facturaId ?? 0);
    try {
      let ap: { docEntry: number; docNum: number } | null = null;
      if (factura?.estatus === "A" && factura.sustituyeAId !== null) {
        ap = await erp.findFacturaProveedor(factura.bd, factura.id);
        if (!ap) {
          if (!(await replacedInErp(factura.sustituyeAId))) throw new ErpEsperaError(MSG_SUSTITUCION_SIN_FACTURA);
          const vieja = await erp.findFacturaProveedor(factura.bd, factura.sustituyeAId);
          if (!vieja) throw new Error(MSG_SUSTITUCION_SIN_FACTURA);
          if (vieja.canceled === "Y") {
            throw new ErpRechazoError(
              `La factura de proveedor ${vieja.docNum} de la factura sustituida está cancelada en el ERP; la sustituta no puede tomarla.`,
            );
          }
          await erp.repointFacturaProveedor(factura.bd, vieja.docEntry, {
            portalId: factura.id,
            numAtCard: factura.folio,
            uuid: factura.uuid,
            liftPaymentBlock: vieja.paymentBlock === "Y",
          });
          ap = vieja;
        }
      }
      const hecha = ap;
      await withTransaction(async (tx) => {
        if (factura && hecha) await tx.facturas.recordErp(factura.id, hecha.docEntry, hecha.docNum);
        await tx.erpTrabajos.finish(trabajo.id, clock());
      });
      if (!hecha) return { ok: false, mensaje: MSG.erpNoAceptada, rechazo: true };
      return { ok: true, docNum: hecha.docNum };
    } catch (error) {
      return falloOEspera(trabajo, error);
    }
  }

  /** Whether the portal has recorded the A/P invoice of replaced invoice `id` (what a takeover waits for). */
  const replacedInErp = async (id: number) => (await repos.facturas.findById(id))?.erpDocEntry != null;

  /** An employee's retry leases the job now (undefined when it is done or running elsewhere). */
  const claim = (trabajo: ErpTrabajo | undefined) => {
    if (!trabajo) return Promise.resolve(undefined);
    const now = clock();
    return repos.erpTrabajos.claimTrabajo(trabajo.id, now, new Date(now.getTime() + ERP_LEASE_MS));
  };

  const execute = (trabajo: ErpTrabajo) => {
    if (trabajo.tipo === TIPO_SUSTITUIR_CFDI) return takeover(trabajo);
    if (trabajo.tipo === TIPO_CANCELAR_FACTURA) return cancel(trabajo);
    if (trabajo.tipo === TIPO_BLOQUEAR_PAGO || trabajo.tipo === TIPO_DESBLOQUEAR_PAGO) return paymentBlock(trabajo);
    if (trabajo.tipo === TIPO_CREAR_NOTA_CREDITO) return notaCredito(trabajo);
    return create(trabajo);
  };

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
      const trabajos = await repos.erpTrabajos.claimDue(now, new Date(now.getTime() + ERP_LEASE_MS), CLAIM_BATCH);
      for (const trabajo of trabajos) {
        const resultado = await execute(trabajo);
        if (resultado.ok && trabajo.tipo === TIPO_CREAR_FACTURA) hechos++;
      }
      if (trabajos.length < CLAIM_BATCH && !otraVuelta) return hechos;
    }
  }

  return {
    /** Called by whoever wants to hear about new jobs (the worker runs them at once instead of on its timer). */
    alEncolar(despertar: () => void) {
      despertadores.add(despertar);
      return () => despertadores.delete(despertar);
    },
    /**
     * While listening: when the ERP answers again for a company database after an outage (the adapter notices it),
     * that database's jobs waiting out the backoff of their failures are woken by the next pass and `despertar` runs
     * (the worker makes that pass at once). Issue 36 (decision 040): each such job is woken once, at a random point
     * of ERP_VENTANA_DESPERTAR_MS, and a wake-up that fails the way its last attempt did is not counted — so an ERP
     * that comes and goes (each answer after a failure is a "back") neither hammers the ERP nor uses up the tries.
     * Returns the function that stops listening.
     */
    onErpBack(despertar: () => void): () => void {
      const dejar = erp.onAvailable?.((bd) => {
        deVuelta.add(bd);
        despertar();
      });
      return dejar ?? (() => {});
    },
    /** After a transaction that enqueued jobs committed. */
    queued() {
      for (const despertar of despertadores) despertar();
    },
    /**
     * One pass over the due jobs (never two at once in this process), cancellations included; returns how many
     * A/P invoices were made.
     */
    flush(): Promise<number> {
      corriendo ??= runDue().finally(() => {
        corriendo = null;
      });
      return corriendo;
    },
    /**
     * facturasPendientes/reintentarErp: an employee runs the accepted invoice's job now. Answers the created A/P
     * invoice's message, or throws the ERP's refusal (400) or failure (502, retried later as usual).
     */
    async retry(_user: SessionUser, facturaId: number): Promise<string> {
      const factura = await repos.facturas.findById(facturaId);
      if (!factura) throw new NotFound("La factura no existe.");
      if (factura.estatus !== "A") throw new Invalid(MSG.erpNoAceptada);
      if (factura.erpDocNum !== null) return MSG.erpFacturaCreada(factura.erpDocNum);
      const now = clock();
      // Decision 036: a replacement takes over the replaced invoice's A/P invoice; it never creates one.
      const tipo = factura.sustituyeAId === null ? TIPO_CREAR_FACTURA : TIPO_SUSTITUIR_CFDI;
      // An invoice accepted before the ERP jobs existed gets its job now.
      let existente = await repos.erpTrabajos.deFactura(facturaId, tipo);
      if (!existente) {
        if (tipo === TIPO_CREAR_FACTURA) await repos.erpTrabajos.enqueueFactura(facturaId, now);
        else await repos.erpTrabajos.enqueueSustitucion(facturaId, now);
        existente = await repos.erpTrabajos.deFactura(facturaId, tipo);
      }
      // Issue 36: a takeover waiting for the replaced invoice's A/P invoice has nothing to run; it says why.
      if (factura.sustituyeAId !== null && !(await replacedInErp(factura.sustituyeAId))) {
        throw new Conflict(MSG_SUSTITUCION_SIN_FACTURA);
      }
      const trabajo = existente && (await claim(existente));
      if (!trabajo) {
        const actual = await repos.facturas.findById(facturaId);
        if (actual?.erpDocNum != null) return MSG.erpFacturaCreada(actual.erpDocNum);
        throw new Conflict("La factura se está registrando en el ERP en este momento; actualice en unos segundos.");
      }
      const resultado = tipo === TIPO_CREAR_FACTURA ? await create(trabajo) : await takeover(trabajo);
      if (resultado.ok) {
        // A credit note waiting for this A/P invoice is due now (issue 36): the worker takes it.
        for (const despertar of despertadores) despertar();
        return MSG.erpFacturaCreada(resultado.docNum);
      }
      if (resultado.rechazo) throw new Invalid(MSG.erpRechazo(resultado.mensaje));
      // Issue 37 (F2): the A/P invoice waits in SAP for its approvers; nothing to retry, the answer says so.
      if (autorizacionErpDe(resultado.mensaje) === "pendiente") throw new Conflict(resultado.mensaje);
      throw new ErpNoDisponible(MSG.erpNoDisponible(resultado.mensaje));
    },
    /**
     * notasCreditoPendientes/reintentarErp (issue 36, decision 040): an employee runs the accepted credit note's job
     * now, 'fallido' or waiting out its backoff, as invoices have it. While an invoice it credits has no A/P invoice
     * the job is left waiting for it (never 'fallido' for that) and the answer says so (409).
     */
    async retryNotaCredito(_user: SessionUser, notaCreditoId: number): Promise<string> {
      const nota = await repos.notasCredito.findById(notaCreditoId);
      if (!nota) throw new NotFound(NOTA_CREDITO_MSG.noExiste);
      if (nota.estatus !== "A") throw new Invalid(NOTA_CREDITO_MSG.erpNoAceptada);
      if (nota.erpDocNum !== null) return NOTA_CREDITO_MSG.erpCreada(nota.erpDocNum);
      const existente = await repos.erpTrabajos.deNotaCredito(notaCreditoId);
      if (!existente) {
        await repos.erpTrabajos.enqueueNotaCredito(notaCreditoId, clock());
        for (const despertar of despertadores) despertar();
      }
      // Nothing to run yet: the job waits for the invoice's A/P invoice (and runs as soon as it exists).
      const sinErp = (await repos.notasCredito.relaciones(notaCreditoId)).find((r) => r.erpDocEntry === null);
      if (sinErp) throw new Conflict(NOTA_CREDITO_MSG.erpFacturaPendiente(sinErp.folio));
      const trabajo = await claim(existente ?? (await repos.erpTrabajos.deNotaCredito(notaCreditoId)));
      if (!trabajo) {
        const actual = await repos.notasCredito.findById(notaCreditoId);
        if (actual?.erpDocNum != null) return NOTA_CREDITO_MSG.erpCreada(actual.erpDocNum);
        throw new Conflict(NOTA_CREDITO_MSG.erpEnCurso);
      }
      const resultado = await notaCredito(trabajo);
      if (resultado.ok) return NOTA_CREDITO_MSG.erpCreada(resultado.docNum);
      if (resultado.rechazo) throw new Invalid(NOTA_CREDITO_MSG.erpRechazo(resultado.mensaje));
      if (autorizacionErpDe(resultado.mensaje) === "pendiente") throw new Conflict(resultado.mensaje);
      throw new ErpNoDisponible(NOTA_CREDITO_MSG.erpNoDisponible(resultado.mensaje));
    },
    /**
     * facturasPendientes/reintentarBloqueoErp (issue 36, decision 040): an employee runs the job of the invoice's
     * payment block (or its lifting, whichever the portal asks of the ERP now) at once, 'fallido' or waiting out its
     * backoff. Answers what the ERP has now, or throws its refusal (400) or failure (502, retried later as usual).
     */
    async retryBloqueoPago(_user: SessionUser, facturaId: number): Promise<string> {
      const factura = await repos.facturas.findById(facturaId);
      if (!factura) throw new NotFound("La factura no existe.");
      if (factura.bloqueoPago !== "bloqueado" && factura.bloqueoPago !== "liberado") {
        throw new Invalid(BLOQUEO_ERP_MSG.sinBloqueo);
      }
      const bloquear = factura.bloqueoPago === "bloqueado";
      const existente = await repos.erpTrabajos.deFactura(
        facturaId,
        bloquear ? TIPO_BLOQUEAR_PAGO : TIPO_DESBLOQUEAR_PAGO,
      );
      if (!existente) throw new Invalid(BLOQUEO_ERP_MSG.sinBloqueo);
      if (existente.estado === "hecho") return BLOQUEO_ERP_MSG.registrado(bloquear);
      const trabajo = await claim(existente);
      if (!trabajo) {
        const actual = await repos.erpTrabajos.deFactura(facturaId, existente.tipo);
        if (actual?.estado === "hecho") return BLOQUEO_ERP_MSG.registrado(bloquear);
        throw new Conflict(BLOQUEO_ERP_MSG.enCurso);
      }
      const resultado = await paymentBlock(trabajo);
      if (resultado.ok) return BLOQUEO_ERP_MSG.registrado(bloquear);
      if (resultado.rechazo) throw new Invalid(BLOQUEO_ERP_MSG.rechazo(resultado.mensaje));
      throw new ErpNoDisponible(BLOQUEO_ERP_MSG.noDisponible(resultado.mensaje));
    },
    /**
     * Brings payment and cancellation of the scope's A/P invoices from the ERP into the invoices (the lists call
     * it before answering); reads them only when the ERP's fingerprint of the scope moved since the last time.
     * Returns how many invoices changed (their expected payment dates are recomputed too, issue 27); an ERP that cannot be reached leaves the last known values (the caller
     * logs it) rather than failing the list.
     */
    async sync(scope: ErpScope): Promise<number> {
      const clave = `${scope.cardCode ?? "*"}|${[...scope.bds].sort().join(",")}`;
      // Read before the list: a change in between moves the fingerprint again and is caught next time.
      const fingerprint = await erp.facturasProveedorFingerprint(scope);
      if (sincronizadas.get(clave) === fingerprint) return 0;
      const estados = await erp.listFacturasProveedor(scope);
      const cambiadas = await repos.facturas.syncErp(
        estados.map((e) => ({
          portalId: e.portalId,
          bd: e.bd,
          cardCode: e.cardCode,
          docEntry: e.docEntry,
          docNum: e.docNum,
          paidToDate: e.paidToDate,
          fechaPago: e.fechaPago,
          canceled: e.canceled,
          fechaVencimiento: unpaidDueDate(e.docDueDate, e.installments, e.paidToDate, e.docTotal),
        })),
      );
      // Issue 27: due dates and payments read again, so the expected payment dates of the scope are recomputed.
      await refreshFechasProbables(repos.facturas, { cardCode: scope.cardCode, bds: scope.bds });
      if (sincronizadas.size > 10_000) sincronizadas.clear();
      sincronizadas.set(clave, fingerprint);
      return cambiadas;
    },
  };
}
export type ErpFacturasService = ReturnType<typeof createErpFacturasService>;
