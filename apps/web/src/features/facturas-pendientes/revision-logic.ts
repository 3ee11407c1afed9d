import {
  type EstatusRevisionFactura,
  type FacturaRow,
  facturaPorRevisar,
  MSG,
  type QuitarBloqueoPagoRequest,
  quitarBloqueoPagoRequestSchema,
  type ReintentarBloqueoErpRequest,
  type ReintentarErpRequest,
  type RevisionFactura,
} from "@portal/contracts";
import {
  buildRevisionRows,
  COLUMNA_REVISION,
  comentarioElegidoRevision,
  estatusElegidoRevision,
  filasMarcadasRevision,
  type OpcionEstatus,
  type RevisionConfig,
  type RevisionResultado,
  type RowEdits,
} from "../../components/data-table";
import type { Operator } from "../../lib/list-query";
import { OPCIONES_REVISION } from "../../lib/review-options";

/**
 * Pure rules of /Facturas-Pendientes (spec §2, §3 Pending invoice review payload, §4): the selector's choices,
 * the locked rows, and the payload of the checked rows built from the table's edits.
 */

/** The status selector (spec §2): Pendiente=P, Aceptada=A, Rechazada=R. */
export const OPCIONES_ESTATUS: readonly OpcionEstatus<EstatusRevisionFactura>[] = OPCIONES_REVISION;

/** The editable columns' ids: the table keeps the edits by row key and these ids. */
export const COLUMNA = COLUMNA_REVISION;

/** The stored status as the selector's code (spec §4: A, R, anything else P). */
export function storedStatus(row: Pick<FacturaRow, "EstatusFactura">): EstatusRevisionFactura {
  if (row.EstatusFactura === "A") return "A";
  if (row.EstatusFactura === "R") return "R";
  return "P";
}

export const claveFila = (row: Pick<FacturaRow, "IdFactura">): string => String(row.IdFactura);

/** The invoice review as the shared review kit reads it. */
export const REVISION_FACTURAS: RevisionConfig<FacturaRow, EstatusRevisionFactura> = {
  options: OPCIONES_ESTATUS,
  rowKey: claveFila,
  storedStatus,
  storedComment: (row) => row.Comentarios,
  // The server's rule (@portal/contracts): the Home tile counts exactly these rows.
  isAwaitingReview: (row) => facturaPorRevisar(row.EstatusFactura),
};

/** Spec §4: rows whose stored status is A are locked (no edits, no selection). */
export const isBlocked = (row: Pick<FacturaRow, "EstatusFactura">): boolean => storedStatus(row) === "A";

/** The rows checked as Revisado, in list order; locked rows never count. */
export const filasMarcadas = (rows: readonly FacturaRow[], edits: RowEdits): FacturaRow[] =>
  filasMarcadasRevision(REVISION_FACTURAS, rows, edits);

/** The status a row is set to: its edit, or the stored one. */
export const estatusElegido = (row: FacturaRow, edits: RowEdits): EstatusRevisionFactura =>
  estatusElegidoRevision(REVISION_FACTURAS, row, edits);

/** The comment a row is sent with: its edit, or the stored one. */
export const comentarioElegido = (row: FacturaRow, edits: RowEdits): string =>
  comentarioElegidoRevision(REVISION_FACTURAS, row, edits);

/**
 * The PATCH body (spec §3): one entry per checked row with usuario, id, operador, Factura (the IdFactura), the
 * chosen Estatus and Comentarios, BD, Correo and the Version the reviewer saw. Rejections without a comment are
 * refused here, one message per folio.
 */
export function buildRevision(
  operator: Operator,
  rows: readonly FacturaRow[],
  edits: RowEdits,
): RevisionResultado<RevisionFactura> {
  return buildRevisionRows(
    REVISION_FACTURAS,
    rows,
    edits,
    (row, { Estatus, Comentarios }): RevisionFactura => ({
      usuario: operator.id,
      id: operator.id,
      operador: operator.operador,
      Factura: row.IdFactura,
      Comentarios,
      Estatus,
      BD: row.BD,
      Correo: row.E_mail,
      Version: row.Version,
    }),
    (row) => MSG.rechazoSinComentarioFactura(row.FolioFactura),
  );
}

/** The reintentarErp body (issue 13): who asks, like a review, and the invoice's IdFactura as Factura. */
export const buildErpRetry = (operator: Operator, row: Pick<FacturaRow, "IdFactura">): ReintentarErpRequest => ({
  usuario: operator.id,
  id: operator.id,
  operador: operator.operador,
  Factura: row.IdFactura,
});

/** The Reintentar button's accessible name: which invoice it sends to the ERP. */
export const etiquetaReintentarErp = (folio: string) => `Reintentar en el ERP la factura ${folio}`;

/**
 * The quitarBloqueoPago body (issue 36, decision 038): who asks, like a review, the invoice with the Version the
 * employee saw, and the reason (trimmed); or the contract's own message when the reason is missing, so the dialog
 * says what the server would.
 */
export function buildQuitarBloqueo(
  operator: Operator,
  row: Pick<FacturaRow, "IdFactura" | "Version">,
  motivo: string,
): { request: QuitarBloqueoPagoRequest } | { error: string } {
  const leido = quitarBloqueoPagoRequestSchema.shape.Motivo.safeParse(motivo);
  if (!leido.success) return { error: leido.error.issues[0]?.message ?? MSG.datosInvalidos };
  return {
    request: {
      usuario: operator.id,
      id: operator.id,
      operador: operator.operador,
      Factura: row.IdFactura,
      Version: row.Version,
      Motivo: leido.data,
    },
  };
}

/** The 'Quitar bloqueo de pago' button's accessible name: which invoice it frees. */
export const etiquetaQuitarBloqueo = (folio: string) => `Quitar el bloqueo de pago de la factura ${folio}`;

/** Issue 36: the POST body of facturasPendientes/reintentarBloqueoErp. */
export const buildBloqueoErpRetry = (
  operator: Operator,
  row: Pick<FacturaRow, "IdFactura">,
): ReintentarBloqueoErpRequest => ({
  usuario: operator.id,
  id: operator.id,
  operador: operator.operador,
  Factura: row.IdFactura,
});

/** The payment block's Reintentar button's accessible name. */
export const etiquetaReintentarBloqueoErp = (folio: string) =>
  `Reintentar en el ERP el bloqueo de pago de la factura ${folio}`;
