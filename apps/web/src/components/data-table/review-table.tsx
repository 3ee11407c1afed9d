import { Button, Checkbox, Group, SegmentedControl, Select, Textarea } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import type { RowData } from "@tanstack/react-table";
import { type ReactNode, useMemo } from "react";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../lib/constants";
import { useListSearch } from "../../lib/list-search";
import { DataTable } from "./data-table";
import type { DataTableColumn, RowEdits } from "./data-table-logic";
import { CambiosSinEnviarModal, ConfirmacionRevision } from "./review-dialogs";
import {
  COLUMNA_REVISION,
  FILTRO_REVISION,
  filasDelFiltro,
  filtroRevision,
  isRevisionBlocked,
  OPCIONES_FILTRO_REVISION,
  type RevisionConfig,
  type RevisionResultado,
} from "./review-logic";
import { useReviewState } from "./use-review-state";

/**
 * The review kit's React half (spec §2 /Facturas-Pendientes, /Pagos-Pendientes; §4; §8): the three editable
 * columns and the table with its 'Agregar', confirmation dialog, 2 s message and reload.
 */

/**
 * The status selector (default the stored status), the Revisado checkbox and the Comentarios text area (default
 * the stored comment). Rows that cannot be reviewed (`isRevisable`) keep the three editors disabled.
 */
export function columnasRevision<Row, Estatus extends string>(
  config: RevisionConfig<Row, Estatus>,
): DataTableColumn<Row>[] {
  const isEditable = config.isReviewable;
  return [
    {
      id: COLUMNA_REVISION.estatus,
      header: "Estatus",
      value: config.storedStatus,
      isSearchable: false,
      edit: {
        isEditable,
        render: (_row, editor) => (
          <Select
            aria-label={editor.label}
            data={[...config.options]}
            value={String(editor.value)}
            disabled={editor.isDisabled}
            allowDeselect={false}
            onChange={(value) => {
              if (value) editor.onChange(value);
            }}
            w={140}
            size="xs"
            comboboxProps={{ withinPortal: true }}
          />
        ),
      },
    },
    {
      id: COLUMNA_REVISION.revisado,
      header: "Revisado",
      value: () => false,
      isSearchable: false,
      isSortable: false,
      align: "center",
      edit: {
        isEditable,
        render: (_row, editor) => (
          <Checkbox
            aria-label={editor.label}
            checked={editor.value === true}
            disabled={editor.isDisabled}
            onChange={(event) => editor.onChange(event.currentTarget.checked)}
          />
        ),
      },
    },
    {
      id: COLUMNA_REVISION.comentarios,
      header: "Comentarios",
      value: config.storedComment,
      isSortable: false,
      edit: {
        isEditable,
        render: (_row, editor) => (
          <Textarea
            aria-label={editor.label}
            value={String(editor.value ?? "")}
            disabled={editor.isDisabled}
            onChange={(event) => editor.onChange(event.currentTarget.value)}
            rows={2}
            maxLength={1000}
            size="xs"
            miw={220}
          />
        ),
      },
    },
  ];
}

export interface ReviewTableProps<Row, Estatus extends string, R> {
  /** Accessible name of the table (the screen title). */
  label: string;
  config: RevisionConfig<Row, Estatus>;
  rows: readonly Row[];
  /** Every column, the review columns (`columnasRevision`) included. */
  columns: readonly DataTableColumn<Row>[];
  isLoading: boolean;
  onRefresh: () => void;
  isRefreshing: boolean;
  /** The PATCH body of the checked rows, or the messages that stop it. */
  build: (rows: readonly Row[], edits: RowEdits) => RevisionResultado<R>;
  /** Sends the body; resolves with the server's message. The list is reloaded by the caller's mutation. */
  send: (request: R[]) => Promise<string>;
  isSending: boolean;
  /**
   * The dialog (spec §2): its title, the heading of its list and who each checked row is (issue 23: its folio, or
   * the UUID's last 8 characters, and its supplier); the dialog adds the status it is set to.
   */
  confirmation: {
    title: string;
    heading: string;
    listLabel: string;
    item: (row: Row) => { folio: string; proveedor: string };
  };
  /** Logged when the PATCH fails at network level (spec §8: only logged). */
  errorContext: string;
  emptyText: string;
  renderExpanded?: (row: Row) => ReactNode;
  canExpand?: (row: Row) => boolean;
  /** Issue 40: double-click (or Enter on a focused row) opens the row's detail, as in the documents' lists. */
  onRowOpen?: (row: Row) => void;
}

/**
 * A review list (spec §2, §4, §8): search, 'Recargar', 5/10/15/All rows (default 5), rows already Aceptada
 * locked; 'Agregar' once a row is checked opens the confirmation listing the checked rows, and 'Aceptar' sends
 * them, shows the server's message for 2 s and starts the table again from the reloaded list.
 */
export function ReviewTable<Row extends RowData, Estatus extends string, R>(props: ReviewTableProps<Row, Estatus, R>) {
  const listSearch = useListSearch();
  const { config, rows } = props;
  const review = useReviewState(props);

  // Issue 23: 'Por revisar' (default) or 'Todas', kept in the URL like the rest of the list's state.
  const filtro = filtroRevision(listSearch.value.estado);
  const shownRows = useMemo(() => filasDelFiltro(config, rows, filtro), [config, rows, filtro]);
  const { onFilterChange } = listSearch;
  const changeFilter = (value: string) =>
    onFilterChange?.(filtroRevision(value) === FILTRO_REVISION.todas ? FILTRO_REVISION.todas : undefined);

  return (
    <>
      <DataTable
        listSearch={listSearch}
        label={props.label}
        rows={shownRows}
        columns={props.columns}
        getRowKey={config.rowKey}
        isLoading={props.isLoading}
        onRefresh={props.onRefresh}
        isRefreshing={props.isRefreshing}
        pageSizes={SHORT_PAGE_SIZES}
        defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
        initialSort={{ columnId: "Fila", direction: "asc" }}
        isRowLocked={(row) => isRevisionBlocked(config, row)}
        edits={review.edits}
        onEditsChange={review.onEditsChange}
        renderExpanded={props.renderExpanded}
        canExpand={props.canExpand}
        onRowOpen={props.onRowOpen}
        isCompact
        actions={
          <Group gap="sm" wrap="nowrap">
            <SegmentedControl
              aria-label="Filtro de estatus"
              size="xs"
              value={filtro}
              onChange={changeFilter}
              data={OPCIONES_FILTRO_REVISION.map((o) => ({ value: o.value, label: o.label }))}
            />
            {review.checkedRows.length > 0 ? (
              <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={review.openConfirmation}>
                Agregar
              </Button>
            ) : null}
          </Group>
        }
        emptyText={props.emptyText}
      />
      <ConfirmacionRevision
        isOpen={review.isConfirming}
        config={config}
        checkedRows={review.checkedRows}
        edits={review.edits}
        confirmation={props.confirmation}
        isSending={props.isSending}
        onCancel={review.cancelConfirmation}
        onAccept={() => void review.accept()}
      />
      <CambiosSinEnviarModal isOpen={review.isLeaving} onStay={review.stay} onLeave={review.leave} />
    </>
  );
}
