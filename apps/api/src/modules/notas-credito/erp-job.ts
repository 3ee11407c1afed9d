import { compareAmounts, roundAmount, subtractAmounts } from "@portal/cfdi";
import { NOTA_CREDITO_MSG } from "@portal/contracts";
import { schema } from "@portal/db";
import { sql } from "drizzle-orm";
import { type ErpAdapter, ErpRechazoError } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import { Conflict, Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import type { ErpTrabajo } from "../erp-outbox/repository";
import {
  ErpEsperaError,
  type ErpJobHandler,
  type ErpJobRun,
  type ErpOutbox,
  type ErpResultado,
  retryFailure,
} from "../erp-outbox/service";
import { TIPO_CREAR_NOTA_CREDITO } from "./repository";

const { erpTrabajos } = schema;

/**
 * Issue 39: the memo is never sent for more than an A/P invoice's open balance in the ERP (DocTotal − PaidToDate,
 * read now): should a payment have come after the note was accepted, the job stops with the portal's own sentence
 * naming the invoice, the amount and the balance, and nothing is sent. Throws ErpRechazoError.
 */
async function checkOpenBalance(
  erp: ErpAdapter,
  bd: string,
  moneda: string,
  relaciones: readonly { facturaId: number; folio: string; erpDocEntry: number | null; importe: string }[],
): Promise<void> {
  for (const r of relaciones) {
    const ap = await erp.findFacturaProveedor(bd, r.facturaId);
    // A replacement's A/P invoice may still carry the replaced invoice's id: the ERP itself checks that one.
    if (!ap || ap.docEntry !== r.erpDocEntry) continue;
    const abierto = roundAmount(subtractAmounts(ap.docTotal, ap.paidToDate), 2);
    if (compareAmounts(r.importe, abierto) > 0) {
      throw new ErpRechazoError(
        NOTA_CREDITO_MSG.erpExcedeSaldo(r.folio, `${roundAmount(r.importe, 2)} ${moneda}`, `${abierto} ${moneda}`),
      );
    }
  }
}

/**
 * One attempt at a leased 'crear_nota_credito' job (issue 27, decision 034): the accepted credit note's A/P credit
 * memo, based on the A/P invoices of the invoices it credits (one line each, with the amount it takes off). The ERP
 * is asked first whether it already has the memo of this credit note (U_SYS_PORTALID), so a retry after a lost
 * answer or a dead worker never creates a second one. The outbox records failures as the A/P invoices' jobs'. An
 * invoice whose A/P invoice is not in the ERP yet (its own job pending) is no failure (issue 36): the job is not
 * taken while it waits (its `espera`), and should it be, `failed` gets an ErpEsperaError and spends no attempt.
 */
async function createNotaCreditoInErp(
  { data, clock, erp }: { data: Data; clock: Clock; erp: ErpAdapter },
  trabajo: ErpTrabajo,
  outbox: ErpJobRun,
): Promise<ErpResultado> {
  const { repos, withTransaction } = data;
  const nota = await repos.notasCredito.findById(trabajo.notaCreditoId ?? 0);
  try {
    // Acceptance is final (the review kit locks it): a job without an accepted credit note is a bug; stop it.
    if (nota?.estatus !== "A") throw new Error(NOTA_CREDITO_MSG.noExiste);
    const relaciones = await repos.notasCredito.relaciones(nota.id);
    const sinErp = relaciones.find((r) => r.erpDocEntry === null);
    if (sinErp) throw new ErpEsperaError(NOTA_CREDITO_MSG.erpFacturaPendiente(sinErp.folio));
    const existente = await erp.findNotaCreditoProveedor(nota.bd, nota.id);
    if (!existente) await checkOpenBalance(erp, nota.bd, nota.moneda, relaciones);
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
    return outbox.failed(error);
  }
}

/** The credit notes' ERP job (decision 054), run by the outbox (modules/erp-outbox). */
export const notaCreditoErpJob = (deps: { data: Data; clock: Clock; erp: ErpAdapter }): ErpJobHandler => ({
  tipo: TIPO_CREAR_NOTA_CREDITO,
  run: (trabajo, outbox) => createNotaCreditoInErp(deps, trabajo, outbox),
  // Issue 36: not due while an invoice it credits has no A/P invoice (its own job pending).
  espera: sql`exists (select 1 from ${schema.facturas} f where f.erp_doc_entry is null
    and ${erpTrabajos.tipo} = ${TIPO_CREAR_NOTA_CREDITO} and f.id in (
      select ncf.factura_id from ${schema.notasCreditoFacturas} ncf
      where ncf.nota_credito_id = ${erpTrabajos.notaCreditoId}))`,
});

/**
 * notasCreditoPendientes/reintentarErp (issue 36, decision 040): an employee runs the accepted credit note's job
 * now, 'fallido' or waiting out its backoff, as invoices have it. While an invoice it credits has no A/P invoice
 * the job is left waiting for it (never 'fallido' for that) and the answer says so (409).
 */
export function notaCreditoErpRetry({ data, clock, outbox }: { data: Data; clock: Clock; outbox: ErpOutbox }) {
  const { repos } = data;
  return async (_user: SessionUser, notaCreditoId: number): Promise<string> => {
    const nota = await repos.notasCredito.findById(notaCreditoId);
    if (!nota) throw new NotFound(NOTA_CREDITO_MSG.noExiste);
    if (nota.estatus !== "A") throw new Invalid(NOTA_CREDITO_MSG.erpNoAceptada);
    if (nota.erpDocNum !== null) return NOTA_CREDITO_MSG.erpCreada(nota.erpDocNum);
    const existente = await repos.erpTrabajos.find(TIPO_CREAR_NOTA_CREDITO, { notaCreditoId });
    if (!existente) {
      await repos.erpTrabajos.enqueue(TIPO_CREAR_NOTA_CREDITO, { notaCreditoId }, clock());
      outbox.queued();
    }
    // Nothing to run yet: the job waits for the invoice's A/P invoice (and runs as soon as it exists).
    const sinErp = (await repos.notasCredito.relaciones(notaCreditoId)).find((r) => r.erpDocEntry === null);
    if (sinErp) throw new Conflict(NOTA_CREDITO_MSG.erpFacturaPendiente(sinErp.folio));
    const resultado = await outbox.runNow(
      existente ?? (await repos.erpTrabajos.find(TIPO_CREAR_NOTA_CREDITO, { notaCreditoId })),
    );
    if (!resultado) {
      const actual = await repos.notasCredito.findById(notaCreditoId);
      if (actual?.erpDocNum != null) return NOTA_CREDITO_MSG.erpCreada(actual.erpDocNum);
      throw new Conflict(NOTA_CREDITO_MSG.erpEnCurso);
    }
    if (resultado.ok) return NOTA_CREDITO_MSG.erpCreada(resultado.docNum ?? 0);
    throw retryFailure(resultado, {
      rechazo: NOTA_CREDITO_MSG.erpRechazo,
      noDisponible: NOTA_CREDITO_MSG.erpNoDisponible,
    });
  };
}
