import { Text } from "@mantine/core";
import { describeFormaPago, describeMetodoPago, describeUsoCfdi } from "@portal/cfdi";
import { IconFileCode, IconPhoto } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { CodeTooltip } from "../code-tooltip";
import classes from "../document-text.module.css";
import { OpenFileButton } from "../open-file-button";
import { type DataTableColumn, formatMoney, type Money, moneyColumn } from "./data-table-logic";

/**
 * Column helpers for the cells the lists repeat (issue 26): the row number, names, UUIDs, amounts, SAT codes with
 * their description and stored files. Each returns a plain `DataTableColumn`; what the caller adds (width,
 * alignment, a wrapped header…) is kept, the helper's defaults yield to it.
 */

/** A column's settings, without what the helper derives. */
type ColumnSettings<Row, Derived extends keyof DataTableColumn<Row>> = Omit<DataTableColumn<Row>, Derived>;

/** '#': the row's number as the API counts it (spec §2). */
export function rowNumberColumn<Row extends { Fila: number }>(): DataTableColumn<Row> {
  return { id: "Fila", header: "#", value: (row) => row.Fila, width: 64 };
}

/** A name (company, supplier): it may break into lines, never into a narrow column. */
export function nameColumn<Row>(
  column: ColumnSettings<Row, "value" | "cell"> & { value: (row: Row) => string; className?: string },
): DataTableColumn<Row> {
  const { value, className = classes.name, ...settings } = column;
  return { ...settings, value, cell: (row) => <span className={className}>{value(row)}</span> };
}

/** A CFDI's UUID, in small monospace figures. */
export function uuidColumn<Row>(
  column: ColumnSettings<Row, "value" | "cell" | "header"> & { value: (row: Row) => string; header?: string },
): DataTableColumn<Row> {
  const { value, header = "UUID", ...settings } = column;
  return { ...settings, header, value, cell: (row) => <span className={classes.uuid}>{value(row)}</span> };
}

/**
 * An amount and its currency (a `moneyColumn`: sorted by currency then amount, exported as a number) shown
 * "3,327.01 MXN" in tabular figures.
 */
export function amountColumn<Row>(
  column: ColumnSettings<Row, "kind" | "value" | "sortValue" | "money" | "cell"> & {
    money: (row: Row) => Money;
    className?: string;
  },
): DataTableColumn<Row> {
  const { className = classes.amount, ...settings } = column;
  return moneyColumn({
    ...settings,
    cell: (row) => <span className={className}>{formatMoney(column.money(row))}</span>,
  });
}

/** A SAT code with its description on hover, focus or long touch (spec §9 delays; `CodeTooltip`). */
export function codeColumn<Row>(
  column: ColumnSettings<Row, "value" | "cell"> & {
    value: (row: Row) => string;
    describe: (code: string) => ReactNode;
  },
): DataTableColumn<Row> {
  const { value, describe, ...settings } = column;
  return {
    ...settings,
    value,
    cell: (row) => {
      const code = value(row);
      return <CodeTooltip label={describe(code)}>{code}</CodeTooltip>;
    },
  };
}

/** 'Forma de pago' (c_FormaPago) with its description (spec §2: "Tooltips decode main use, method and form"). */
export const formaPagoColumn = <Row,>(id: string, value: (row: Row) => string): DataTableColumn<Row> =>
  codeColumn({ id, header: "Forma de pago", isHeaderWrapped: true, value, describe: describeFormaPago });

/** 'Uso principal' (c_UsoCFDI) with its description. */
export const usoPrincipalColumn = <Row,>(id: string, value: (row: Row) => string): DataTableColumn<Row> =>
  codeColumn({ id, header: "Uso principal", isHeaderWrapped: true, value, describe: describeUsoCfdi });

/** 'Método de pago' (c_MetodoPago) with its description. */
export const metodoPagoColumn = <Row,>(id: string, value: (row: Row) => string): DataTableColumn<Row> =>
  codeColumn({ id, header: "Método de pago", isHeaderWrapped: true, value, describe: describeMetodoPago });

/** How a stored file opens: the content type the new window shows it as ('' keeps the server's) and its icon. */
const FILE_FORMATS = {
  pdf: { type: "application/pdf", icon: undefined },
  xml: { type: "text/xml", icon: <IconFileCode size={16} aria-hidden /> },
  image: { type: "", icon: <IconPhoto size={16} aria-hidden /> },
} as const;

/**
 * A stored file's 'Visualizar' button (spec §2), only when the row has the file; otherwise the cell is empty, or
 * shows `missingText`. Not searched, sorted or exported.
 */
export function fileColumn<Row>(
  column: ColumnSettings<Row, "value" | "sortValue" | "cell"> & {
    /** The download URL (/api/archivos/{id}); '' when the file is missing. */
    url: (row: Row) => string;
    format?: keyof typeof FILE_FORMATS;
    /** Names the button 'Visualizar {fileLabel}' where a row has several; without it, 'Visualizar'. */
    fileLabel?: string;
    missingText?: string;
  },
): DataTableColumn<Row> {
  const { url, format = "pdf", fileLabel, missingText, ...settings } = column;
  const { type, icon } = FILE_FORMATS[format];
  return {
    ...settings,
    cell: (row) => {
      const href = url(row);
      if (href) {
        return (
          <OpenFileButton
            url={href}
            type={type}
            icon={icon}
            aria-label={fileLabel ? `Visualizar ${fileLabel}` : undefined}
          />
        );
      }
      return missingText ? (
        <Text size="sm" c="dimmed">
          {missingText}
        </Text>
      ) : null;
    },
  };
}
