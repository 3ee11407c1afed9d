import { CORREO_MSG, pagoPorRevisar, REVISION_MSG, type RevisionPago } from "@portal/contracts";
import type { ErpPago } from "../../erp/types";
import type { SessionUser } from "../../lib/session-user";
import { type ReviewKind, review, reviewWindowStart } from "../revision/review-kit";
import type { PagosDeps } from "./deps";
import { PAGO_MSG } from "./reglas";
import type { ComplementoRecord } from "./repository";
import type { PaymentRows } from "./rows";
import { needsComplemento } from "./shared";

type ReviewDeps = Pick<PagosDeps, "data" | "clock" | "erp" | "erpScope" | "lista69b"> & { filas: PaymentRows };

/**
 * The ERP payments of these complement records that the review shows: in the user's scope, still in the ERP and
 * not cancelled there, read in one call (issue 22), by key.
 */
async function pagosEnRevision(
  { erp, erpScope }: ReviewDeps,
  user: SessionUser,
  registros: readonly ComplementoRecord[],
): Promise<ErpPago[]> {
  const scope = await erpScope(user);
  const claves = registros.filter((r) => scope.bds.includes(r.bd)).map((r) => ({ bd: r.bd, docEntry: r.pagoDocEntry }));
  return (await erp.readPagos(claves)).filter((p) => p.canceled !== "Y");
}

/** Of these payments, those that need a complement (issue 23): the review and its tile leave out PUE-only ones. */
async function pagosQueRequieren({ data }: ReviewDeps, pagos: ErpPago[]): Promise<ErpPago[]> {
  if (pagos.length === 0) return pagos;
  const cardCodes = new Set(pagos.map((p) => p.cardCode));
  const metodos = await data.repos.pagos.metodosDePago(cardCodes.size === 1 ? (pagos[0] as ErpPago).cardCode : null);
  return pagos.filter((p) => needsComplemento(metodos, p));
}

/**
 * How complements are reviewed (issue 14), by their payment's number, for this reviewer: a payment the ERP
 * cancelled since the list was loaded leaves the list, and is not decided either (issue 22); a record without a
 * complement has nothing to review.
 */
const revisionDe = (deps: ReviewDeps, user: SessionUser): ReviewKind<RevisionPago, ComplementoRecord, number> => ({
  auditEntity: "pago",
  idOf: (fila) => fila.Pago,
  label: (registro) => registro.pagoDocNum,
  sentences: REVISION_MSG.pago,
  read: (ids) => deps.data.repos.pagos.findByIds(ids),
  check: async (registros) => {
    const vigentes = new Set((await pagosEnRevision(deps, user, registros)).map((p) => `${p.bd}\u0000${p.docEntry}`));
    return (actual) =>
      !vigentes.has(`${actual.bd}\u0000${actual.pagoDocEntry}`)
        ? PAGO_MSG.revisionPagoCancelado(actual.pagoDocNum)
        : !actual.uuid
          ? PAGO_MSG.sinComplemento(actual.pagoDocNum)
          : null;
  },
  decide: (tx, id, version, values) => tx.pagos.decide(id, version, values),
  mail: (actual, estatus) => ({
    subject: CORREO_MSG.revisionPago.asunto(actual.pagoDocNum, estatus === "A"),
    paragraph: CORREO_MSG.revisionPago.parrafo(actual.uuid ?? "", actual.pagoDocNum, estatus === "A"),
    correction: CORREO_MSG.revisionPago.correccion,
  }),
});

/**
 * Issue 23 (decision 025): the complements to decide first (numbered 1…n), then the decided ones; newest payment
 * first in each. Sorts `pagos` in place.
 */
function sortForReview(pagos: ErpPago[], registros: readonly ComplementoRecord[]) {
  const estatus = new Map(registros.map((r) => [`${r.bd}\u0000${r.pagoDocEntry}`, r.estatus]));
  const aDecidir = (p: { bd: string; docEntry: number }) =>
    pagoPorRevisar(estatus.get(`${p.bd}\u0000${p.docEntry}`)) ? 0 : 1;
  pagos.sort((a, b) =>
    aDecidir(a) !== aDecidir(b)
      ? aDecidir(a) - aDecidir(b)
      : a.docDate !== b.docDate
        ? a.docDate < b.docDate
          ? 1
          : -1
        : a.bd !== b.bd
          ? a.bd < b.bd
            ? -1
            : 1
          : b.docNum - a.docNum,
  );
}

/** The review of complements (pagosPendientes/*): its list, its tile and the decisions. */
export function paymentReview(deps: ReviewDeps) {
  const { data, clock, lista69b, filas } = deps;
  const { repos } = data;
  const repo = repos.pagos;
  return {
    /**
     * pagosPendientes/getPagos: complements Pendiente, Rechazada or in Validación, and those accepted in the last
     * 30 days (locked); never those of cancelled payments. U_SYS_PMMERR is the reviewer's comment.
     */
    async pendientes(user: SessionUser) {
      const registros = await repo.pendientes(reviewWindowStart(clock));
      const pagos = await pagosQueRequieren(deps, await pagosEnRevision(deps, user, registros));
      sortForReview(pagos, registros);
      const comentario = new Map(registros.map((r) => [r.id, r.comentarios]));
      const rows = await filas(pagos, registros, true);
      // The issuer on the SAT's 69-B list, for the reviewer (issue 15): only when listed.
      const en69b = await lista69b.query(rows.map((f) => f.RFCEmisor).filter(Boolean));
      // Issue 27: the suppliers an employee flagged "retener pagos por complementos atrasados" (a badge).
      const retenidos = await repos.complementosAtrasados.retenidos();
      return rows.map((f, i) => {
        const l = f.RFCEmisor ? en69b(f.RFCEmisor) : null;
        return {
          ...f,
          U_SYS_PMMERR: comentario.get(f.IdPago ?? 0) ?? "",
          Lista69B: l?.Situacion ? l : null,
          RetenerPagos: retenidos.has((pagos[i] as ErpPago).cardCode),
        };
      });
    },
    /**
     * The 'Pagos pendientes' tile: the review list's complements awaiting a decision (Pendiente or Validación),
     * so never one whose payment the ERP cancelled (the list hides those).
     */
    countPendientes: async (user: SessionUser) =>
      (await pagosQueRequieren(deps, await pagosEnRevision(deps, user, await repo.porDecidir()))).length,
    /**
     * pagosPendientes/patchPagos: the review kit's all-or-nothing review (review-kit.ts), like the invoice review;
     * only records with a complement, of payments the ERP has not cancelled, are reviewed.
     */
    reviewBatch: (user: SessionUser, filas: RevisionPago[]): Promise<string> =>
      review({ data, clock }, revisionDe(deps, user), user, filas),
  };
}
