import { MSG } from "@portal/contracts";
import { isTransactionConflict } from "@portal/db";
import type { Clock } from "../../lib/clock";
import { Invalid, refusal } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { Data, Repositories } from "../../repositories";
import { notifyProveedor } from "../correo/al-proveedor";

/** How long a decided document stays on its review list (issues 13 and 14): the last 30 days' decisions. */
const REVIEW_WINDOW_MS = 30 * 86_400_000;

/** The oldest decision a review list still shows, as of now. */
export const reviewWindowStart = (clock: Clock): Date => new Date(clock().getTime() - REVIEW_WINDOW_MS);

/** One checked row of a review body: the reviewer's status, reason and the version the reviewer saw. */
export interface ReviewRow {
  Estatus: string;
  Comentarios?: string | undefined;
  Version: number;
}

/** What the review reads of a stored document. */
export interface ReviewedRecord {
  id: number;
  estatus: string;
  version: number;
  cardCode: string;
}

/** The four review sentences of a kind of document (REVISION_MSG), the document named by its label. */
export interface ReviewSentences<L> {
  noExiste: (id: number) => string;
  bloqueada: (label: L) => string;
  sinComentario: (label: L) => string;
  desactualizada: (label: L) => string;
}

/** The supplier's mail about a decision: its subject, first paragraph, and what to do after a rejection. */
export interface ReviewMail {
  subject: string;
  paragraph: string;
  correction: string;
}

/** How one kind of document (invoice, payment complement, …) is reviewed. */
export interface ReviewKind<F extends ReviewRow, R extends ReviewedRecord, L> {
  /** The audit's entity ("factura", "pago"). */
  auditEntity: string;
  /** The document a row decides (its id in the body). */
  idOf: (fila: F) => number;
  /** How the sentences name a document (folio, payment number). */
  label: (record: R) => L;
  sentences: ReviewSentences<L>;
  /** The stored documents with these ids (those that exist). */
  read: (ids: number[]) => Promise<R[]>;
  /**
   * The kind's own refusals, checked after "locked" and before "no reason"/"changed", given every document read and
   * every row: a message when the row cannot be decided, null otherwise.
   */
  check?: (records: readonly R[], filas: readonly F[]) => Promise<(record: R, fila: F) => string | null>;
  /**
   * The kind's refusals checked again inside the review's transaction, before each row's write and after the rows
   * before it were written (what they changed is seen): a message refuses the whole review, null lets the row go.
   */
  checkInTransaction?: (tx: Repositories, fila: F, record: R) => Promise<string | null>;
  /** The reviewer's decision, only if the document is still at the version the reviewer saw; false otherwise. */
  decide: (
    tx: Repositories,
    id: number,
    version: number,
    values: { estatus: string; comentarios: string; updatedAt: Date },
  ) => Promise<boolean>;
  /** Work of the kind committed with each decision, after its audit (the invoices' ERP jobs). */
  afterDecide?: (tx: Repositories, fila: F, record: R, now: Date) => Promise<void>;
  /** After the transaction committed (wake the ERP worker). */
  afterCommit?: (decided: readonly { fila: F; record: R }[]) => void;
  /** The supplier's mail when a row moves to A or R. */
  mail: (record: R, estatus: "A" | "R") => ReviewMail;
}

/**
 * A review screen's PATCH (issues 13, 14, 22): every checked row decided in one transaction, all or nothing. The
 * reviewer is the session's employee; a document stored Aceptada is locked; a rejection needs its reason; a row
 * whose document changed since the reviewer saw it (Version) refuses the whole call, also when it changes between
 * the checks and the write. Each decision is audited, and the supplier is mailed on A and R at its stored
 * addresses (never the body's Correo). Answers MSG.revisionExito; every refusal answers together, after
 * MSG.revisionError.
 *
 * Two reviewers deciding the same rows at once (issue 36, decision 041): the transaction writes the rows in
 * ascending id, whatever the body's order, so the second waits for the first's row locks instead of deadlocking
 * with it, and then finds the version changed (the "desactualizada" refusal). A deadlock or serialization failure
 * that still happens (on other rows a kind's hooks touch) runs the transaction once more; a second one answers
 * every row "desactualizada" (reload and decide again), never a 500.
 */
export async function review<F extends ReviewRow, R extends ReviewedRecord, L>(
  { data, clock }: { data: Data; clock: Clock },
  kind: ReviewKind<F, R, L>,
  user: SessionUser,
  filas: readonly F[],
): Promise<string> {
  const { sentences: msg } = kind;
  const records = await kind.read(filas.map(kind.idOf));
  const actuales = new Map(records.map((r) => [r.id, r]));
  const check = kind.check ? await kind.check(records, filas) : () => null;
  const motivos: string[] = [];
  for (const fila of filas) {
    const actual = actuales.get(kind.idOf(fila));
    const motivo = !actual
      ? msg.noExiste(kind.idOf(fila))
      : actual.estatus === "A"
        ? msg.bloqueada(kind.label(actual))
        : (check(actual, fila) ??
          (fila.Estatus === "R" && !(fila.Comentarios ?? "").trim()
            ? msg.sinComentario(kind.label(actual))
            : fila.Version !== actual.version
              ? msg.desactualizada(kind.label(actual))
              : null));
    if (motivo !== null) motivos.push(motivo);
  }
  if (motivos.length > 0) throw new Invalid([MSG.revisionError, ...motivos]);
  const now = clock();
  const decided = filas.map((fila) => ({ fila, record: actuales.get(kind.idOf(fila)) as R }));
  // Row locks in one fixed order (ascending id): two overlapping reviews queue instead of deadlocking.
  const inIdOrder = [...decided].sort((x, y) => x.record.id - y.record.id);
  const decideAll = async (tx: Repositories) => {
    for (const { fila, record: actual } of inIdOrder) {
      const comentario = (fila.Comentarios ?? "").trim();
      const motivo = kind.checkInTransaction ? await kind.checkInTransaction(tx, fila, actual) : null;
      if (motivo !== null) throw new Invalid([MSG.revisionError, motivo]);
      const hecho = await kind.decide(tx, actual.id, fila.Version, {
        estatus: fila.Estatus,
        comentarios: comentario,
        updatedAt: now,
      });
      // Changed between the read above and this write: the whole review rolls back.
      if (!hecho) throw new Invalid([MSG.revisionError, msg.desactualizada(kind.label(actual))]);
      await tx.auditoria.recordChange(
        user,
        {
          entidad: kind.auditEntity,
          id: actual.id,
          campo: "estatus",
          from: actual.estatus,
          to: fila.Estatus,
          comment: comentario,
        },
        now,
      );
      if (kind.afterDecide) await kind.afterDecide(tx, fila, actual, now);
      if (fila.Estatus !== actual.estatus && (fila.Estatus === "A" || fila.Estatus === "R")) {
        const aviso = kind.mail(actual, fila.Estatus);
        await notifyProveedor(
          tx,
          actual.cardCode,
          aviso.subject,
          [
            aviso.paragraph,
            ...(comentario ? [`Comentarios: ${comentario}`] : []),
            ...(fila.Estatus === "R" ? [aviso.correction] : []),
          ],
          now,
        );
      }
    }
  };
  await data.withTransaction(decideAll, { conflictRetries: 1 }).catch((error: unknown) => {
    // Deadlocked or serialised out twice: the rows are being decided by someone else right now.
    if (!isTransactionConflict(error)) throw error;
    throw refusal([MSG.revisionError, ...inIdOrder.map(({ record }) => msg.desactualizada(kind.label(record)))]);
  });
  kind.afterCommit?.(decided);
  return MSG.revisionExito;
}
