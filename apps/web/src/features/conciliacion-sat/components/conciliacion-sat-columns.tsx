import { Badge, Button } from "@mantine/core";
import type { ConciliacionSatRow } from "@portal/contracts";
import {
  amountColumn,
  type DataTableColumn,
  dateColumn,
  fileColumn,
  nameColumn,
  uuidColumn,
} from "../../../components/data-table";
import { colorDeEtiqueta, type ProveedorConFaltantes } from "../conciliacion-logic";

type Total = { Moneda: string; Cantidad: number; TotalSat: string; TotalPortal: string };
export type ConciliacionSatTotal = Total;

const moneda = (row: ConciliacionSatRow) => row.Moneda ?? "";

/** One received CFDI (issue 43 §4): the SAT's and the portal's view of it, and its label. 'Exportar' writes these. */
export const CONCILIACION_COLUMNS: readonly DataTableColumn<ConciliacionSatRow>[] = [
  nameColumn({ id: "NombreEmisor", header: "Emisor", value: (row) => row.NombreEmisor }),
  { id: "RfcEmisor", header: "RFC", value: (row) => row.RfcEmisor, isNoWrap: true },
  uuidColumn({ id: "UUID", value: (row) => row.UUID }),
  dateColumn({ id: "FechaEmision", header: "Fecha de emisión", value: (row) => row.FechaEmision.slice(0, 10) }),
  amountColumn({
    id: "TotalSat",
    header: "Total SAT",
    money: (row) => ({ amount: row.TotalSat ?? "", currency: moneda(row) }),
  }),
  amountColumn({
    id: "TotalPortal",
    header: "Total portal",
    money: (row) => ({ amount: row.TotalPortal ?? "", currency: moneda(row) }),
  }),
  { id: "EstatusSat", header: "Estatus SAT", value: (row) => row.EstatusSat ?? "No reportado" },
  { id: "EstatusPortal", header: "Estatus portal", value: (row) => row.EstatusPortal ?? "No registrado" },
  { id: "DocEntrySap", header: "Factura SAP", value: (row) => row.DocEntrySap ?? "", align: "right" },
  {
    id: "Etiqueta",
    header: "Conciliación",
    value: (row) => row.Etiqueta,
    cell: (row) => (
      <Badge color={colorDeEtiqueta(row.Etiqueta)} variant="light" style={{ textTransform: "none" }}>
        {row.Etiqueta}
      </Badge>
    ),
  },
  // Decision 075 (amendment 2): the XML the SAT gave, once an administrator downloaded the month's ('Descargar XML').
  fileColumn({ id: "XmlSat", header: "XML del SAT", url: (row) => row.XmlSat ?? "", format: "xml", fileLabel: "XML" }),
];

/** Totals by currency ('Sin moneda' for the SAT's CFDI the portal does not have: its metadata has no currency). */
export const TOTALES_COLUMNS: readonly DataTableColumn<Total>[] = [
  { id: "Moneda", header: "Moneda", value: (row) => row.Moneda },
  { id: "Cantidad", header: "CFDI", value: (row) => row.Cantidad, align: "right" },
  amountColumn({
    id: "TotalSat",
    header: "Total SAT",
    money: (row) => ({ amount: row.TotalSat, currency: currencyOf(row) }),
  }),
  amountColumn({
    id: "TotalPortal",
    header: "Total portal",
    money: (row) => ({ amount: row.TotalPortal, currency: currencyOf(row) }),
  }),
];

const currencyOf = (row: Total) => (/^[A-Z]{3}$/.test(row.Moneda) ? row.Moneda : "");

/** The suppliers with CFDI missing from the portal, each with its 'Avisar al proveedor' button. */
export function faltantesColumns(
  onAvisar: (row: ProveedorConFaltantes) => void,
  isSending: boolean,
): DataTableColumn<ProveedorConFaltantes>[] {
  return [
    nameColumn({ id: "NombreEmisor", header: "Proveedor", value: (row) => row.NombreEmisor }),
    { id: "RfcEmisor", header: "RFC", value: (row) => row.RfcEmisor, isNoWrap: true },
    { id: "Faltantes", header: "CFDI faltantes en el portal", value: (row) => row.Faltantes, align: "right" },
    {
      id: "Accion",
      header: "Acción",
      cell: (row) => (
        <Button
          size="xs"
          variant="light"
          disabled={isSending}
          onClick={() => onAvisar(row)}
          aria-label={`Avisar a ${row.NombreEmisor}`}
        >
          Avisar al proveedor
        </Button>
      ),
    },
  ];
}
