import { BLOQUEO_ERP_MSG, MSG } from "@portal/contracts";
import type { ErpAdapter } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import { Conflict, Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import type { ErpTrabajo } from "../erp-outbox/repository";
import {
  type ErpJobHandler,
  type ErpJobRun,
  type ErpOutbox,
  type ErpResultado,
  retryFailure,
} from "../erp-outbox/service";

/** The payment block of the A/P invoice of an accepted CFDI the SAT cancelled, and its lifting (decision 036). */
export const TIPO_BLOQUEAR_PAGO = "bloquear_pago";
export const TIPO_DESBLOQUEAR_PAGO = "desbloquear_pago";
/** The job that asks the ERP for the payment block (`blocked`) or its lifting. */
export const paymentBlockTipo = (blocked: boolean) => (blocked ? TIPO_BLOQUEAR_PAGO : TIPO_DESBLOQUEAR_PAGO);

/**
 * The payment block's ERP jobs (issue 27, decision 036; decision 054): 'bloquear_pago' sets the PaymentBlock of the
 * invoice's A/P invoice, 'desbloquear_pago' lifts it. A job whose wish the portal no longer holds (the replacement
 * taking its place was accepted meanwhile, or an employee lifted it by hand, decision 038) does nothing; the other
 * kind's job carries the new one. The ERP is asked first, so a block it already has is not set again; there is
 * nothing to do without an A/P invoice (its creation queues the block), or when it is cancelled or paid in full.
 * Should the wish change while the ERP call was under way, the other kind is armed again, so the last wish is the
 * ERP's last write.
 */
export function bloqueoPagoErpJobs({
  data,
  clock,
  erp,
}: {
  data: Data;
  clock: Clock;
  erp: ErpAdapter;
}): ErpJobHandler[] {
  const { repos, withTransaction } = data;
  async function paymentBlock(trabajo: ErpTrabajo, outbox: ErpJobRun): Promise<ErpResultado> {
    const blocked = trabajo.tipo === TIPO_BLOQUEAR_PAGO;
    const facturaId = trabajo.facturaId ?? 0;
    const factura = await repos.facturas.findById(facturaId);
    try {
      let written = false;
      // The wish as the portal holds it now: the SAT's block or a bank-account change's cooling-off (decision 069).
      if (factura && (await repos.bloqueoPago.wanted(facturaId)) === blocked) {
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
          await tx.erpTrabajos.rearm(paymentBlockTipo(ahora), { facturaId }, clock());
          outbox.enqueuedMore();
        }
      });
      return { ok: true, docNum: null };
    } catch (error) {
      return outbox.failed(error);
    }
  }
  return [
    { tipo: TIPO_BLOQUEAR_PAGO, run: paymentBlock },
    { tipo: TIPO_DESBLOQUEAR_PAGO, run: paymentBlock },
  ];
}

/**
 * facturasPendientes/reintentarBloqueoErp (issue 36, decision 040): an employee runs the job of the invoice's
 * payment block (or its lifting, whichever the portal asks of the ERP now) at once, 'fallido' or waiting out its
 * backoff. Answers what the ERP has now, or throws its refusal (400) or failure (502, retried later as usual).
 */
export function bloqueoPagoErpRetry({ data, outbox }: { data: Data; outbox: ErpOutbox }) {
  const { repos } = data;
  return async (_user: SessionUser, facturaId: number): Promise<string> => {
    const factura = await repos.facturas.findById(facturaId);
    if (!factura) throw new NotFound(MSG.facturaNoExiste);
    if (factura.bloqueoPago !== "bloqueado" && factura.bloqueoPago !== "liberado") {
      throw new Invalid(BLOQUEO_ERP_MSG.sinBloqueo);
    }
    const blocking = factura.bloqueoPago === "bloqueado";
    const existente = await repos.erpTrabajos.find(paymentBlockTipo(blocking), { facturaId });
    if (!existente) throw new Invalid(BLOQUEO_ERP_MSG.sinBloqueo);
    if (existente.estado === "hecho") return BLOQUEO_ERP_MSG.registrado(blocking);
    const resultado = await outbox.runNow(existente);
    if (!resultado) {
      const actual = await repos.erpTrabajos.find(existente.tipo, { facturaId });
      if (actual?.estado === "hecho") return BLOQUEO_ERP_MSG.registrado(blocking);
      throw new Conflict(BLOQUEO_ERP_MSG.enCurso);
    }
    if (resultado.ok) return BLOQUEO_ERP_MSG.registrado(blocking);
    throw retryFailure(
      resultado,
      { rechazo: BLOQUEO_ERP_MSG.rechazo, noDisponible: BLOQUEO_ERP_MSG.noDisponible },
      false,
    );
  };
}
