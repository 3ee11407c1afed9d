import { Button } from "@mantine/core";
import type { ComplementosAtrasadosRow } from "@portal/contracts";
import {
  amountColumn,
  type DataTableColumn,
  dateColumn,
  nameColumn,
  rowNumberColumn,
} from "../../../components/data-table";
import { RetenerPagosBadge } from "../../../components/retener-pagos";
import { importesTexto, type PagoAtrasadoFila } from "../atrasados-logic";

const siNo = (flag: "Y" | "N") => (flag === "Y" ? "Sí" : "No");

/** 'Pagos atrasados' (issue 27): one row per overdue payment; 'Exportar' writes these columns. */
export const PAGOS_ATRASADOS_COLUMNS: readonly DataTableColumn<PagoAtrasadoFila>[] = [
  rowNumberColumn(),
  nameColumn({ id: "CardName", header: "Proveedor", value: (row) => row.CardName }),
  { id: "RFC", header: "RFC", value: (row) => row.RFC, isNoWrap: true },
  nameColumn({ id: "NomSociedad", header: "Sociedad", value: (row) => row.NomSociedad }),
  { id: "DocNum", header: "Pago", value: (row) => row.DocNum, align: "right" },
  dateColumn({ id: "DocDate", header: "Fecha del pago", value: (row) => row.DocDate }),
  amountColumn({ id: "DocTotal", header: "Importe", money: (row) => ({ amount: row.DocTotal, currency: row.DocCur }) }),
  dateColumn({ id: "FechaLimite", header: "Fecha límite", value: (row) => row.FechaLimite }),
  { id: "DiasAtraso", header: "Días de atraso", value: (row) => row.DiasAtraso, align: "right" },
  { id: "EstatusComplemento", header: "Estatus del complemento", value: (row) => row.EstatusComplemento },
  { id: "RetenerPagos", header: "Retener pagos", value: (row) => siNo(row.RetenerPagos) },
];

/**
 * 'Por proveedor' (issue 27): each supplier with its overdue payments' count and totals by currency, its flag and
 * the button that sets or clears it.
 */
export function proveedoresAtrasadosColumns(
  onToggle: (row: ComplementosAtrasadosRow) => void,
  isSaving: boolean,
): DataTableColumn<ComplementosAtrasadosRow>[] {
  return [
    rowNumberColumn(),
    {
      id: "CardName",
      header: "Proveedor",
      value: (row) => row.CardName,
      cell: (row) => (
        <>
          {row.CardName} {row.RetenerPagos === "Y" ? <RetenerPagosBadge /> : null}
        </>
      ),
    },
    { id: "RFC", header: "RFC", value: (row) => row.RFC, isNoWrap: true },
    { id: "Pagos", header: "Pagos atrasados", value: (row) => row.Pagos.length, align: "right" },
    { id: "Importes", header: "Importe", value: (row) => importesTexto(row.Importes), isNoWrap: true },
    { id: "RetenerPagos", header: "Retener pagos", value: (row) => siNo(row.RetenerPagos) },
    {
      id: "Accion",
      header: "Acción",
      cell: (row) => (
        <Button size="xs" variant="light" disabled={isSaving} onClick={() => onToggle(row)}>
          {row.RetenerPagos === "Y" ? "Quitar retención" : "Retener pagos"}
        </Button>
      ),
    },
  ];
}
