import { Button, Group } from "@mantine/core";
import type { ComplementosAtrasadosRow } from "@portal/contracts";
import {
  amountColumn,
  type DataTableColumn,
  dateColumn,
  nameColumn,
  rowNumberColumn,
} from "../../../components/data-table";
import { RetenerPagosBadge } from "../../../components/retener-pagos";
import { importeEn, type PagoAtrasadoFila } from "../atrasados-logic";

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

export interface ProveedorActions {
  /** Sets or clears the supplier's flag (the dialog with its comment). */
  onToggle: (row: ComplementosAtrasadosRow) => void;
  isSaving: boolean;
  /** Shows only this supplier's payments below (issue 40). */
  onShowPagos: (row: ComplementosAtrasadosRow) => void;
}

/**
 * 'Por proveedor' (issue 27): each supplier with its overdue payments' count, its total in each of the report's
 * currencies (a money column each, so the export writes numbers: issue 40), its flag with the comment it was set
 * with, and the buttons that show its payments and set or clear the flag.
 */
export function proveedoresAtrasadosColumns(
  monedas: readonly string[],
  { onToggle, isSaving, onShowPagos }: ProveedorActions,
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
    ...monedas.map((moneda) =>
      amountColumn<ComplementosAtrasadosRow>({
        id: `Importe${moneda}`,
        header: `Importe ${moneda}`,
        money: (row) => ({ amount: importeEn(row, moneda), currency: importeEn(row, moneda) ? moneda : "" }),
      }),
    ),
    { id: "RetenerPagos", header: "Retener pagos", value: (row) => siNo(row.RetenerPagos) },
    // Issue 40: the comment typed when the flag was set, which was audited and shown nowhere.
    { id: "RetenerPagosComentario", header: "Motivo de la retención", value: (row) => row.RetenerPagosComentario },
    {
      id: "Accion",
      header: "Acción",
      cell: (row) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="xs"
            variant="subtle"
            onClick={() => onShowPagos(row)}
            aria-label={`Ver los pagos de ${row.CardName}`}
          >
            Ver pagos
          </Button>
          <Button size="xs" variant="light" disabled={isSaving} onClick={() => onToggle(row)}>
            {row.RetenerPagos === "Y" ? "Quitar retención" : "Retener pagos"}
          </Button>
        </Group>
      ),
    },
  ];
}
