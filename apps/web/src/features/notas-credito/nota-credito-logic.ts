import { describeTipoRelacion, formatAmount } from "@portal/cfdi";
import {
  type EstatusRevisionFactura,
  type NotaCreditoRow,
  REVISION_MSG,
  type ReintentarErpNotaCreditoRequest,
  type RelacionNotaCredito,
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

/**
 * Short names of the TipoRelacion (c_TipoRelacion) a credit note carries: 01, 03 and 07 credit the invoices they
 * relate (issue 39), 04 substitutes an earlier CFDI. Any other code reads as the SAT's catalogue names it.
 */
export const TIPO_RELACION: Record<string, string> = {
  "01": "Nota de crédito",
  "03": "Devolución de mercancía",
  "04": "Sustitución",
  "07": "Aplicación de anticipo",
};

/** '07 Aplicación de anticipo': the code and its name (the SAT catalogue's for codes without a short one). */
export const relationLabel = (tipo: string): string => {
  const nombre = TIPO_RELACION[tipo] ?? describeTipoRelacion(tipo);
  return nombre === undefined ? tipo : `${tipo} ${nombre}`;
};

/**
 * Issue 39: the note's relation groups, each with its type, as the server sends them; a server before them sends
 * one type, which then stands for every invoice of the note.
 */
export const relationGroupsOf = (
  row: Pick<NotaCreditoRow, "TipoRelacion" | "Relaciones" | "Facturas">,
): RelacionNotaCredito[] =>
  row.Relaciones ?? [{ TipoRelacion: row.TipoRelacion, UUIDs: row.Facturas.map((f) => f.UUID.toUpperCase()) }];

/**
 * Issue 39: each relation group on its own — '01 Nota de crédito: A-1, A-2' — an invoice of the note by its folio,
 * any other related CFDI by its UUID.
 */
export function relationLines(row: Pick<NotaCreditoRow, "TipoRelacion" | "Relaciones" | "Facturas">): string[] {
  const folios = new Map(row.Facturas.map((f) => [f.UUID.toUpperCase(), f.FolioFactura]));
  return relationGroupsOf(row).map(
    (g) => `${relationLabel(g.TipoRelacion)}: ${g.UUIDs.map((u) => folios.get(u.toUpperCase()) ?? u).join(", ")}`,
  );
}

/** The relation groups as one line (the list's search and export): '01 Nota de crédito: A-1 · 03 …: A-2'. */
export const relationsText = (row: Pick<NotaCreditoRow, "TipoRelacion" | "Relaciones" | "Facturas">): string =>
  relationLines(row).join(" · ");

/** Issue 39: the types by which the note relates one of its invoices ('01 Nota de crédito'), '' when none says. */
export function relationsOfFactura(
  row: Pick<NotaCreditoRow, "TipoRelacion" | "Relaciones" | "Facturas">,
  idFactura: number,
): string {
  const uuid = row.Facturas.find((f) => f.IdFactura === idFactura)?.UUID.toUpperCase();
  if (uuid === undefined) return "";
  const tipos = relationGroupsOf(row)
    .filter((g) => g.UUIDs.some((u) => u.toUpperCase() === uuid))
    .map((g) => relationLabel(g.TipoRelacion));
  return [...new Set(tipos)].join(" · ");
}

/** The invoices a credit note credits, as one line: 'A-1 (116.00), A-2 (50.00)'. */
export const facturasTexto = (row: Pick<NotaCreditoRow, "Facturas" | "Moneda">) =>
  row.Facturas.map((f) => `${f.FolioFactura} (${formatAmount(f.Importe)} ${row.Moneda})`).join(", ");

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
