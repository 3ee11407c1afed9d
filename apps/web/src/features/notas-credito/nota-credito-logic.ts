import {
  type EstatusRevisionFactura,
  type NotaCreditoRow,
  REVISION_MSG,
  type ReintentarErpNotaCreditoRequest,
  type RevisionNotaCredito,
} from "@portal/contracts";
import {
  buildRevisionRows,
  type RevisionConfig,
  type RevisionResultado,
  type RowEdits,
} from "../../components/data-table";
import type { Operator } from "../../lib/list-query";
import { OPCIONES_REVISION } from "../../lib/review-options";
import { type EstadoErpMostrado, estadoErp } from "../facturas/factura-logic";

/** The statuses as the supplier and the reviewer read them. */
export const ESTATUS_NOTA_CREDITO: Record<NotaCreditoRow["Estatus"], string> = {
  P: "Pendiente",
  A: "Aceptada",
  R: "Rechazada",
};

/** 01 nota de crédito, 03 devolución (c_TipoRelacion). */
export const TIPO_RELACION: Record<string, string> = { "01": "Nota de crédito", "03": "Devolución de mercancía" };

/** The invoices a credit note credits, as one line: 'A-1 (116.00), A-2 (50.00)'. */
export const facturasTexto = (row: Pick<NotaCreditoRow, "Facturas">) =>
  row.Facturas.map((f) => `${f.FolioFactura} (${f.Importe})`).join(", ");

/**
 * Where the credit note stands in the ERP: accepted by the reviewer is not yet in the ERP (issue 36), and a memo the
 * ERP refused (or whose retries stopped) says so, with the ERP's words for employees.
 */
export function erpTexto(row: Pick<NotaCreditoRow, "Estatus" | "DocNumERP" | "EstadoERP" | "ErrorERP">): string {
  if (row.DocNumERP !== null) return `Nota de crédito SAP ${row.DocNumERP}`;
  if (row.Estatus !== "A") return "";
  if (row.EstadoERP === "fallido") {
    const error = row.ErrorERP?.trim() ?? "";
    return error ? `Error en ERP: ${error}` : "Error en ERP";
  }
  return "Pendiente en ERP";
}

/**
 * Issue 36: where an accepted credit note stands with the ERP, as employees read an invoice's — 'Nota de crédito
 * SAP {DocNumERP}', 'Pendiente en ERP' (with why it waits, when it does) or 'Error en ERP' with the ERP's message
 * (the server sends the message to employees only) — and whether 'Reintentar' applies. Null when it has none (not
 * accepted).
 */
export function estadoErpNota(
  row: Pick<NotaCreditoRow, "Estatus" | "DocNumERP" | "EstadoERP" | "ErrorERP">,
): EstadoErpMostrado | null {
  // A server without EstadoERP: what DocNumERP says.
  const estadoErpFila = row.EstadoERP ?? (row.DocNumERP !== null ? "creada" : row.Estatus === "A" ? "pendiente" : "");
  const estado = estadoErp({
    EstatusFactura: row.Estatus,
    EstadoERP: estadoErpFila,
    FolioSAP: row.DocNumERP,
    ErrorERP: row.ErrorERP ?? "",
    EnviadoERP: null,
  });
  if (estado?.estado !== "creada") return estado;
  return { ...estado, etiqueta: row.DocNumERP === null ? "Registrada en ERP" : `Nota de crédito SAP ${row.DocNumERP}` };
}

/** The POST body of notasCreditoPendientes/reintentarErp (issue 36). */
export const buildErpRetryNota = (
  operator: Operator,
  row: Pick<NotaCreditoRow, "IdNotaCredito">,
): ReintentarErpNotaCreditoRequest => ({
  usuario: operator.id,
  id: operator.id,
  operador: operator.operador,
  NotaCredito: row.IdNotaCredito,
});

/** The Reintentar button's accessible name: which credit note it sends to the ERP. */
export const etiquetaReintentarErpNota = (folio: string) => `Reintentar en el ERP la nota de crédito ${folio}`;

/** The credit notes' review as the shared review kit reads it. */
export const REVISION_NOTAS_CREDITO: RevisionConfig<NotaCreditoRow, EstatusRevisionFactura> = {
  options: OPCIONES_REVISION,
  rowKey: (row) => String(row.IdNotaCredito),
  storedStatus: (row) => row.Estatus,
  storedComment: (row) => row.Comentarios,
  isAwaitingReview: (row) => row.Estatus === "P",
};

/** The PATCH body: one entry per checked row; rejections without a comment are refused here. */
export function buildRevisionNotas(
  operator: Operator,
  rows: readonly NotaCreditoRow[],
  edits: RowEdits,
): RevisionResultado<RevisionNotaCredito> {
  return buildRevisionRows(
    REVISION_NOTAS_CREDITO,
    rows,
    edits,
    (row, { Estatus, Comentarios }): RevisionNotaCredito => ({
      usuario: operator.id,
      id: operator.id,
      operador: operator.operador,
      NotaCredito: row.IdNotaCredito,
      Comentarios,
      Estatus,
      Version: row.Version,
    }),
    (row) => REVISION_MSG.notaCredito.sinComentario(row.FolioNotaCredito),
  );
}
