import { Button, Checkbox, Group, List, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import type { FacturaRow } from "@portal/contracts";
import { IconCheck } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { DataTable, type DataTableColumn, type RowEdits } from "../../../components/data-table";
import { isApiError } from "../../../lib/api-client";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import type { Operator } from "../../../lib/list-query";
import { notifyErrorLines, notifyReview } from "../../../lib/notify";
import type { Session } from "../../../lib/session";
import { EstadoErp } from "../../facturas/components/estado-erp";
import { FACTURAS_COLUMNS } from "../../facturas/components/facturas-columns";
import { estadoErp } from "../../facturas/factura-logic";
import { facturasPendientesList, usePatchFacturasPendientes } from "../api";
import {
  COLUMNA,
  claveFila,
  construirRevision,
  estaBloqueada,
  estatusGuardado,
  filasMarcadas,
  OPCIONES_ESTATUS,
} from "../revision-logic";
import { ReintentarErpButton } from "./reintentar-erp-button";

const EMPTY: readonly FacturaRow[] = [];
const NO_EDITS: RowEdits = {};

export const CONFIRMACION_TITULO = "Se cambiara el estado de las facturas seleccionadas, estas seguro?";

/**
 * /Facturas-Pendientes columns (spec §2): the invoice list's columns up to Recepción, then the status selector
 * (default the stored status), the Revisado checkbox and the Comentarios text area (default the stored comment).
 */
export const FACTURAS_PENDIENTES_COLUMNS: readonly DataTableColumn<FacturaRow>[] = [
  ...FACTURAS_COLUMNS.filter((column) => column.id !== "Estatus"),
  {
    id: COLUMNA.estatus,
    header: "Estatus",
    value: estatusGuardado,
    isSearchable: false,
    edit: {
      render: (_row, editor) => (
        <Select
          aria-label={editor.label}
          data={OPCIONES_ESTATUS as { value: string; label: string }[]}
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
    id: COLUMNA.revisado,
    header: "Revisado",
    value: () => false,
    isSearchable: false,
    isSortable: false,
    align: "center",
    edit: {
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
    id: COLUMNA.comentarios,
    header: "Comentarios",
    value: (row) => row.Comentarios,
    isSortable: false,
    edit: {
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

/**
 * 'ERP' (issue 13, after the spec's columns so theirs keep their order): an accepted invoice's state in the ERP —
 * 'Factura SAP {FolioSAP}', 'Pendiente en ERP' or 'Error en ERP' with the ERP's message — and 'Reintentar' while
 * its A/P invoice is not created. Searchable and sortable by the state shown, so 'Error en ERP' finds the
 * invoices to look at. The row stays locked for review: the button is not one of its editors.
 */
export function columnaErp(operator: Operator): DataTableColumn<FacturaRow> {
  return {
    id: "ERP",
    header: "ERP",
    value: (row) => estadoErp(row)?.etiqueta ?? "",
    cell: (row) => {
      const estado = estadoErp(row);
      if (!estado) return null;
      return (
        <EstadoErp
          estado={estado}
          isCompact
          accion={estado.puedeReintentar ? <ReintentarErpButton operator={operator} row={row} /> : null}
        />
      );
    },
  };
}

/**
 * /Facturas-Pendientes (spec §2, §4, §8): search, 'Recargar', 5/10/15/All rows (default 5), rows already
 * Aceptada locked; 'Agregar' once a row is checked opens the confirmation with the folios, and 'Aceptar' sends
 * the checked rows, shows the server's message for 2 s and reloads the list. Accepted rows show their ERP state.
 */
export function FacturasPendientesTable({ session }: { session: Session }) {
  const facturas = facturasPendientesList.useList(session);
  const { id, operador } = session;
  const columns = useMemo(() => [...FACTURAS_PENDIENTES_COLUMNS, columnaErp({ id, operador })], [id, operador]);
  const rows = facturas.data ?? EMPTY;
  const [edits, setEdits] = useState<RowEdits>(NO_EDITS);
  const [isConfirming, setIsConfirming] = useState(false);
  const patch = usePatchFacturasPendientes();
  const marcadas = filasMarcadas(rows, edits);

  const abrirConfirmacion = () => {
    const revision = construirRevision(session, rows, edits);
    if (!revision.ok) {
      notifyErrorLines(revision.errors);
      return;
    }
    setIsConfirming(true);
  };

  const aceptar = async () => {
    const revision = construirRevision(session, rows, edits);
    if (!revision.ok || revision.request.length === 0) {
      setIsConfirming(false);
      if (!revision.ok) notifyErrorLines(revision.errors);
      return;
    }
    try {
      notifyReview(await patch.mutateAsync(revision.request), true);
    } catch (error) {
      // Spec §8: the server's refusal is shown with every line; a network failure is only logged.
      if (isApiError(error) && error.kind === "http") notifyReview(error.message, false);
      else console.error("No se pudo consumir el servicio patchfactura de facturas pendientes", error);
    } finally {
      setIsConfirming(false);
      // The list reloads with the stored state (spec §8): the table starts again from it.
      setEdits(NO_EDITS);
    }
  };

  return (
    <>
      <DataTable
        label="Facturas pendientes"
        rows={rows}
        columns={columns}
        getRowKey={claveFila}
        isLoading={facturas.isPending && facturas.fetchStatus !== "idle"}
        onRefresh={() => void facturas.refetch()}
        isRefreshing={facturas.isRefetching}
        pageSizes={SHORT_PAGE_SIZES}
        defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
        initialSort={{ columnId: "Fila", direction: "asc" }}
        isRowLocked={estaBloqueada}
        edits={edits}
        onEditsChange={setEdits}
        isCompact
        actions={
          marcadas.length > 0 ? (
            <Button leftSection={<IconCheck size={16} aria-hidden />} onClick={abrirConfirmacion}>
              Agregar
            </Button>
          ) : null
        }
        emptyText="No hay facturas pendientes."
      />
      <Modal
        opened={isConfirming}
        onClose={() => {
          if (!patch.isPending) setIsConfirming(false);
        }}
        title={CONFIRMACION_TITULO}
        centered
      >
        <Stack gap="md">
          <Text size="sm">Folios:</Text>
          <List size="sm" aria-label="Folios seleccionados">
            {marcadas.map((row) => (
              <List.Item key={row.IdFactura}>{row.FolioFactura}</List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={patch.isPending}>
              Cancelar
            </Button>
            <Button onClick={() => void aceptar()} loading={patch.isPending}>
              Aceptar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
