import { Stack, Text } from "@mantine/core";
import type { NotaCreditoRow } from "@portal/contracts";
import {
  type DataTableColumn,
  dateColumn,
  fileColumn,
  moneyColumn,
  nameColumn,
  rowNumberColumn,
  uuidColumn,
} from "../../../components/data-table";
import { canSeePendientes, isProveedor } from "../../../lib/permissions";
import type { Session } from "../../../lib/session";
import { EstadoErp } from "../../facturas/components/estado-erp";
import {
  ESTATUS_NOTA_CREDITO,
  erpTexto,
  estadoErpNota,
  facturasTexto,
  relationLines,
  relationsText,
} from "../nota-credito-logic";
import { RetryErpNotaButton } from "./reintentar-erp-nota-button";

/** The credit notes' columns (issue 27) but the ERP's: the supplier's list and the review list. */
export const NOTAS_CREDITO_COLUMNS: readonly DataTableColumn<NotaCreditoRow>[] = [
  rowNumberColumn(),
  { id: "Folio", header: "Folio", value: (row) => row.FolioNotaCredito, isNoWrap: true },
  nameColumn({ id: "CardName", header: "Proveedor", value: (row) => row.CardName }),
  nameColumn({ id: "NomSociedad", header: "Razón social", value: (row) => row.NomSociedad }),
  moneyColumn({ id: "Total", header: "Total", money: (row) => ({ amount: row.Total, currency: row.Moneda }) }),
  { id: "Facturas", header: "Facturas (importe)", value: facturasTexto },
  { id: "Estatus", header: "Estatus", value: (row) => ESTATUS_NOTA_CREDITO[row.Estatus] },
  // Issue 39: every relation group with its type (a note with 01 and 03 groups shows both), one per line.
  {
    id: "Tipo",
    header: "Relación",
    value: relationsText,
    cell: (row) => (
      <Stack gap={2}>
        {relationLines(row).map((linea) => (
          <Text key={linea} size="sm">
            {linea}
          </Text>
        ))}
      </Stack>
    ),
  },
  dateColumn({ id: "Fecha", header: "Fecha", value: (row) => row.FechaNotaCredito }),
  uuidColumn({ id: "UUID", value: (row) => row.UUID }),
  fileColumn({ id: "PDF", header: "PDF", url: (row) => row.PDF, format: "pdf", fileLabel: "PDF" }),
  fileColumn({ id: "XML", header: "XML", url: (row) => row.XML, format: "xml", fileLabel: "XML" }),
  { id: "Comentarios", header: "Comentarios", value: (row) => row.Comentarios },
];

/**
 * A credit note's ERP state (issue 36). Employees see it as an invoice's — 'Nota de crédito SAP N', 'Pendiente en
 * ERP' or 'Error en ERP' with the ERP's message — and reviewers get 'Reintentar' while its A/P credit memo is not
 * created; suppliers read 'Nota de crédito SAP N' or 'Pendiente en ERP', never the ERP's messages.
 */
export function ErpNotaCredito({
  session,
  row,
  isCompact = false,
}: {
  session: Session;
  row: NotaCreditoRow;
  isCompact?: boolean;
}) {
  if (isProveedor(session)) return <>{erpTexto(row)}</>;
  const estado = estadoErpNota(row);
  if (!estado) return null;
  return (
    <EstadoErp
      estado={estado}
      isCompact={isCompact}
      accion={
        estado.canRetry && canSeePendientes(session) ? (
          <RetryErpNotaButton operator={{ id: session.id, operador: session.operador }} row={row} />
        ) : null
      }
    />
  );
}

/** The 'ERP' column for this viewer (issue 36): searchable and sortable by the state shown. */
export function columnaErpNota(session: Session): DataTableColumn<NotaCreditoRow> {
  const proveedor = isProveedor(session);
  return {
    id: "ERP",
    header: "ERP",
    value: (row) => (proveedor ? erpTexto(row) : (estadoErpNota(row)?.etiqueta ?? "")),
    isNoWrap: proveedor,
    cell: (row) => <ErpNotaCredito session={session} row={row} isCompact />,
  };
}

/** What a person opens the list for, right after which note it is (issue 40). */
const NOTA_FIRST = ["Fila", "Folio", "CardName", "NomSociedad", "Fecha", "Total", "Estatus", "Facturas"];

/**
 * /Notas-Credito as it fits a 1366 px laptop (issue 40, decision 063): which note, its date, amount, status and
 * invoices first; the UUID from 'Columnas'. A supplier's own list drops its name.
 */
export function misNotasCreditoColumns(isOwnList: boolean): DataTableColumn<NotaCreditoRow>[] {
  const ids = [
    ...NOTA_FIRST,
    ...NOTAS_CREDITO_COLUMNS.map((column) => column.id).filter((id) => !NOTA_FIRST.includes(id)),
  ];
  return ids
    .filter((id) => !(isOwnList && id === "CardName"))
    .map((id) => NOTAS_CREDITO_COLUMNS.find((column) => column.id === id))
    .filter((column): column is DataTableColumn<NotaCreditoRow> => column !== undefined)
    .map((column) => (column.id === "UUID" ? { ...column, isHiddenByDefault: true } : column));
}
