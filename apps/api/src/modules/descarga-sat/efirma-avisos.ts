import { DESCARGA_MSG } from "@portal/contracts";
import type { Data } from "../../repositories";
import type { TareaProgramada } from "../tareas/service";

/** Days before the e.firma expires at which the administrators are reminded (issue 43 §1). */
export const UMBRALES_EFIRMA = [30, 15, 7] as const;
const DIA = 86_400_000;

/** The threshold an e.firma has reached at `now` (16..30 days → 30, 8..15 → 15, 0..7 → 7), or null. */
export function efirmaUmbral(vence: Date, now: Date): number | null {
  const dias = Math.floor((vence.getTime() - now.getTime()) / DIA);
  if (dias < 0) return null;
  const alcanzados = UMBRALES_EFIRMA.filter((u) => dias <= u);
  return alcanzados.length > 0 ? Math.min(...alcanzados) : null;
}

/**
 * The e.firma expiry reminders (issue 43 §1): every day, each sociedad whose e.firma is 30, 15 or 7 days from
 * expiry gets one mail to every active administrator, through the outbox. The threshold is taken on the sociedad in
 * the transaction that queues the mails, so each is sent once; a new e.firma starts its own reminders.
 */
export function efirmaAvisosTarea(data: Data): TareaProgramada {
  return {
    name: "efirma-avisos",
    description: DESCARGA_MSG.efirmaAvisosDescripcion,
    schedule: { dailyAt: "12:00" },
    async execute(now) {
      let enviados = 0;
      for (const s of await data.repos.descargaSat.conEfirma()) {
        if (!s.efirmaVence) continue;
        const vence = s.efirmaVence;
        const umbral = efirmaUmbral(vence, now);
        if (umbral === null) continue;
        enviados += await data.withTransaction(async (tx) => {
          if (!(await tx.descargaSat.claimEfirmaAviso(s.id, vence, umbral))) return 0;
          const fecha = vence.toISOString().slice(0, 10);
          const dias = Math.floor((vence.getTime() - now.getTime()) / DIA);
          for (const para of await tx.descargaSat.administradores()) {
            const asunto = DESCARGA_MSG.efirmaAvisoAsunto(s.nombre, dias);
            await tx.correo.enqueue(
              { para, asunto, texto: DESCARGA_MSG.efirmaAvisoCuerpo(s.nombre, s.rfc, fecha) },
              now,
            );
          }
          return 1;
        });
      }
      return DESCARGA_MSG.efirmaAvisosResumen(enviados);
    },
  };
}
