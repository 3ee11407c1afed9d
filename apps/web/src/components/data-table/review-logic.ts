import type { CellValue, RowEdits } from "./data-table-logic";

/**
 * Pure rules shared by the review lists (spec §2 /Facturas-Pendientes and /Pagos-Pendientes, §4): a status
 * selector, a Revisado checkbox and a Comentarios text area per row, rows already accepted locked. What differs
 * between invoices and payments (the row's key, its stored status and comment, the status codes, which rows may
 * be reviewed at all) is given by a `RevisionConfig`.
 */

/** The editable columns' ids: the table keeps the edits by row key and these ids. */
export const COLUMNA_REVISION = { estatus: "Revision", revisado: "Revisado", comentarios: "Comentarios" } as const;

export interface OpcionEstatus<Estatus extends string> {
  value: Estatus;
  label: string;
}

export interface RevisionConfig<Row, Estatus extends string> {
  /** The selector's choices (spec §2: P, A, R for invoices; P, A, R, V for payments). */
  options: readonly OpcionEstatus<Estatus>[];
  /** The row's key in the table (its edits are kept by it). */
  rowKey: (row: Row) => string;
  /** The stored status as one of the selector's codes. */
  storedStatus: (row: Row) => Estatus;
  /** The stored comment (the Comentarios area starts from it). */
  storedComment: (row: Row) => string;
  /** Rows that may be reviewed at all (default every row); the others keep their editors disabled. */
  isReviewable?: (row: Row) => boolean;
  /**
   * Rows waiting for a decision (issue 23, decision 025): what 'Por revisar' shows and the Home tile counts, by
   * the rule in @portal/contracts the server counts with.
   */
  isAwaitingReview: (row: Row) => boolean;
}

/** Spec §4: rows whose stored status is A (Aceptada) are locked (no edits, no selection). */
export const ESTATUS_BLOQUEADO = "A";

export function isRevisionBlocked<Row, Estatus extends string>(
  config: RevisionConfig<Row, Estatus>,
  row: Row,
): boolean {
  return config.storedStatus(row) === ESTATUS_BLOQUEADO;
}

const edited = <Row, Estatus extends string>(
  config: RevisionConfig<Row, Estatus>,
  edits: RowEdits,
  row: Row,
  columna: string,
): CellValue | undefined => edits[config.rowKey(row)]?.[columna];

/** The rows checked as Revisado, in list order; locked rows and rows that cannot be reviewed never count. */
export function filasMarcadasRevision<Row, Estatus extends string>(
  config: RevisionConfig<Row, Estatus>,
  rows: readonly Row[],
  edits: RowEdits,
): Row[] {
  return rows.filter(
    (row) =>
      !isRevisionBlocked(config, row) &&
      (config.isReviewable?.(row) ?? true) &&
      edited(config, edits, row, COLUMNA_REVISION.revisado) === true,
  );
}

/** The status a row is set to: its edit, or the stored one. */
export function estatusElegidoRevision<Row, Estatus extends string>(
  config: RevisionConfig<Row, Estatus>,
  row: Row,
  edits: RowEdits,
): Estatus {
  const value = edited(config, edits, row, COLUMNA_REVISION.estatus);
  const opcion = config.options.find((o) => o.value === value);
  return opcion ? opcion.value : config.storedStatus(row);
}

/** The comment a row is sent with: its edit, or the stored one. */
export function comentarioElegidoRevision<Row, Estatus extends string>(
  config: RevisionConfig<Row, Estatus>,
  row: Row,
  edits: RowEdits,
): string {
  const value = edited(config, edits, row, COLUMNA_REVISION.comentarios);
  return typeof value === "string" ? value : config.storedComment(row);
}

export type RevisionResultado<R> = { ok: true; request: R[] } | { ok: false; errors: string[] };

/**
 * The checked rows as the PATCH body: one entry per row from `entrada` (given the chosen status and the trimmed
 * comment). Rejections (R) without a comment are refused with `motivoRechazo(row)`, one message per row.
 */
export function buildRevisionRows<Row, Estatus extends string, R>(
  config: RevisionConfig<Row, Estatus>,
  rows: readonly Row[],
  edits: RowEdits,
  entrada: (row: Row, elegido: { Estatus: Estatus; Comentarios: string }) => R,
  motivoRechazo?: (row: Row) => string,
): RevisionResultado<R> {
  const checkedRows = filasMarcadasRevision(config, rows, edits);
  const errors = motivoRechazo
    ? checkedRows
        .filter(
          (row) =>
            estatusElegidoRevision(config, row, edits) === "R" &&
            comentarioElegidoRevision(config, row, edits).trim() === "",
        )
        .map(motivoRechazo)
    : [];
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    request: checkedRows.map((row) =>
      entrada(row, {
        Estatus: estatusElegidoRevision(config, row, edits),
        Comentarios: comentarioElegidoRevision(config, row, edits).trim(),
      }),
    ),
  };
}

/** The review lists' status filter (issue 23), kept in the URL as `estado`: 'Por revisar' by default, or 'Todas'. */
export const FILTRO_REVISION = { porRevisar: "por-revisar", todas: "todas" } as const;
export type FiltroRevision = (typeof FILTRO_REVISION)[keyof typeof FILTRO_REVISION];
export const OPCIONES_FILTRO_REVISION: readonly { value: FiltroRevision; label: string }[] = [
  { value: FILTRO_REVISION.porRevisar, label: "Por revisar" },
  { value: FILTRO_REVISION.todas, label: "Todas" },
];

/** The filter the URL's `estado` names; anything else is the default, 'Por revisar'. */
export const filtroRevision = (estado: unknown): FiltroRevision =>
  estado === FILTRO_REVISION.todas ? FILTRO_REVISION.todas : FILTRO_REVISION.porRevisar;

/**
 * The rows a filter shows: 'Por revisar' only the rows waiting for a decision (exactly what the Home tile counts);
 * 'Todas' every row, those waiting for a decision first and then the decided ones (locked when accepted), each
 * group in the list's order.
 */
export function filasDelFiltro<Row, Estatus extends string>(
  config: RevisionConfig<Row, Estatus>,
  rows: readonly Row[],
  filtro: FiltroRevision,
): Row[] {
  const porRevisar = rows.filter((row) => config.isAwaitingReview(row));
  if (filtro === FILTRO_REVISION.porRevisar) return porRevisar;
  return [...porRevisar, ...rows.filter((row) => !config.isAwaitingReview(row))];
}

/**
 * Issue 23: a row whose status or comment the reviewer changes is marked Revisado, so the decision is sent and
 * never silently lost. `next` is the table's edits after one change; the rows whose status or comment differ from
 * `previous` get Revisado ticked (the reviewer may untick it again).
 */
export function markReviewedOnEdit(previous: RowEdits, next: RowEdits): RowEdits {
  let result = next;
  for (const [key, cells] of Object.entries(next)) {
    const before = previous[key];
    const changed =
      cells[COLUMNA_REVISION.estatus] !== before?.[COLUMNA_REVISION.estatus] ||
      cells[COLUMNA_REVISION.comentarios] !== before?.[COLUMNA_REVISION.comentarios];
    if (changed && cells[COLUMNA_REVISION.revisado] !== true) {
      result = { ...result, [key]: { ...cells, [COLUMNA_REVISION.revisado]: true } };
    }
  }
  return result;
}

/**
 * The rows with decisions not sent yet: reviewable, not locked, and ticked Revisado or with a status or comment
 * other than the stored one. Leaving the page, or letting the session expire, would lose them.
 */
export function filasSinEnviar<Row, Estatus extends string>(
  config: RevisionConfig<Row, Estatus>,
  rows: readonly Row[],
  edits: RowEdits,
): Row[] {
  return rows.filter((row) => {
    if (isRevisionBlocked(config, row) || !(config.isReviewable?.(row) ?? true)) return false;
    if (edits[config.rowKey(row)] === undefined) return false;
    return (
      edited(config, edits, row, COLUMNA_REVISION.revisado) === true ||
      estatusElegidoRevision(config, row, edits) !== config.storedStatus(row) ||
      comentarioElegidoRevision(config, row, edits) !== config.storedComment(row)
    );
  });
}

/** The confirmation's name of a document: its folio, or the UUID's last 8 characters when it has none ('S/F'). */
export function folioVisible(folio: string | number | null | undefined, uuid: string | null | undefined): string {
  const texto = folio === null || folio === undefined ? "" : String(folio).trim();
  if (texto !== "" && texto.toUpperCase() !== "S/F") return texto;
  const limpio = (uuid ?? "").trim();
  return limpio ? `UUID …${limpio.slice(-8)}` : "S/F";
}

/** The sentence a reviewer is asked before leaving a list (or a session) with decisions not sent. */
export const MENSAJE_CAMBIOS_SIN_ENVIAR =
  "Tiene cambios sin enviar. Si sale de esta página, los cambios se perderán. ¿Desea salir de todos modos?";
