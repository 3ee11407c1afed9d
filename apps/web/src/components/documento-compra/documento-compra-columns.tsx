import { Badge } from "@mantine/core";
import { describeMetodoPago, describeUsoCfdi } from "@portal/cfdi";
import type { ReactNode } from "react";
import { CodeTooltip } from "../code-tooltip";
import {
  amountColumn,
  type DataTableColumn,
  dateColumn,
  formaPagoColumn,
  metodoPagoColumn,
  nameColumn,
  rowNumberColumn,
  usoPrincipalColumn,
} from "../data-table";
import classes from "./documento-compra.module.css";
import { type DocumentoCompra, ESTATUS_ABIERTO, estatusDocumentoLabel, metodoPagoDe } from "./documento-compra-logic";

/** Status as a badge: open documents stand out, closed ones recede. */
export function EstatusDocumentoBadge({ docStatus }: { docStatus: string }): ReactNode {
  return (
    <Badge
      variant="light"
      color={docStatus === ESTATUS_ABIERTO ? "teal" : "gray"}
      radius="sm"
      tt="none"
      className={classes.badge}
    >
      {estatusDocumentoLabel(docStatus)}
    </Badge>
  );
}

/** A SAT code with its official description on hover (spec §2: "Tooltips decode main use, method and form"). */
export const UsoPrincipal = ({ code }: { code: string }) => (
  <CodeTooltip label={describeUsoCfdi(code)}>{code}</CodeTooltip>
);
export const MetodoPago = ({ code }: { code: string }) => (
  <CodeTooltip label={describeMetodoPago(code)}>{code}</CodeTooltip>
);

interface ColumnasOptions<Row extends DocumentoCompra> {
  /** The document numbers, after the supplier: the order number, or the receipt and its order. */
  numeros: readonly DataTableColumn<Row>[];
  /** Header of DocDueDate: the agreed delivery date of an order, the due date of a receipt. */
  fechaVencimiento: string;
}

/**
 * List columns shared by /Pedidos and /Entradas-Mercancia (spec §2): #, company, supplier, the document
 * numbers, status, date, due date, credit days, main use, payment method, payment form and total with
 * currency. Every column with a value is searched (as shown) and sortable. Call it once at module level:
 * the table builds its search index per columns array.
 */
export function columnasDocumentoCompra<Row extends DocumentoCompra>({
  numeros,
  fechaVencimiento,
}: ColumnasOptions<Row>): readonly DataTableColumn<Row>[] {
  return [
    rowNumberColumn(),
    // Names break into lines rather than push the total out of view, but never into a narrow column.
    nameColumn({ id: "U_SYS_PMSNBD", header: "Sociedad", value: (row) => row.U_SYS_PMSNBD, className: classes.name }),
    nameColumn({ id: "CardName", header: "Proveedor", value: (row) => row.CardName, className: classes.name }),
    ...numeros,
    {
      id: "DocStatus",
      header: "Estatus",
      value: (row) => estatusDocumentoLabel(row.DocStatus),
      cell: (row) => <EstatusDocumentoBadge docStatus={row.DocStatus} />,
    },
    dateColumn({ id: "DocDate", header: "Fecha", value: (row) => row.DocDate }),
    dateColumn({
      id: "DocDueDate",
      header: fechaVencimiento,
      value: (row) => row.DocDueDate,
      isHeaderWrapped: true,
    }),
    {
      id: "GroupNum",
      header: "Días de crédito",
      value: (row) => row.GroupNum,
      align: "right",
      isHeaderWrapped: true,
    },
    usoPrincipalColumn("U_B1SYS_MainUsage", (row) => row.U_B1SYS_MainUsage),
    metodoPagoColumn("MetodoPago", metodoPagoDe),
    formaPagoColumn("PeyMethod", (row) => row.PeyMethod),
    // Searched as displayed ("47,820.76 MXN" or "47820.76"), sorted by currency then amount, exported as a number.
    amountColumn({ id: "DocTotal", header: "Total", money: (row) => ({ amount: row.DocTotal, currency: row.DocCur }) }),
  ];
}
