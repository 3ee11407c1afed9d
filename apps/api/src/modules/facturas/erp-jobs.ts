import { MSG } from "@portal/contracts";
import { facturaProveedorDe, schema } from "@portal/db";
import { sql } from "drizzle-orm";
import { type ErpAdapter, ErpRechazoError } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import { Conflict, Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import { TIPO_BLOQUEAR_PAGO } from "../bloqueo-pago/erp-jobs";
import { blockDuringCoolingOff } from "../bloqueo-pago/service";
import type { ErpTrabajo } from "../erp-outbox/repository";
import {
  ErpEsperaError,
  type ErpJobHandler,
  type ErpJobRun,
  type ErpOutbox,
  type ErpResultado,
  retryFailure,
} from "../erp-outbox/service";
import type { FacturaRecord } from "./repository";

const { erpTrabajos } = schema;

/** The A/P invoice of an accepted invoice (issue 13). */
export const TIPO_CREAR_FACTURA = "crear_factura";
/** The cancellation of the A/P invoice of an invoice that is not accepted (issue 22, decision 021). */
export const TIPO_CANCELAR_FACTURA = "cancelar_factura";
/** An accepted replacement CFDI takes over the A/P invoice of the invoice it replaces (decision 036). */
export const TIPO_SUSTITUIR_CFDI = "sustituir_cfdi";

type Deps = { data: Data; clock: Clock; erp: ErpAdapter };

/**
 * The invoices' ERP jobs (decision 054): 'crear_factura', 'cancelar_factura' and 'sustituir_cfdi', run by the outbox
 * (modules/erp-outbox). Nothing is created for an invoice that is not Aceptada when its job runs; an A/P invoice the
 * ERP already has for such an invoice is cancelled through the same outbox ('cancelar_factura', issue 22, decision
 * 021).
 */
export function facturaErpJobs(deps: Deps): ErpJobHandler[] {
  return [
    { tipo: TIPO_CREAR_FACTURA, run: (trabajo, outbox) => create(deps, trabajo, outbox), counted: true },
    { tipo: TIPO_CANCELAR_FACTURA, run: (trabajo, outbox) => cancel(deps, trabajo, outbox) },
    {
      tipo: TIPO_SUSTITUIR_CFDI,
      run: (trabajo, outbox) => takeover(deps, trabajo, outbox),
      // Issue 36: not due while the replaced invoice has no A/P invoice (its own job pending).
      espera: sql`exists (select 1 from ${schema.facturas} f where f.erp_doc_entry is null
        and ${erpTrabajos.tipo} = ${TIPO_SUSTITUIR_CFDI} and f.id = (
          select s.sustituye_a_id from ${schema.facturas} s where s.id = ${erpTrabajos.facturaId}))`,
    },
  ];
}

async function createInErp({ data, erp }: Deps, factura: FacturaRecord) {
  const { repos } = data;
  const existente = await erp.findFacturaProveedor(factura.bd, factura.id);
  if (existente) return { docEntry: existente.docEntry, docNum: existente.docNum };
  // Issue 27: the A/P invoice copies every receipt the CFDI bills.
  const entradas = (await repos.facturas.entradasDe([factura.id])).get(factura.id);
  // Decision 047: the sociedad's rule for a CFDI dated in a closed posting period.
  const postingDateRule = await repos.sociedades.reglaFechaContable(factura.bd);
  // Issue 42 (decision 074): a partial invoice copies exactly its lines and quantities.
  const lineas = (await repos.facturas.lineasDe([factura.id])).get(factura.id) ?? [];
  return erp.createFacturaProveedor({
    ...facturaProveedorDe(factura, entradas),
    postingDateRule,
    ...(lineas.length > 0
      ? {
          lineas: lineas.map((l) => ({
            // Issue 42 part 2 (decision 076): an invoice billing service lines copies its purchase orders' lines.
            baseType: factura.pedido ? (22 as const) : (20 as const),
            baseEntry: l.EntradaDocEntry,
            baseLine: l.LineNum,
            quantity: l.Cantidad,
          })),
        }
      : {}),
  });
}

/** One attempt at a leased creation job; records the outcome on the job (and the invoice) and returns it. */
async function create(deps: Deps, trabajo: ErpTrabajo, outbox: ErpJobRun): Promise<ErpResultado> {
  const { data, clock } = deps;
  const { repos, withTransaction } = data;
  const facturaId = trabajo.facturaId ?? 0;
  const factura = await repos.facturas.findById(facturaId);
  if (factura?.estatus !== "A") {
    // Re-checked when the job runs: nothing is created for an invoice that is not accepted. The portal no longer
    // gets here (an acceptance is final and every state change is conditional on the version read), but an
    // invoice changed before that rule existed may have an A/P invoice from an earlier attempt: its cancellation
    // is queued with this outcome (it finds nothing to cancel when there is none).
    await withTransaction(async (tx) => {
      await tx.erpTrabajos.fail(trabajo.id, MSG.erpNoAceptada, "rechazo", null);
      await tx.erpTrabajos.rearm(TIPO_CANCELAR_FACTURA, { facturaId }, clock());
    });
    outbox.enqueuedMore();
    return { ok: false, mensaje: MSG.erpNoAceptada, rechazo: true };
  }
  try {
    const { docEntry, docNum } = await createInErp(deps, factura);
    await withTransaction(async (tx) => {
      await tx.facturas.recordErp(factura.id, docEntry, docNum);
      await tx.erpTrabajos.finish(trabajo.id, clock());
      // Decision 069: an A/P invoice created while the supplier's new bank account cools off is blocked as well.
      await blockDuringCoolingOff(tx, factura.id, clock());
      // Decision 036: a CFDI found cancelled at the SAT before its A/P invoice existed is blocked now.
      if (await tx.bloqueoPago.wanted(factura.id)) {
        await tx.erpTrabajos.rearm(TIPO_BLOQUEAR_PAGO, { facturaId: factura.id }, clock());
        outbox.enqueuedMore();
      }
    });
    return { ok: true, docNum };
  } catch (error) {
    return outbox.failed(error);
  }
}

/**
 * One attempt at a leased cancellation (decision 021): the invoice's A/P invoice, found by the portal id like a
 * creation, is cancelled unless the invoice is accepted by now (then its A/P invoice is owed) or there is none
 * or it is cancelled already. Once done, the invoice no longer mirrors it (a rejected invoice does not show
 * 'Cancelado'). Retried like a creation; the ERP's refusal (a payment applied to it) stops it ('fallido', with
 * the ERP's message on the job).
 */
async function cancel({ data, clock, erp }: Deps, trabajo: ErpTrabajo, outbox: ErpJobRun): Promise<ErpResultado> {
  const { repos, withTransaction } = data;
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
    return { ok: true, docNum: null };
  } catch (error) {
    return outbox.failed(error);
  }
}

/**
 * One attempt at a leased takeover (issue 27, decision 036): accepted replacement `trabajo.facturaId` takes over
 * the A/P invoice of the invoice it replaces instead of creating one. The ERP is asked first by the replacement's
 * portal id, so a retry after a lost answer finds the A/P invoice already re-pointed and writes nothing; else the
 * replaced invoice's A/P invoice gets the replacement's portal id, UUID and folio, and its payment block is lifted.
 * While the replaced invoice's A/P invoice does not exist yet (its creation job pending) the job waits like a
 * credit note's (issue 36): not taken meanwhile (its `espera`), and one taken anyway gets its attempt back. The
 * replacement records the A/P invoice's DocEntry and DocNum.
 */
async function takeover({ data, clock, erp }: Deps, trabajo: ErpTrabajo, outbox: ErpJobRun): Promise<ErpResultado> {
  const { repos, withTransaction } = data;
  const factura = await repos.facturas.findById(trabajo.facturaId ?? 0);
  try {
    let ap: { docEntry: number; docNum: number } | null = null;
    if (factura?.estatus === "A" && factura.sustituyeAId !== null) {
      ap = await erp.findFacturaProveedor(factura.bd, factura.id);
      if (!ap) {
        if (!(await replacedInErp(data, factura.sustituyeAId))) {
          throw new ErpEsperaError(MSG.erpSustituidaSinFactura);
        }
        const vieja = await erp.findFacturaProveedor(factura.bd, factura.sustituyeAId);
        if (!vieja) throw new Error(MSG.erpSustituidaSinFactura);
        if (vieja.canceled === "Y") {
          throw new ErpRechazoError(MSG.erpSustituidaCancelada(vieja.docNum));
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
    return outbox.failed(error);
  }
}

/** Whether the portal has recorded the A/P invoice of replaced invoice `id` (what a takeover waits for). */
const replacedInErp = async (data: Data, id: number) => (await data.repos.facturas.findById(id))?.erpDocEntry != null;

/**
 * facturasPendientes/reintentarErp: an employee runs the accepted invoice's job now. Answers the created A/P
 * invoice's message, or throws the ERP's refusal (400) or failure (502, retried later as usual).
 */
export function facturaErpRetry({ data, clock, outbox }: { data: Data; clock: Clock; outbox: ErpOutbox }) {
  const { repos } = data;
  return async (_user: SessionUser, facturaId: number): Promise<string> => {
    const factura = await repos.facturas.findById(facturaId);
    if (!factura) throw new NotFound(MSG.facturaNoExiste);
    if (factura.estatus !== "A") throw new Invalid(MSG.erpNoAceptada);
    if (factura.erpDocNum !== null) return MSG.erpFacturaCreada(factura.erpDocNum);
    // Decision 036: a replacement takes over the replaced invoice's A/P invoice; it never creates one.
    const tipo = factura.sustituyeAId === null ? TIPO_CREAR_FACTURA : TIPO_SUSTITUIR_CFDI;
    // An invoice accepted before the ERP jobs existed gets its job now.
    let existente = await repos.erpTrabajos.find(tipo, { facturaId });
    if (!existente) {
      await repos.erpTrabajos.enqueue(tipo, { facturaId }, clock());
      existente = await repos.erpTrabajos.find(tipo, { facturaId });
    }
    // Issue 36: a takeover waiting for the replaced invoice's A/P invoice has nothing to run; it says why.
    if (factura.sustituyeAId !== null && !(await replacedInErp(data, factura.sustituyeAId))) {
      throw new Conflict(MSG.erpSustituidaSinFactura);
    }
    const resultado = await outbox.runNow(existente);
    if (!resultado) {
      const actual = await repos.facturas.findById(facturaId);
      if (actual?.erpDocNum != null) return MSG.erpFacturaCreada(actual.erpDocNum);
      throw new Conflict(MSG.erpFacturaEnCurso);
    }
    if (resultado.ok) {
      // A credit note waiting for this A/P invoice is due now (issue 36): the worker takes it.
      outbox.queued();
      return MSG.erpFacturaCreada(resultado.docNum ?? 0);
    }
    throw retryFailure(resultado, { rechazo: MSG.erpRechazo, noDisponible: MSG.erpNoDisponible });
  };
}
