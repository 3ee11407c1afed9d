import { Badge, Stack } from "@mantine/core";
import { type FacturaRow, isFacturaExtranjera } from "@portal/contracts";
import {
  amountColumn,
  type DataTableColumn,
  dateColumn,
  fileColumn,
  formaPagoColumn,
  metodoPagoColumn,
  nameColumn,
  rowNumberColumn,
  usoPrincipalColumn,
  uuidColumn,
} from "../../../components/data-table";
import { EstadoSatBadges, textoSat } from "../../../components/estado-sat";
import { bloqueoPago } from "../bloqueo-pago";
import { COLOR_ESTATUS, entradasDeFila, estatusMostrado, saldoMostrado } from "../factura-logic";
import { BloqueoPagoLinea } from "./bloqueo-pago-linea";
import { EntradaCelda, entradaConParte } from "./lineas-facturadas";

/** The status as shown in the list (spec §2: 'Pagada' when paid, otherwise the invoice status). */
export function EstatusFacturaBadge({ estatus }: { estatus: keyof typeof COLOR_ESTATUS }) {
  return (
    <Badge variant="light" color={COLOR_ESTATUS[estatus]} radius="sm" tt="none">
      {estatus}
    </Badge>
  );
}

/** Issue 40: the one payment date a supplier reads, explained where it is shown. */
/** What the UUID column reads for an invoice without CFDI (a foreign supplier's, decision 073). */
export const SIN_CFDI = "Sin CFDI (extranjera)";

export const FECHA_PROBABLE_PAGO_AYUDA =
  "La fecha de vencimiento en SAP, movida al siguiente día de pago de la sociedad: cuándo se espera pagar la factura aceptada.";

/**
 * /MisFacturas columns (spec §2): row number, sociedad, provider name, folio, issuer RFC, UUID, entrada, date,
 * total plus currency, payment form, main use and payment method (each with the SAT description on hover),
 * payment attempt, PDF, XML and Recepción ('Visualizar' only when present) and status.
 */
export const FACTURAS_COLUMNS: readonly DataTableColumn<FacturaRow>[] = [
  rowNumberColumn(),
  nameColumn({ id: "NomSociedad", header: "Sociedad", value: (row) => row.NomSociedad }),
  nameColumn({ id: "CardName", header: "Proveedor", value: (row) => row.CardName }),
  { id: "FolioFactura", header: "Folio", value: (row) => row.FolioFactura, isNoWrap: true },
  { id: "RFC", header: "RFC emisor", value: (row) => row.RFC, isNoWrap: true, isHeaderWrapped: true },
  // Issue 42 (decision 073): a foreign supplier's invoice has no CFDI; the column says so (its number is the folio).
  uuidColumn({ id: "UUID", value: (row) => (isFacturaExtranjera(row) ? SIN_CFDI : row.UUID) }),
  // Issue 27: every receipt the invoice bills.
  {
    id: "Entrada",
    header: "Entrada",
    // Issue 42: marked when the invoice bills only part of it.
    value: (row) =>
      row.LineasFacturadas && row.LineasFacturadas.length > 0
        ? entradaConParte(row, entradasDeFila(row).join(", "))
        : entradasDeFila(row).length > 1
          ? entradasDeFila(row).join(", ")
          : row.Entrada,
    cell: (row) => <EntradaCelda row={row} />,
    align: "right",
  },
  dateColumn({ id: "FechaFactura", header: "Fecha", value: (row) => row.FechaFactura }),
  amountColumn({ id: "Total", header: "Total", money: (row) => ({ amount: row.Total, currency: row.DocCur }) }),
  // Issue 39 (decision 058): the invoice's balance (total less payments and accepted credit notes), beside its total.
  amountColumn({
    id: "Saldo",
    header: "Saldo",
    money: (row) => ({ amount: saldoMostrado(row)?.saldo ?? row.Total, currency: row.DocCur }),
  }),
  formaPagoColumn("FormaPago", (row) => row.FormaPago),
  usoPrincipalColumn("UsoPrincipal", (row) => row.UsoPrincipal),
  metodoPagoColumn("MetodoPago", (row) => (isFacturaExtranjera(row) ? "" : row.MetodoPago)),
  dateColumn({
    id: "TentativaPago",
    header: "Tentativa de pago",
    isHeaderWrapped: true,
    value: (row) => row.TentativaPago,
  }),
  // Issue 27: when an accepted, unpaid invoice is expected to be paid (the ERP's due date on a payment day).
  dateColumn({
    id: "FechaProbablePago",
    header: "Fecha probable de pago",
    isHeaderWrapped: true,
    headerHint: FECHA_PROBABLE_PAGO_AYUDA,
    value: (row) => row.FechaProbablePago ?? null,
  }),
  fileColumn({ id: "PDF", header: "PDF", url: (row) => row.PDF, fileLabel: "PDF" }),
  fileColumn({ id: "XML", header: "XML", url: (row) => row.XML, format: "xml", fileLabel: "XML" }),
  fileColumn({
    id: "Recepcion",
    header: "Recepción",
    url: (row) => row.Recepcion,
    format: "image",
    fileLabel: "Recepción",
  }),
  {
    id: "Estatus",
    header: "Estatus",
    // Employees also see the SAT's marks (issue 15): cancelled at the SAT, pending verification, EFOS.
    value: (row) => `${estatusMostrado(row)} ${textoSat(row)} ${bloqueoPago(row)?.etiqueta ?? ""}`.trim(),
    sortValue: estatusMostrado,
    cell: (row) => (
      <Stack gap={4} align="flex-start">
        <EstatusFacturaBadge estatus={estatusMostrado(row)} />
        <EstadoSatBadges row={row} />
        <BloqueoPagoLinea row={row} isCompact />
      </Stack>
    ),
  },
];

/** Columns that say which invoice a row is, in /MisFacturas's order; a supplier's own list leaves out its name and RFC. */
const IDENTIFYING = ["Fila", "NomSociedad", "CardName", "RFC", "FolioFactura", "Entrada", "FechaFactura", "Total"];
/** What a person opens the list for, right after them (issue 40). */
const WANTED = ["Saldo", "Estatus", "FechaProbablePago"];
/** Long or technical columns, hidden until 'Columnas' shows them (the detail shows them too). */
export const FACTURAS_ON_DEMAND: readonly string[] = ["UUID", "TentativaPago"];
/** Always the same in a supplier's own list. */
const SUPPLIER_OWN = ["CardName", "RFC"];

/**
 * /MisFacturas as it fits a 1366 px laptop (issue 40, decision 063): the identifying columns, then balance, status
 * and the expected payment date, then the SAT codes and the files; UUID and the spec's 'Tentativa de pago' (the
 * due date before the sociedad's payment days move it) from the 'Columnas' menu. A supplier's own list drops its
 * name and RFC. The review list keeps the spec's order (FACTURAS_COLUMNS).
 */
export function misFacturasColumns(isOwnList: boolean): DataTableColumn<FacturaRow>[] {
  const byId = (id: string) => FACTURAS_COLUMNS.find((column) => column.id === id);
  const first = [...IDENTIFYING, ...WANTED].filter((id) => !(isOwnList && SUPPLIER_OWN.includes(id)));
  const rest = FACTURAS_COLUMNS.map((column) => column.id).filter(
    (id) => !first.includes(id) && !(isOwnList && SUPPLIER_OWN.includes(id)),
  );
  return [...first, ...rest]
    .map(byId)
    .filter((column): column is DataTableColumn<FacturaRow> => column !== undefined)
    .map((column) => (FACTURAS_ON_DEMAND.includes(column.id) ? { ...column, isHiddenByDefault: true } : column));
}
