import {
  BLOQUEO_PAGO_MSG,
  facturaNombrada,
  MSG,
  type QuitarBloqueoPagoRequest,
  SOLICITUD_CUENTA_MSG,
} from "@portal/contracts";
import { addBusinessDays, dayInMexico } from "../../lib/business-days";
import type { Clock } from "../../lib/clock";
import { Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { Data, Repositories } from "../../repositories";
import type { Actor } from "../auditoria/repository";
import { paymentBlockTipo } from "./erp-jobs";

/** The repositories a payment block change writes with, inside its caller's transaction. */
type Tx = Pick<Repositories, "bloqueoPago" | "erpTrabajos" | "auditoria">;

const audit = (tx: Tx, facturaId: number, de: string, a: string, comentario: string, quien: Actor, at: Date) =>
  tx.auditoria.recordChange(
    quien,
    { entidad: "factura", id: facturaId, campo: "bloqueoPago", from: de, to: a, comment: comentario },
    at,
  );
const sistema = (id: string): Actor => ({ operador: "Sistema", id });

/**
 * An accepted invoice's CFDI was found Cancelado at the SAT (modules/sat-estado), inside that transaction: its
 * payment is blocked (the ERP job `bloquear_pago` goes with it), unless the replacement that takes its place (the
 * takeover of decision 036) was accepted already: that replacement now holds the A/P invoice, so there is nothing
 * to block. Any other CFDI naming it with TipoRelacion 04 changes nothing (decision 038). Once per invoice whatever
 * the retries. Returns whether a block was queued (the caller wakes the ERP worker after commit).
 */
export async function blockCancelledAtSat(tx: Tx, facturaId: number, now: Date): Promise<boolean> {
  const sustituta = await tx.bloqueoPago.takenOverBy(facturaId);
  if (sustituta) {
    if (await tx.bloqueoPago.recordReplacement(facturaId, sustituta.id)) {
      await audit(tx, facturaId, "", "", BLOQUEO_PAGO_MSG.yaSustituido(sustituta.uuid), sistema("SAT"), now);
    }
    return false;
  }
  if (!(await tx.bloqueoPago.block(facturaId))) return false;
  await tx.erpTrabajos.rearm(paymentBlockTipo(true), { facturaId }, now);
  await audit(tx, facturaId, "", "bloqueado", BLOQUEO_PAGO_MSG.bloqueado, sistema("SAT"), now);
  return true;
}

/**
 * Invoice `facturaId`'s A/P invoice was just created (its ERP job, in that transaction) while its supplier's latest
 * change of bank account is still cooling off (issue 41, decision 069): it gets the same block as the invoices open at
 * the approval, until the same day, and the entry in its Historial; the scheduled job lifts it with the others. The
 * caller queues `bloquear_pago` when `wanted` says so. Returns whether a block was added.
 */
export async function blockDuringCoolingOff(tx: Tx, facturaId: number, now: Date): Promise<boolean> {
  const cambio = await tx.bloqueoPago.latestCambioCuenta(facturaId);
  if (!cambio || cambio.dias <= 0) return false;
  const hasta = addBusinessDays(cambio.aprobadaAt, cambio.dias);
  if (hasta.getTime() <= now.getTime()) return false;
  if (!(await tx.bloqueoPago.insertCoolingOff(facturaId, cambio.solicitudId, hasta))) return false;
  await audit(
    tx,
    facturaId,
    "",
    "bloqueado",
    SOLICITUD_CUENTA_MSG.auditoria.enfriamiento(cambio.solicitudId, dayInMexico(hasta)),
    { operador: "Sistema", id: SOLICITUD_CUENTA_MSG.auditoria.quien },
    now,
  );
  return true;
}

/**
 * Invoice `sustituta` was accepted (the review's hook, in its transaction): when it takes the place of a blocked
 * invoice (decision 036's takeover, `sustituyeAId`), that block is lifted with its `desbloquear_pago` job. A CFDI that
 * only names the blocked one with TipoRelacion 04 lifts nothing (decision 038: the reviewers see a warning instead).
 * Returns how many were lifted (0 or 1).
 */
export async function liftReplaced(
  tx: Tx,
  sustituta: { id: number; uuid: string; sustituyeAId: number | null },
  now: Date,
): Promise<number> {
  const liberada = await tx.bloqueoPago.liftTakenOver(sustituta);
  if (!liberada) return 0;
  await tx.erpTrabajos.rearm(paymentBlockTipo(false), { facturaId: liberada.id }, now);
  await audit(
    tx,
    liberada.id,
    "bloqueado",
    "liberado",
    BLOQUEO_PAGO_MSG.liberado(sustituta.uuid),
    sistema("Revisión"),
    now,
  );
  return 1;
}

/**
 * Accounts payable lifts a payment block by hand (issue 36, decision 038): facturasPendientes/quitarBloqueoPago.
 */
export function createBloqueoPagoService({
  data,
  clock,
  erpQueued,
}: {
  data: Data;
  clock: Clock;
  /** Wakes the ERP worker after the commit (the job `desbloquear_pago` was queued). */
  erpQueued: () => void;
}) {
  return {
    /**
     * The invoice's block is lifted if it is still blocked and at the version the employee saw, audited with the
     * employee and the reason, with the ERP job `desbloquear_pago` (PATCH PaymentBlock tNO) in the same
     * transaction. Of two employees lifting at once one wins; the other is told it was lifted already (400, like
     * every stale decision, decision 021).
     */
    async liftBlock(user: SessionUser, input: QuitarBloqueoPagoRequest): Promise<string> {
      const now = clock();
      const nombre = await data.withTransaction(async (tx) => {
        const liberada = await tx.bloqueoPago.liftByHand(input.Factura, input.Version);
        if (!liberada) {
          const actual = await tx.facturas.findById(input.Factura);
          if (!actual) throw new NotFound(MSG.facturaNoExiste);
          const nombre = facturaNombrada(actual.folio, actual.uuid);
          if (actual.bloqueoPago === "liberado") throw new Invalid(MSG.bloqueoPagoYaQuitado(nombre));
          if (actual.bloqueoPago !== "bloqueado") throw new Invalid(MSG.bloqueoPagoSinBloqueo(nombre));
          throw new Invalid(MSG.bloqueoPagoDesactualizado(nombre));
        }
        await tx.erpTrabajos.rearm(paymentBlockTipo(false), { facturaId: liberada.id }, now);
        await audit(tx, liberada.id, "bloqueado", "liberado", input.Motivo, user, now);
        return facturaNombrada(liberada.folio, liberada.uuid);
      });
      erpQueued();
      return MSG.bloqueoPagoQuitado(nombre);
    },
  };
}
export type BloqueoPagoService = ReturnType<typeof createBloqueoPagoService>;
