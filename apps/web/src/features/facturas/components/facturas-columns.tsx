import { Badge, Stack } from "@mantine/core";
import type { FacturaRow } from "@portal/contracts";
import { IconFileCode, IconPhoto } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { type DataTableColumn, dateColumn, moneyColumn } from "../../../components/data-table";
import { FormaPago, formatImporte, MetodoPago, UsoPrincipal } from "../../../components/documento-compra";
import { EstadoSatBadges, textoSat } from "../../../components/estado-sat";
import { OpenFileButton } from "../../../components/open-file-button";
import { COLOR_ESTATUS, estatusMostrado } from "../factura-logic";
import classes from "./facturas.module.css";

/** The status as shown in the list (spec §2: 'Pagada' when paid, otherwise the invoice status). */
export function EstatusFacturaBadge({ estatus }: { estatus: keyof typeof COLOR_ESTATUS }) {
  return (
    <Badge variant="light" color={COLOR_ESTATUS[estatus]} radius="sm" tt="none">
      {estatus}
    </Badge>
  );
}

/** A stored file's 'Visualizar' button, only when the file is present (spec §2). */
const archivo = (url: string, nombre: string, type: string, icon?: ReactNode) =>
  url ? <OpenFileButton url={url} type={type} icon={icon} aria-label={`Visualizar ${nombre}`} /> : null;

/**
 * /MisFacturas columns (spec §2): row number, sociedad, provider name, folio, issuer RFC, UUID, entrada, date,
 * total plus currency, payment form, main use and payment method (each with the SAT description on hover),
 * payment attempt, PDF, XML and Recepción ('Visualizar' only when present) and status.
 */
export const FACTURAS_COLUMNS: readonly DataTableColumn<FacturaRow>[] = [
  { id: "Fila", header: "#", value: (row) => row.Fila, width: 64 },
  {
    id: "NomSociedad",
    header: "Sociedad",
    value: (row) => row.NomSociedad,
    cell: (row) => <span className={classes.name}>{row.NomSociedad}</span>,
  },
  {
    id: "CardName",
    header: "Proveedor",
    value: (row) => row.CardName,
    cell: (row) => <span className={classes.name}>{row.CardName}</span>,
  },
  { id: "FolioFactura", header: "Folio", value: (row) => row.FolioFactura, isNoWrap: true },
  { id: "RFC", header: "RFC emisor", value: (row) => row.RFC, isNoWrap: true, isHeaderWrapped: true },
  {
    id: "UUID",
    header: "UUID",
    value: (row) => row.UUID,
    cell: (row) => <span className={classes.uuid}>{row.UUID}</span>,
  },
  { id: "Entrada", header: "Entrada", value: (row) => row.Entrada, align: "right" },
  dateColumn({ id: "FechaFactura", header: "Fecha", value: (row) => row.FechaFactura }),
  moneyColumn({
    id: "Total",
    header: "Total",
    money: (row) => ({ amount: row.Total, currency: row.DocCur }),
    cell: (row) => <span className={classes.amount}>{formatImporte(row.Total, row.DocCur)}</span>,
  }),
  {
    id: "FormaPago",
    header: "Forma de pago",
    isHeaderWrapped: true,
    value: (row) => row.FormaPago,
    cell: (row) => <FormaPago code={row.FormaPago} />,
  },
  {
    id: "UsoPrincipal",
    header: "Uso principal",
    isHeaderWrapped: true,
    value: (row) => row.UsoPrincipal,
    cell: (row) => <UsoPrincipal code={row.UsoPrincipal} />,
  },
  {
    id: "MetodoPago",
    header: "Método de pago",
    isHeaderWrapped: true,
    value: (row) => row.MetodoPago,
    cell: (row) => <MetodoPago code={row.MetodoPago} />,
  },
  dateColumn({
    id: "TentativaPago",
    header: "Tentativa de pago",
    isHeaderWrapped: true,
    value: (row) => row.TentativaPago,
  }),
  { id: "PDF", header: "PDF", cell: (row) => archivo(row.PDF, "PDF", "application/pdf") },
  {
    id: "XML",
    header: "XML",
    cell: (row) => archivo(row.XML, "XML", "text/xml", <IconFileCode size={16} aria-hidden />),
  },
  {
    id: "Recepcion",
    header: "Recepción",
    cell: (row) => archivo(row.Recepcion, "Recepción", "", <IconPhoto size={16} aria-hidden />),
  },
  {
    id: "Estatus",
    header: "Estatus",
    // Employees also see the SAT's marks (issue 15): cancelled at the SAT, pending verification, EFOS.
    value: (row) => `${estatusMostrado(row)} ${textoSat(row)}`.trim(),
    sortValue: estatusMostrado,
    cell: (row) => (
      <Stack gap={4} align="flex-start">
        <EstatusFacturaBadge estatus={estatusMostrado(row)} />
        <EstadoSatBadges row={row} />
      </Stack>
    ),
  },
];
