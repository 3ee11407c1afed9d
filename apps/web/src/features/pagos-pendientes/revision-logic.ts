import {
  type EstatusRevisionPago,
  MSG,
  type PagoPendienteRow,
  pagoPorRevisar,
  type RevisionPago,
} from "@portal/contracts";
import {
  buildRevisionRows,
  type OpcionEstatus,
  type RevisionConfig,
  type RevisionResultado,
  type RowEdits,
} from "../../components/data-table";
import type { Operator } from "../../lib/list-query";
import { OPCIONES_REVISION } from "../../lib/review-options";
import { clavePago, correoPista } from "../pagos/pago-logic";

/**
 * Pure rules of /Pagos-Pendientes (spec §2, §3 Payment review payload, §4): the selector's choices, the rows
 * that can be reviewed, and the payload of the checked rows built from the table's edits.
 */

/** The status selector (spec §2, §4): P Pendiente, A Aceptada, R Rechazada, V Validación. */
export const OPCIONES_ESTATUS_PAGO: readonly OpcionEstatus<EstatusRevisionPago>[] = [
  ...OPCIONES_REVISION,
  { value: "V", label: "Validación" },
];

/** The stored status as the selector's code (spec §4: A, R, V, anything else P). */
export function estatusGuardadoPago(row: Pick<PagoPendienteRow, "U_SYS_PMESPA">): EstatusRevisionPago {
  const estatus = row.U_SYS_PMESPA;
  return estatus === "A" || estatus === "R" || estatus === "V" ? estatus : "P";
}

/**
 * A payment can be reviewed only once something was uploaded for it: without IdPago there is no complement
 * record to set a status on (the PATCH names it by IdPago).
 */
export const hasComplemento = (row: Pick<PagoPendienteRow, "IdPago">): boolean => row.IdPago !== null;

/** The payment review as the shared review kit reads it. */
export const REVISION_PAGOS: RevisionConfig<PagoPendienteRow, EstatusRevisionPago> = {
  options: OPCIONES_ESTATUS_PAGO,
  rowKey: clavePago,
  storedStatus: estatusGuardadoPago,
  storedComment: (row) => row.U_SYS_PMMERR,
  isReviewable: hasComplemento,
  // The server's rule (@portal/contracts): the Home tile counts exactly these rows.
  isAwaitingReview: (row) => hasComplemento(row) && pagoPorRevisar(row.U_SYS_PMESPA),
};

/**
 * The PATCH body (spec §3 Payment review payload): one entry per checked row with usuario, id, operador, Pago
 * (the complement's IdPago), the chosen Comentarios and Estatus, BD, Correo, PagoSAP (the DocNum) and the Version
 * the reviewer saw (issue 22: a record changed since then refuses the whole review).
 */
export function buildRevisionPagos(
  operator: Operator,
  rows: readonly PagoPendienteRow[],
  edits: RowEdits,
): RevisionResultado<RevisionPago> {
  return buildRevisionRows(
    REVISION_PAGOS,
    rows,
    edits,
    (row, { Estatus, Comentarios }): RevisionPago => ({
      usuario: operator.id,
      id: operator.id,
      operador: operator.operador,
      // filasMarcadas keeps only rows with a complement (isRevisable).
      Pago: row.IdPago as number,
      Comentarios,
      Estatus,
      BD: row.U_SYS_PMSNBD,
      ...correoPista(row.E_Mail),
      PagoSAP: row.DocNum,
      // Every row with a record carries its version; 0 matches none, so the server refuses rather than decide blind.
      Version: row.Version ?? 0,
    }),
    (row) => MSG.rechazoSinComentarioPago(row.DocNum),
  );
}
