import { Button, Checkbox, Group, List, Modal, SegmentedControl, Select, Stack, Text, Textarea } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useBlocker } from "@tanstack/react-router";
import type { RowData } from "@tanstack/react-table";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { isApiError } from "../../lib/api-client";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../lib/constants";
import { useListSearch } from "../../lib/list-search";
import { notifyErrorLines, notifyReview } from "../../lib/notify";
import { session } from "../../lib/session";
import { useRegisterUnsentEdits } from "../../lib/unsent-edits";
import { DataTable } from "./data-table";
import type { DataTableColumn, RowEdits } from "./data-table-logic";
import {
  COLUMNA_REVISION,
  estatusElegidoRevision,
  FILTRO_REVISION,
  filasDelFiltro,
  filasMarcadasRevision,
  filasSinEnviar,
  filtroRevision,
  isRevisionBlocked,
  MENSAJE_CAMBIOS_SIN_ENVIAR,
  markReviewedOnEdit,
  OPCIONES_FILTRO_REVISION,
  type RevisionConfig,
  type RevisionResultado,
} from "./review-logic";

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
  const isEditable = config.isRevisable;
  return [
    {
      id: COLUMNA_REVISION.estatus,
      header: "Estatus",
      value: config.estatusGuardado,
      isSearchable: false,
      edit: {
        isEditable,
        render: (_row, editor) => (
          <Select
            aria-label={editor.label}
            data={[...config.opciones]}
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
      value: config.comentarioGuardado,
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
}

const NO_EDITS: RowEdits = {};

/**
 * A review list (spec §2, §4, §8): search, 'Recargar', 5/10/15/All rows (default 5), rows already Aceptada
 * locked; 'Agregar' once a row is checked opens the confirmation listing the checked rows, and 'Aceptar' sends
 * them, shows the server's message for 2 s and starts the table again from the reloaded list.
 */
export function ReviewTable<Row extends RowData, Estatus extends string, R>(props: ReviewTableProps<Row, Estatus, R>) {
  const listSearch = useListSearch();
  const { config, rows, build, send, isSending, confirmation } = props;
  const [edits, setEdits] = useState<RowEdits>(NO_EDITS);
  const [isConfirming, setIsConfirming] = useState(false);
  const marcadas = filasMarcadasRevision(config, rows, edits);
  const sinEnviar = filasSinEnviar(config, rows, edits).length;
  useRegisterUnsentEdits(sinEnviar);

  // Issue 23: 'Por revisar' (default) or 'Todas', kept in the URL like the rest of the list's state.
  const filtro = filtroRevision(listSearch.value.estado);
  const shownRows = useMemo(() => filasDelFiltro(config, rows, filtro), [config, rows, filtro]);
  const { onFilterChange } = listSearch;
  const changeFilter = (value: string) =>
    onFilterChange?.(filtroRevision(value) === FILTRO_REVISION.todas ? FILTRO_REVISION.todas : undefined);

  // Issue 23: changing a row's status or comment ticks its Revisado, so the decision is sent.
  const onEditsChange = useCallback((next: RowEdits) => setEdits((previous) => markReviewedOnEdit(previous, next)), []);

  // Leaving the list (another screen, a reload, closing the tab) with decisions not sent asks first; the list's own
  // URL updates (search, page, filter) are not leaving, and once the session is gone nothing can be sent anyway.
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && session.peek() !== null,
    enableBeforeUnload: () => sinEnviar > 0,
    disabled: sinEnviar === 0,
    withResolver: true,
  });

  const openConfirmation = () => {
    const revision = build(rows, edits);
    if (!revision.ok) {
      notifyErrorLines(revision.errors);
      return;
    }
    setIsConfirming(true);
  };

  const accept = async () => {
    const revision = build(rows, edits);
    if (!revision.ok || revision.request.length === 0) {
      setIsConfirming(false);
      if (!revision.ok) notifyErrorLines(revision.errors);
      return;
    }
    try {
      notifyReview(await send(revision.request), true);
    } catch (error) {
      // Spec §8: the server's refusal is shown with every line; a network failure is only logged.
      if (isApiError(error) && error.kind === "http") notifyReview(error.message, false);
      else console.error(props.errorContext, error);
    } finally {
      setIsConfirming(false);
      // The list reloads with the stored state (spec §8): the table starts again from it.
      setEdits(NO_EDITS);
    }
  };

  return (
    <>
      <DataTable
        listSearch={listSearch}
        label={props.label}
        rows={shownRows}
        columns={props.columns}
        getRowKey={config.clave}
        isLoading={props.isLoading}
        onRefresh={props.onRefresh}
        isRefreshing={props.isRefreshing}
        pageSizes={SHORT_PAGE_SIZES}
        defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
        initialSort={{ columnId: "Fila", direction: "asc" }}
        isRowLocked={(row) => isRevisionBlocked(config, row)}
        edits={edits}
        onEditsChange={onEditsChange}
        renderExpanded={props.renderExpanded}
        canExpand={props.canExpand}
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
            {marcadas.length > 0 ? (
              <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={openConfirmation}>
                Agregar
              </Button>
            ) : null}
          </Group>
        }
        emptyText={props.emptyText}
      />
      <Modal
        opened={isConfirming}
        onClose={() => {
          if (!isSending) setIsConfirming(false);
        }}
        title={confirmation.title}
        closeButtonProps={{ "aria-label": "Cerrar" }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{confirmation.heading}</Text>
          <List size="sm" aria-label={confirmation.listLabel}>
            {marcadas.map((row) => {
              const { folio, proveedor } = confirmation.item(row);
              const estatus = estatusElegidoRevision(config, row, edits);
              const etiqueta = config.opciones.find((o) => o.value === estatus)?.label ?? estatus;
              return (
                <List.Item key={config.clave(row)}>
                  {folio} · {proveedor} · {etiqueta}
                </List.Item>
              );
            })}
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={isSending}>
              Cancelar
            </Button>
            <Button onClick={() => void accept()} loading={isSending}>
              Aceptar
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={blocker.status === "blocked"}
        onClose={() => blocker.reset?.()}
        title="Cambios sin enviar"
        closeButtonProps={{ "aria-label": "Cerrar" }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{MENSAJE_CAMBIOS_SIN_ENVIAR}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Permanecer en la página
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Salir sin enviar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
