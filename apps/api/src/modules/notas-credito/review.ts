import { compareAmounts } from "@portal/cfdi";
import { MSG, NOTA_CREDITO_MSG, REVISION_MSG, type RevisionNotaCredito } from "@portal/contracts";
import { DomainError } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import { type ReviewKind, type ReviewMail, review } from "../revision/review-kit";
import {
  type CompromisoNota,
  type FacturaAcreditable,
  type NotaCreditoRecord,
  TIPO_CREAR_NOTA_CREDITO,
} from "./repository";
import { checkFactura, type LecturaErp, readErp, saldoDe, withoutErp } from "./saldo";
import { money, type NotasCreditoContext } from "./shared";

type ReviewDeps = Pick<NotasCreditoContext, "data" | "clock" | "erpOutbox" | "erp" | "warn" | "repo">;

/** What one review call keeps between its checks: the ERP's reading and what each accepted note takes. */
interface ReviewState {
  lectura: LecturaErp;
  importesPorNota: Map<number, { facturaId: number; importe: string }[]>;
}

/** The review could not read the ERP: an acceptance waits for it (the whole review is refused, as 503). */
class ErpSinRespuesta extends DomainError {
  constructor(messages: readonly string[]) {
    super(503, messages);
  }
}

/**
 * Issue 36: a P/R → A decision's refusal, or null: each invoice the note credits must still admit a credit note
 * (checkFactura) and what the note takes off it must fit what is left of it without this note.
 */
function checkAcceptance(
  nota: NotaCreditoRecord,
  importes: readonly { facturaId: number; importe: string }[],
  facturas: readonly FacturaAcreditable[],
  lectura: LecturaErp,
  compromisos: readonly CompromisoNota[],
): string | null {
  const porId = new Map(facturas.map((f) => [f.id, f]));
  for (const { facturaId, importe } of importes) {
    const f = porId.get(facturaId);
    if (!f) continue;
    const motivo = checkFactura(f, lectura, compromisos);
    if (motivo) return NOTA_CREDITO_MSG.noSePuedeAceptar(nota.folio, motivo);
    const saldo = saldoDe(f, lectura, compromisos, nota.fechaCfdi, nota.id);
    if (compareAmounts(importe, saldo) > 0) {
      const resto = compareAmounts(saldo, "0") > 0 ? saldo : "0.00";
      return NOTA_CREDITO_MSG.noSePuedeAceptar(
        nota.folio,
        NOTA_CREDITO_MSG.excedeSaldoFactura(f.folio, `${money(importe)} ${f.moneda}`, `${resto} ${f.moneda}`),
      );
    }
  }
  return null;
}

const accepts = (fila: RevisionNotaCredito, nota: NotaCreditoRecord) => fila.Estatus === "A" && nota.estatus !== "A";

/**
 * The check before the transaction: the accepted rows' amounts and invoices, the ERP read once (an ERP that cannot
 * be reached refuses the whole review), then each accepted row's refusal.
 */
async function checkBeforeTransaction(
  { erp, warn, repo }: ReviewDeps,
  state: ReviewState,
  notas: readonly NotaCreditoRecord[],
  filas: readonly RevisionNotaCredito[],
): Promise<(nota: NotaCreditoRecord, fila: RevisionNotaCredito) => string | null> {
  const { importesPorNota } = state;
  const porId = new Map(notas.map((n) => [n.id, n]));
  const aceptadas = filas.flatMap((fila) => {
    const nota = porId.get(fila.NotaCredito);
    return nota && accepts(fila, nota) ? [nota.id] : [];
  });
  if (aceptadas.length === 0) return () => null;
  for (const r of await repo.importesDe(aceptadas)) {
    importesPorNota.set(r.notaCreditoId, [...(importesPorNota.get(r.notaCreditoId) ?? []), r]);
  }
  const facturaIds = [...new Set([...importesPorNota.values()].flat().map((r) => r.facturaId))];
  const [facturas, compromisos] = await Promise.all([repo.facturasPorId(facturaIds), repo.compromisos(facturaIds)]);
  try {
    state.lectura = await readErp(erp, facturas, compromisos);
  } catch (error) {
    warn(error, "no se pudo leer del ERP el saldo de las facturas de una nota de crédito por aceptar");
    const enErp = facturas.filter((f) => f.erpDocEntry !== null || f.sustituyeAId !== null);
    const folios = (enErp.length > 0 ? enErp : facturas).map((f) => f.folio);
    throw new ErpSinRespuesta([MSG.revisionError, ...folios.map(NOTA_CREDITO_MSG.erpSinRespuesta)]);
  }
  const { lectura } = state;
  return (nota, fila) =>
    accepts(fila, nota)
      ? checkAcceptance(nota, importesPorNota.get(nota.id) ?? [], facturas, lectura, compromisos)
      : null;
}

/** The supplier's mail about a decision on its credit note. */
const mailDe = (actual: NotaCreditoRecord, estatus: "A" | "R"): ReviewMail =>
  estatus === "A"
    ? {
        // Issue 36: only what is true: the reviewer accepted it; the ERP's memo is still to be made.
        subject: NOTA_CREDITO_MSG.correoAceptadaAsunto(actual.folio),
        paragraph: NOTA_CREDITO_MSG.correoAceptadaParrafo(actual.folio, actual.uuid),
        correction: "",
      }
    : {
        subject: NOTA_CREDITO_MSG.correoRechazadaAsunto(actual.folio),
        paragraph: NOTA_CREDITO_MSG.correoRechazadaParrafo(actual.folio, actual.uuid),
        correction: NOTA_CREDITO_MSG.correoRechazadaCorreccion,
      };

/**
 * How credit notes are reviewed, for one review call: by folio; an acceptance owes the ERP its A/P credit memo.
 * Issue 36: an acceptance (from P or R) is checked against what the ERP knows before the transaction (every row's
 * refusal answers together) and again inside it, the invoices locked and the notes decided before it counted.
 */
function revisionDe(deps: ReviewDeps): ReviewKind<RevisionNotaCredito, NotaCreditoRecord, string> {
  // The ERP's reading of this call (read once, outside the transaction) and what each accepted note takes.
  const state: ReviewState = { lectura: withoutErp([]), importesPorNota: new Map() };
  return {
    auditEntity: "nota_credito",
    idOf: (fila) => fila.NotaCredito,
    label: (nota) => nota.folio,
    sentences: REVISION_MSG.notaCredito,
    read: (ids) => deps.repo.findByIds(ids),
    check: (notas, filas) => checkBeforeTransaction(deps, state, notas, filas),
    checkInTransaction: async (tx, fila, nota) => {
      if (!accepts(fila, nota)) return null;
      const importes = state.importesPorNota.get(nota.id) ?? [];
      const facturaIds = importes.map((r) => r.facturaId);
      // Locked as the registration locks them: a note registered (or accepted) at the same time waits.
      const facturas = await tx.notasCredito.facturasPorId(facturaIds, true);
      const compromisos = await tx.notasCredito.compromisos(facturaIds);
      return checkAcceptance(nota, importes, facturas, state.lectura, compromisos);
    },
    decide: (tx, id, version, values) => tx.notasCredito.decide(id, version, values),
    afterDecide: async (tx, fila, actual, now) => {
      if (fila.Estatus === "A")
        await tx.erpTrabajos.enqueue(TIPO_CREAR_NOTA_CREDITO, { notaCreditoId: actual.id }, now);
    },
    afterCommit: (decididas) => {
      if (decididas.some(({ fila }) => fila.Estatus === "A")) deps.erpOutbox.queued();
    },
    mail: mailDe,
  };
}

/** notasCreditoPendientes/patchNotaCredito: the review kit's all-or-nothing review. */
export function reviewOperation(deps: ReviewDeps) {
  return (user: SessionUser, filas: RevisionNotaCredito[]): Promise<string> =>
    review({ data: deps.data, clock: deps.clock }, revisionDe(deps), user, filas);
}
