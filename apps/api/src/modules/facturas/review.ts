import { CORREO_MSG, MSG, REVISION_MSG, type RevisionFactura } from "@portal/contracts";
import { Invalid } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import { liftReplaced } from "../bloqueo-pago/service";
import { type ReviewKind, review } from "../revision/review-kit";
import { TIPO_CANCELAR_FACTURA, TIPO_CREAR_FACTURA } from "./erp-jobs";
import { refreshFechasProbables } from "./fecha-probable";
import { modoFacturado, withQuantityRace } from "./partes";
import { FACTURA_MSG } from "./reglas";
import type { FacturaRecord } from "./repository";
import type { FacturasContext } from "./shared";
import { takeOver } from "./takeover";

type FacturaReviewKind = ReviewKind<RevisionFactura, FacturaRecord & { entradas: number[] }, string>;

// Issue 27: a Rechazada brought back to P or A must not take a receipt another invoice holds since (the
// database refuses it too, factura_entradas_activa_key; this says so in words, inside the same transaction).
const decide: FacturaReviewKind["decide"] = async (tx, id, version, values) => {
  const sustituyeA = (await tx.facturas.findById(id))?.sustituyeAId ?? null;
  // Decision 036: an accepted replacement takes the replaced invoice's receipts (first, so they are free);
  // of two replacements of one invoice accepted at once, one wins.
  if (values.estatus === "A" && sustituyeA !== null && !(await tx.facturas.markReplaced(sustituyeA, id))) {
    const vieja = await tx.facturas.findById(sustituyeA);
    throw new Invalid([MSG.revisionError, FACTURA_MSG.yaSustituida(vieja?.folio ?? String(sustituyeA))]);
  }
  // A Pendiente replacement does not hold its receipts (they are the replaced invoice's until it is accepted).
  if (values.estatus === "A" || (values.estatus === "P" && sustituyeA === null)) {
    const tomadas = await tx.facturas.entradasTomadas(id);
    if (tomadas.length > 0) {
      const factura = await tx.facturas.findById(id);
      throw new Invalid([MSG.revisionError, FACTURA_MSG.entradasTomadas(factura?.folio ?? String(id), tomadas)]);
    }
  }
  // Issue 42 (decision 074): a partial invoice brought back takes its quantities again; the counters' check refuses
  // what another invoice took meanwhile.
  const factura = await tx.facturas.findById(id);
  return withQuantityRace(
    () => tx.facturas.decide(id, version, values),
    factura ? [factura.entradaDocNum] : [],
    factura ? modoFacturado(factura) : false,
    true,
  );
};

// Accepted: the ERP's A/P invoice is owed, as a job committed with the decision (issue 13). Not accepted but
// with an A/P invoice in the ERP (an invoice changed before every state change was conditional on its
// version): the A/P invoice is cancelled through the same outbox (issue 22, decision 021).
const afterDecide: NonNullable<FacturaReviewKind["afterDecide"]> = async (tx, fila, actual, now) => {
  if (fila.Estatus === "A") {
    if (actual.sustituyeAId === null) await tx.erpTrabajos.enqueue(TIPO_CREAR_FACTURA, { facturaId: actual.id }, now);
    else await takeOver(tx, actual, actual.sustituyeAId, now);
    // Decision 036: a replacement CFDI (TipoRelacion 04) lifts the payment block of the one it replaces.
    await liftReplaced(tx, actual, now);
    // Issue 27: an accepted invoice carries its expected payment date from the start (decision 032).
    await refreshFechasProbables(tx.facturas, { ids: [actual.id] });
  } else if (actual.erpDocEntry !== null) {
    await tx.erpTrabajos.rearm(TIPO_CANCELAR_FACTURA, { facturaId: actual.id }, now);
  }
};

const mail: FacturaReviewKind["mail"] = (actual, estatus) => ({
  subject: CORREO_MSG.revisionFactura.asunto(actual.folio, estatus === "A"),
  paragraph: CORREO_MSG.revisionFactura.parrafo(actual.folio, actual.uuid, actual.entradas, estatus === "A"),
  correction: CORREO_MSG.revisionFactura.correccion,
});

/** How invoices are reviewed (issue 13): by folio; each decision owes the ERP's A/P invoice a job. */
function facturaReviewKind({ repo, erpFacturas }: Pick<FacturasContext, "repo" | "erpFacturas">): FacturaReviewKind {
  return {
    auditEntity: "factura",
    idOf: (fila) => fila.Factura,
    label: (factura) => factura.folio,
    sentences: REVISION_MSG.factura,
    read: async (ids) => {
      const [records, entradas] = await Promise.all([repo.findByIds(ids), repo.entradasDe(ids)]);
      return records.map((r) => ({ ...r, entradas: (entradas.get(r.id) ?? []).map((e) => e.docNum) }));
    },
    decide,
    afterDecide,
    afterCommit: (decididas) => {
      if (decididas.some(({ fila, record }) => fila.Estatus === "A" || record.erpDocEntry != null)) {
        erpFacturas.queued();
      }
    },
    mail,
  };
}

/**
 * facturasPendientes/patchfactura (issue 13): the review kit's all-or-nothing review (review-kit.ts), with the
 * invoices' ERP jobs.
 */
export function reviewOperation(deps: Pick<FacturasContext, "data" | "clock" | "repo" | "erpFacturas">) {
  const { data, clock } = deps;
  const revision = facturaReviewKind(deps);
  return (user: SessionUser, filas: RevisionFactura[]): Promise<string> =>
    review({ data, clock }, revision, user, filas);
}
