import { Badge, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { PagoDetalle, PagoRow } from "@portal/contracts";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useId } from "react";
import { CodeTooltip } from "../../../components/code-tooltip";
import {
  amountColumn,
  type DataTableColumn,
  dateColumn,
  fileColumn,
  formaPagoColumn,
  nameColumn,
  rowNumberColumn,
  uuidColumn,
} from "../../../components/data-table";
import documentText from "../../../components/document-text.module.css";
import { formatImporte } from "../../../components/documento-compra";
import { EstadoSatBadges, textoSat } from "../../../components/estado-sat";
import {
  COLOR_ESTATUS_COMPLEMENTO,
  COMPLEMENTO_VENCIDO,
  COMPLEMENTO_VENCIDO_EXPLICACION,
  type EstatusComplemento,
  estatusComplemento,
} from "../pago-logic";
import classes from "./pagos.module.css";

/** The complement status (spec §4) as a badge. */
export function EstatusComplementoBadge({ estatus }: { estatus: EstatusComplemento }) {
  return (
    <Badge variant="light" color={COLOR_ESTATUS_COMPLEMENTO[estatus]} radius="sm" tt="none">
      {estatus}
    </Badge>
  );
}

/**
 * Issue 14: the mark of a payment whose complement is overdue, with why on hover, focus or long touch (the
 * code tooltip's delays, spec §9).
 */
export function ComplementoVencidoBadge() {
  return (
    <CodeTooltip label={COMPLEMENTO_VENCIDO_EXPLICACION}>
      <Badge
        variant="filled"
        color="red"
        radius="sm"
        tt="none"
        leftSection={<IconAlertTriangle size={12} aria-hidden />}
      >
        {COMPLEMENTO_VENCIDO}
      </Badge>
    </CodeTooltip>
  );
}

/**
 * The complement status column's text (search and export): the status and the overdue mark so a search for
 * 'vencido' finds it. The reviewer's comment shows in the cell only (issue 23), not in the exported status.
 */
const estatusTexto = (row: PagoRow): string =>
  [estatusComplemento(row), row.ComplementoVencido ? COMPLEMENTO_VENCIDO : "", textoSat(row)].filter(Boolean).join(" ");

/** The reviewer's comment on a rejected or 'Validación' complement (issue 23), under its status. */
export function ComentarioRevision({ row }: { row: PagoRow }) {
  const comentario = row.Comentarios?.trim() ?? "";
  if (comentario === "") return null;
  return (
    <Text size="xs" c="dimmed" className={classes.comentario}>
      Comentarios: {comentario}
    </Text>
  );
}

/**
 * /Pagos columns (spec §2, in its order): number, sociedad, provider, UUID, payment (DocNum), date (stamp date),
 * payment date, payment form, total plus currency, complement date, complement status, and Comprobante, PDF and
 * XML ('Visualizar' only when present).
 */
export const PAGOS_COLUMNS: readonly DataTableColumn<PagoRow>[] = [
  rowNumberColumn(),
  nameColumn({ id: "NomSociedad", header: "Sociedad", value: (row) => row.NomSociedad }),
  nameColumn({ id: "CardName", header: "Proveedor", value: (row) => row.CardName }),
  uuidColumn({ id: "U_SYS_PMUUID", value: (row) => row.U_SYS_PMUUID }),
  { id: "DocNum", header: "Pago", value: (row) => row.DocNum, align: "right" },
  dateColumn({
    id: "U_SYS_PMFECC",
    // Issue 40: the CFDI's stamp date, told apart from the day the supplier uploaded it (U_SYS_PMFECA).
    header: "Fecha de timbrado",
    value: (row) => row.U_SYS_PMFECC,
    isHeaderWrapped: true,
  }),
  dateColumn({
    id: "DocDate",
    header: "Fecha de pago",
    value: (row) => row.DocDate,
    isHeaderWrapped: true,
  }),
  formaPagoColumn("PymntGroup", (row) => row.PymntGroup),
  amountColumn({ id: "DocTotal", header: "Total", money: (row) => ({ amount: row.DocTotal, currency: row.DocCur }) }),
  dateColumn({
    id: "U_SYS_PMFECA",
    header: "Fecha de carga del complemento",
    value: (row) => row.U_SYS_PMFECA,
    isHeaderWrapped: true,
  }),
  {
    id: "EstatusComplemento",
    header: "Estatus del complemento",
    isHeaderWrapped: true,
    value: estatusTexto,
    sortValue: estatusComplemento,
    cell: (row) => (
      <Stack gap={4} align="flex-start">
        <Group gap={6} wrap="nowrap">
          <EstatusComplementoBadge estatus={estatusComplemento(row)} />
          {row.ComplementoVencido ? <ComplementoVencidoBadge /> : null}
          <EstadoSatBadges row={row} />
        </Group>
        <ComentarioRevision row={row} />
      </Stack>
    ),
  },
  fileColumn({ id: "U_SYS_PMCOMC", header: "Comprobante", url: (row) => row.U_SYS_PMCOMC, fileLabel: "Comprobante" }),
  fileColumn({ id: "U_SYS_PMPDFC", header: "PDF", url: (row) => row.U_SYS_PMPDFC, fileLabel: "PDF" }),
  fileColumn({ id: "U_SYS_PMXMLC", header: "XML", url: (row) => row.U_SYS_PMXMLC, format: "xml", fileLabel: "XML" }),
];

/**
 * 'Factura(s)' (spec §2): the invoices a payment settles — Folio SAP, UUID, Código Factura, Fecha and Monto
 * Aplicado (in the payment's currency). The list's row expansion and the detail both show it.
 */
export function FacturasDelPago({ detalle, moneda }: { detalle: readonly PagoDetalle[]; moneda: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={classes.detalle}>
      <Title order={3} fz="sm" c="gray.8" mb="xs" id={titleId}>
        Factura(s)
      </Title>
      <Table.ScrollContainer minWidth={560} tabIndex={0} role="region" aria-label="Factura(s) (desplazable)">
        <Table striped verticalSpacing={6} fz="sm" aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Folio SAP</Table.Th>
              <Table.Th>UUID</Table.Th>
              <Table.Th>Código Factura</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th ta="right">Monto Aplicado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detalle.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5} c="dimmed" ta="center">
                  Sin facturas registradas
                </Table.Td>
              </Table.Tr>
            ) : (
              detalle.map((factura) => (
                <Table.Tr key={`${factura.FolioSAP}-${factura.UUID}`}>
                  <Table.Td>{factura.FolioSAP}</Table.Td>
                  <Table.Td className={documentText.uuid}>{factura.UUID}</Table.Td>
                  <Table.Td>{factura.FolioFactura}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{factura.FechaFactura}</Table.Td>
                  <Table.Td ta="right" className={documentText.amount} style={{ whiteSpace: "nowrap" }}>
                    {formatImporte(factura.Total, moneda)}
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** The list's row expansion (spec §2): its 'Factura(s)'. */
export const renderFacturasDelPago = (row: PagoRow) => <FacturasDelPago detalle={row.Detalle} moneda={row.DocCur} />;

/** Columns that say which payment a row is, then what a person opens the list for (issue 40). */
const PAGO_FIRST = [
  "Fila",
  "NomSociedad",
  "CardName",
  "DocNum",
  "DocDate",
  "DocTotal",
  "EstatusComplemento",
  "U_SYS_PMFECA",
];
/** Hidden until 'Columnas' shows it (the detail shows it too). */
export const PAGO_ON_DEMAND: readonly string[] = ["U_SYS_PMUUID"];

/**
 * /Pagos as it fits a 1366 px laptop (issue 40, decision 063): which payment, its amount, the complement's status
 * and upload date first; then the stamp date, the payment form and the files; the UUID from 'Columnas'. A
 * supplier's own list drops its name. The review list keeps the spec's order (PAGOS_COLUMNS).
 */
export function misPagosColumns(isOwnList: boolean): DataTableColumn<PagoRow>[] {
  const keep = (id: string) => !(isOwnList && id === "CardName");
  const ids = [...PAGO_FIRST, ...PAGOS_COLUMNS.map((column) => column.id).filter((id) => !PAGO_FIRST.includes(id))];
  return ids
    .filter(keep)
    .map((id) => PAGOS_COLUMNS.find((column) => column.id === id))
    .filter((column): column is DataTableColumn<PagoRow> => column !== undefined)
    .map((column) => (PAGO_ON_DEMAND.includes(column.id) ? { ...column, isHiddenByDefault: true } : column));
}
