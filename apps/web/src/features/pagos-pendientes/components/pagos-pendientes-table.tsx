import type { PagoPendienteRow } from "@portal/contracts";
import { columnasRevision, type DataTableColumn, folioVisible, ReviewTable } from "../../../components/data-table";
import { withRetenerPagosBadge } from "../../../components/retener-pagos";
import { columna69b } from "../../../components/semaforo-69b";
import type { Session } from "../../../lib/session";
import { PAGO_ON_DEMAND, PAGOS_COLUMNS, renderFacturasDelPago } from "../../pagos/components/pagos-columns";
import { pagosPendientesList, usePatchPagos } from "../api";
import { buildRevisionPagos, REVISION_PAGOS } from "../revision-logic";

const EMPTY: readonly PagoPendienteRow[] = [];

export const CONFIRMACION_TITULO_PAGOS = "Se cambiara el estado de los pagos seleccionados, estas seguro?";

/** The columns that say which payment a row is (issue 23): kept in view beside the review controls. */
const IDENTIFICAN = ["Fila", "DocNum", "CardName", "DocTotal"];
const COLUMNAS_PAGO = PAGOS_COLUMNS as readonly DataTableColumn<PagoPendienteRow>[];

/**
 * /Pagos-Pendientes columns (spec §2): the payment list's columns without its status (the selector replaces it),
 * the status selector (default the stored status), the Revisado checkbox and the Comentarios text area (default
 * the stored comment, U_SYS_PMMERR). Issue 23: the identifying columns (#, payment, supplier, total) come first and
 * the three review controls right after them, as on /Facturas-Pendientes.
 */
export const PAGOS_PENDIENTES_COLUMNS: readonly DataTableColumn<PagoPendienteRow>[] = [
  ...IDENTIFICAN.map((id) => COLUMNAS_PAGO.find((column) => column.id === id))
    .filter((column): column is DataTableColumn<PagoPendienteRow> => column !== undefined)
    // Issue 27: a supplier flagged "retener pagos por complementos atrasados" carries a badge beside its name.
    .map((column) =>
      column.id === "CardName" ? withRetenerPagosBadge(column, (row) => row.RetenerPagos === true) : column,
    ),
  ...columnasRevision(REVISION_PAGOS),
  // Issue 40: the payment's date right after the review controls (in view at 1366 px); the UUID from 'Columnas'.
  ...COLUMNAS_PAGO.filter((column) => column.id === "DocDate"),
  ...COLUMNAS_PAGO.filter(
    (column) => !["EstatusComplemento", "DocDate"].includes(column.id) && !IDENTIFICAN.includes(column.id),
  ).map((column) => (PAGO_ON_DEMAND.includes(column.id) ? { ...column, isHiddenByDefault: true } : column)),
  columna69b<PagoPendienteRow>(),
];

/**
 * /Pagos-Pendientes (spec §2, §4, §8): the shared review table, as /Facturas-Pendientes — 5/10/15/All rows
 * (default 5), rows already Aceptada locked, rows without an uploaded complement not reviewable; 'Agregar' once a
 * row is checked opens the confirmation listing the payments, 'Aceptar' sends them, shows the server's message
 * for 2 s and reloads the list. Rows expand into their 'Factura(s)' like /Pagos.
 */
export function PagosPendientesTable({ session }: { session: Session }) {
  const pagos = pagosPendientesList.useList(session);
  const patch = usePatchPagos();
  return (
    <ReviewTable
      label="Complemento de pagos pendientes"
      config={REVISION_PAGOS}
      rows={pagos.data ?? EMPTY}
      columns={PAGOS_PENDIENTES_COLUMNS}
      isLoading={pagos.isPending && pagos.fetchStatus !== "idle"}
      onRefresh={() => void pagos.refetch()}
      isRefreshing={pagos.isRefetching}
      build={(rows, edits) => buildRevisionPagos(session, rows, edits)}
      send={patch.mutateAsync}
      isSending={patch.isPending}
      confirmation={{
        title: CONFIRMACION_TITULO_PAGOS,
        heading: "Pagos (pago · proveedor · nuevo estatus):",
        listLabel: "Pagos seleccionados",
        item: (row) => ({ folio: `Pago ${folioVisible(row.DocNum, row.U_SYS_PMUUID)}`, proveedor: row.CardName }),
      }}
      errorContext="No se pudo consumir el servicio patchPagos de pagos pendientes"
      emptyText="No hay pagos pendientes."
      renderExpanded={renderFacturasDelPago}
    />
  );
}
