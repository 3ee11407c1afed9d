import { SOLICITUD_CUENTA_MSG } from "@portal/contracts";
import { addBusinessDays, dayInMexico } from "../../lib/business-days";
import type { Clock } from "../../lib/clock";
import type { Data, Repositories } from "../../repositories";
import type { Actor } from "../auditoria/repository";
import { paymentBlockTipo } from "../bloqueo-pago/erp-jobs";
import type { TareaProgramada } from "../tareas/service";

type Tx = Pick<Repositories, "cuentasBancarias" | "erpTrabajos" | "auditoria">;
const sistema: Actor = { operador: "Sistema", id: SOLICITUD_CUENTA_MSG.auditoria.quien };

/**
 * On approval of request `solicitudId` (inside its transaction): each open A/P invoice of the supplier is blocked
 * until its sociedad's business days have passed — one more reason modules/bloqueo-pago wants its payment blocked —
 * with the `bloquear_pago` job and an entry in the invoice's Historial. Returns the longest period in days (0: none).
 */
export async function blockOpenFacturas(tx: Tx, cardCode: string, solicitudId: number, now: Date): Promise<number> {
  let longest = 0;
  for (const f of await tx.cuentasBancarias.openFacturas(cardCode)) {
    if (f.dias <= 0) continue;
    const hasta = addBusinessDays(now, f.dias);
    if (!(await tx.cuentasBancarias.insertBloqueo(f.id, solicitudId, hasta))) continue;
    longest = Math.max(longest, f.dias);
    await tx.erpTrabajos.rearm(paymentBlockTipo(true), { facturaId: f.id }, now);
    await tx.auditoria.recordChange(
      sistema,
      {
        entidad: "factura",
        id: f.id,
        campo: "bloqueoPago",
        from: "",
        to: "bloqueado",
        comment: SOLICITUD_CUENTA_MSG.auditoria.enfriamiento(solicitudId, dayInMexico(hasta)),
      },
      now,
    );
  }
  return longest;
}

/**
 * The scheduled job that ends cooling-off periods (issue 41, decision 069): each block whose `hasta` passed is lifted
 * once, with the `desbloquear_pago` job — which lifts SAP's PaymentBlock only if nothing else (the SAT's
 * cancellation, another change's period) still wants it — and an entry in the invoice's Historial.
 */
export function enfriamientoTarea(data: Data, clock: Clock, erpQueued: () => void): TareaProgramada {
  return {
    name: "bloqueos-cuenta-bancaria",
    description: SOLICITUD_CUENTA_MSG.tarea.descripcion,
    schedule: { everyMinutes: 15 },
    async execute(now) {
      let lifted = 0;
      for (const b of await data.repos.cuentasBancarias.dueBloqueos(now)) {
        const done = await data.withTransaction(async (tx) => {
          if (!(await tx.cuentasBancarias.liftBloqueo(b.facturaId, b.solicitudId, clock()))) return false;
          await tx.erpTrabajos.rearm(paymentBlockTipo(false), { facturaId: b.facturaId }, now);
          await tx.auditoria.recordChange(
            sistema,
            {
              entidad: "factura",
              id: b.facturaId,
              campo: "bloqueoPago",
              from: "bloqueado",
              to: "liberado",
              comment: SOLICITUD_CUENTA_MSG.auditoria.liberada(b.solicitudId),
            },
            now,
          );
          return true;
        });
        if (done) lifted++;
      }
      if (lifted > 0) erpQueued();
      return lifted === 0 ? SOLICITUD_CUENTA_MSG.tarea.ninguno : SOLICITUD_CUENTA_MSG.tarea.levantados(lifted);
    },
    async backlog(now) {
      return (await data.repos.cuentasBancarias.dueBloqueos(now)).length;
    },
  };
}
