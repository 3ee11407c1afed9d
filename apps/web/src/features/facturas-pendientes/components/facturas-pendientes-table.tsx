import { Text } from "@mantine/core";
import type { FacturaRow } from "@portal/contracts";
import { useEffect, useMemo, useState } from "react";
import { columnasRevision, type DataTableColumn, folioVisible, ReviewTable } from "../../../components/data-table";
import { withRetenerPagosBadge } from "../../../components/retener-pagos";
import { columna69b } from "../../../components/semaforo-69b";
import { clock } from "../../../lib/clock";
import type { Operator } from "../../../lib/list-query";
import type { Session } from "../../../lib/session";
import { avisoSustitucion } from "../../facturas/bloqueo-pago";
import { EstadoErp } from "../../facturas/components/estado-erp";
import { FACTURAS_COLUMNS, FACTURAS_ON_DEMAND } from "../../facturas/components/facturas-columns";
import { awaitsErp, estadoErp, msEnviandoErp } from "../../facturas/factura-logic";
import { facturasPendientesList, usePatchFacturasPendientes } from "../api";
import { buildRevision, REVISION_FACTURAS } from "../revision-logic";
import { RetryErpButton } from "./reintentar-erp-button";

const EMPTY: readonly FacturaRow[] = [];

export const CONFIRMACION_TITULO = "Se cambiara el estado de las facturas seleccionadas, estas seguro?";

/**
 * Issue 36 (decision 038): the folio column with, under the folio, the warning of a CFDI that says it replaces an
 * invoice whose payment is blocked (accepting it lifts nothing). Searchable too, so 'bloqueado' finds those rows;
 * sorting stays the folio's.
 */
function withAvisoSustitucion(column: DataTableColumn<FacturaRow>): DataTableColumn<FacturaRow> {
  return {
    ...column,
    // The warning wraps under the folio (a one-line cell would cut it).
    isNoWrap: false,
    value: (row) => [row.FolioFactura, avisoSustitucion(row)].filter(Boolean).join(" "),
    sortValue: (row) => row.FolioFactura,
    cell: (row) => {
      const aviso = avisoSustitucion(row);
      return (
        <>
          {row.FolioFactura}
          {aviso ? (
            <Text size="xs" c="orange.9" fw={500} maw={240} style={{ whiteSpace: "normal" }} data-aviso-sustitucion>
              {aviso}
            </Text>
          ) : null}
        </>
      );
    },
  };
}

/** The columns that say which invoice a row is (issue 23): kept in view beside the review controls. */
const IDENTIFICAN = ["Fila", "FolioFactura", "CardName", "Total"];

/**
 * /Facturas-Pendientes columns (spec §2): the invoice list's columns up to Recepción, the status selector (default
 * the stored status), the Revisado checkbox and the Comentarios text area (default the stored comment). Issue 23:
 * the identifying columns (#, folio, supplier, total) come first and the three review controls right after them,
 * so a reviewer sees which invoice a decision is about at 1366 px without scrolling the table sideways.
 */
export const FACTURAS_PENDIENTES_COLUMNS: readonly DataTableColumn<FacturaRow>[] = [
  ...IDENTIFICAN.map((id) => FACTURAS_COLUMNS.find((column) => column.id === id))
    .filter((column): column is DataTableColumn<FacturaRow> => column !== undefined)
    // Issue 27: a supplier flagged "retener pagos por complementos atrasados" carries a badge beside its name.
    // Issue 36 (decision 038): a CFDI naming a blocked invoice with TipoRelacion 04 carries the warning under its folio.
    .map((column) =>
      column.id === "CardName"
        ? withRetenerPagosBadge(column, (row) => "RetenerPagos" in row && row.RetenerPagos === true)
        : column.id === "FolioFactura"
          ? withAvisoSustitucion(column)
          : column,
    ),
  ...columnasRevision(REVISION_FACTURAS),
  // Issue 40: the CFDI's date right after the review controls, so it is in view at 1366 px.
  ...FACTURAS_COLUMNS.filter((column) => column.id === "FechaFactura"),
  // The expected payment date (issue 27) is the supplier's question, not a reviewer's: left out here. Issue 40:
  // the UUID and the spec's 'Tentativa de pago' come from the 'Columnas' menu (kept in the address).
  ...FACTURAS_COLUMNS.filter(
    (column) =>
      !["Estatus", "FechaProbablePago", "Saldo", "FechaFactura"].includes(column.id) &&
      !IDENTIFICAN.includes(column.id),
  ).map((column) => (FACTURAS_ON_DEMAND.includes(column.id) ? { ...column, isHiddenByDefault: true } : column)),
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
    cell: (row) => <CeldaErp operator={operator} row={row} />,
  };
}

/**
 * The ERP cell (issue 23): 'Enviando al ERP…' during the invoice's first minute with the ERP, then — if the A/P
 * invoice is still not there — 'Pendiente en ERP' with 'Reintentar'. It draws itself again when the minute ends,
 * even if the list's data did not change.
 */
function CeldaErp({ operator, row }: { operator: Operator; row: FacturaRow }) {
  const [, redibujar] = useState(0);
  const restante = msEnviandoErp(row);
  useEffect(() => {
    if (restante <= 0) return;
    const handle = setTimeout(() => redibujar((n) => n + 1), restante + 50);
    return () => clearTimeout(handle);
  }, [restante]);
  const estado = estadoErp(row);
  if (!estado) return null;
  return (
    <EstadoErp
      estado={estado}
      isCompact
      accion={estado.canRetry ? <RetryErpButton operator={operator} row={row} /> : null}
    />
  );
}

/** How often the review list asks again while an accepted invoice waits for its A/P invoice (issue 23). */
export const REFRESCO_ERP_MS = 3_000;
export const REFRESCO_ERP_ATASCADO_MS = 15_000;
/**
 * Every request slides the 10-minute session, so the list stops asking on its own 9 minutes after a job was queued:
 * an unattended screen's session still ends while the ERP is down ('Recargar' asks again).
 */
export const REFRESCO_ERP_LIMITE_MS = 9 * 60_000;

/**
 * The review list's refresh while an ERP job is pending (issue 23): every 3 s during an invoice's first minute, so
 * 'Factura SAP N' appears without a reload; every 15 s while one is stuck past it, up to 9 minutes after it was
 * queued; never when none waits.
 */
export function refrescoErp(rows: readonly FacturaRow[] | undefined, now: Date = clock.now()): number | false {
  const reciente = (row: FacturaRow) => {
    const desde = row.EnviadoERP ? Date.parse(row.EnviadoERP) : Number.NaN;
    return !Number.isNaN(desde) && now.getTime() - desde < REFRESCO_ERP_LIMITE_MS;
  };
  const esperando = (rows ?? []).filter((row) => awaitsErp(row) && reciente(row));
  if (esperando.length === 0) return false;
  return esperando.some((row) => msEnviandoErp(row, now) > 0) ? REFRESCO_ERP_MS : REFRESCO_ERP_ATASCADO_MS;
}

/**
 * /Facturas-Pendientes (spec §2, §4, §8): the shared review table — search, 'Recargar', 5/10/15/All rows
 * (default 5), rows already Aceptada locked; 'Agregar' once a row is checked opens the confirmation with the
 * folios, and 'Aceptar' sends the checked rows, shows the server's message for 2 s and reloads the list.
 * Accepted rows show their ERP state.
 */
export function FacturasPendientesTable({ session }: { session: Session }) {
  const facturas = facturasPendientesList.useList(session, refrescoErp);
  const { id, operador } = session;
  const columns = useMemo(
    () => [...FACTURAS_PENDIENTES_COLUMNS, columna69b<FacturaRow>(), columnaErp({ id, operador })],
    [id, operador],
  );
  const patch = usePatchFacturasPendientes();
  return (
    <ReviewTable
      label="Facturas pendientes"
      config={REVISION_FACTURAS}
      rows={facturas.data ?? EMPTY}
      columns={columns}
      isLoading={facturas.isPending && facturas.fetchStatus !== "idle"}
      onRefresh={() => void facturas.refetch()}
      isRefreshing={facturas.isRefetching}
      build={(rows, edits) => buildRevision(session, rows, edits)}
      send={patch.mutateAsync}
      isSending={patch.isPending}
      confirmation={{
        title: CONFIRMACION_TITULO,
        heading: "Facturas (folio · proveedor · nuevo estatus):",
        listLabel: "Facturas seleccionadas",
        item: (row) => ({ folio: folioVisible(row.FolioFactura, row.UUID), proveedor: row.CardName }),
      }}
      errorContext="No se pudo consumir el servicio patchfactura de facturas pendientes"
      emptyText="No hay facturas pendientes."
    />
  );
}
