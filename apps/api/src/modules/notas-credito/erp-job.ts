import { NOTA_CREDITO_MSG } from "@portal/contracts";
import type { ErpAdapter } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import type { Data } from "../../repositories";
import type { ErpTrabajo } from "../erp-facturas/repository";

type Resultado = { ok: true; docNum: number } | { ok: false; mensaje: string; rechazo: boolean };

/**
 * Issue 36 (decision 040): the job cannot run yet because another document is not in the ERP (an invoice a credit
 * note credits, or the invoice a replacement takes over, has no A/P invoice): not a failure of the ERP, no attempt
 * spent.
 */
export class ErpEsperaError extends Error {
  override readonly name = "ErpEsperaError";
}

/**
 * One attempt at a leased 'crear_nota_credito' job (issue 27, decision 034): the accepted credit note's A/P credit
 * memo, based on the A/P invoices of the invoices it credits (one line each, with the amount it takes off). The ERP
 * is asked first whether it already has the memo of this credit note (U_SYS_PORTALID), so a retry after a lost
 * answer or a dead worker never creates a second one. `fallo` records failures as the A/P invoices' jobs do. An
 * invoice whose A/P invoice is not in the ERP yet (its own job pending) is no failure (issue 36): the job is not
 * taken while it waits (claimDue), and should it be, `fallo` gets an ErpEsperaError and spends no attempt.
 */
export async function createNotaCreditoInErp(
  { data, clock, erp }: { data: Data; clock: Clock; erp: ErpAdapter },
  trabajo: ErpTrabajo,
  fallo: (error: unknown) => Promise<Resultado>,
): Promise<Resultado> {
  const { repos, withTransaction } = data;
  const nota = await repos.notasCredito.findById(trabajo.notaCreditoId ?? 0);
  try {
    // Acceptance is final (the review kit locks it): a job without an accepted credit note is a bug; stop it.
    if (nota?.estatus !== "A") throw new Error(NOTA_CREDITO_MSG.noExiste);
    const relaciones = await repos.notasCredito.relaciones(nota.id);
    const sinErp = relaciones.find((r) => r.erpDocEntry === null);
    if (sinErp) throw new ErpEsperaError(NOTA_CREDITO_MSG.erpFacturaPendiente(sinErp.folio));
    const existente = await erp.findNotaCreditoProveedor(nota.bd, nota.id);
    const { docEntry, docNum } =
      existente ??
      (await erp.createNotaCreditoProveedor({
        bd: nota.bd,
        portalId: nota.id,
        cardCode: nota.cardCode,
        numAtCard: nota.folio,
        uuid: nota.uuid,
        docDate: nota.fechaCfdi.slice(0, 10),
        docTotal: Number(nota.total).toFixed(2),
        docCur: nota.moneda,
        docRate: nota.tipoCambio,
        comments: `Portal: nota de crédito ${nota.folio} (${nota.uuid})`.slice(0, 254),
        facturas: relaciones.map((r) => ({ docEntry: r.erpDocEntry as number, importe: r.importe })),
        postingDateRule: await repos.sociedades.reglaFechaContable(nota.bd), // decision 047
      }));
    await withTransaction(async (tx) => {
      await tx.notasCredito.recordErp(nota.id, docEntry, docNum);
      await tx.erpTrabajos.finish(trabajo.id, clock());
    });
    return { ok: true, docNum };
  } catch (error) {
    return fallo(error);
  }
}
