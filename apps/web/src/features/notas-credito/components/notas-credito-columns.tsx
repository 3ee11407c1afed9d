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
import { ESTATUS_NOTA_CREDITO, erpTexto, facturasTexto, TIPO_RELACION } from "../nota-credito-logic";

/** The credit notes' columns (issue 27): the supplier's list, the review list and the invoice detail's section. */
export const NOTAS_CREDITO_COLUMNS: readonly DataTableColumn<NotaCreditoRow>[] = [
  rowNumberColumn(),
  { id: "Folio", header: "Folio", value: (row) => row.FolioNotaCredito, isNoWrap: true },
  nameColumn({ id: "CardName", header: "Proveedor", value: (row) => row.CardName }),
  nameColumn({ id: "NomSociedad", header: "Razón social", value: (row) => row.NomSociedad }),
  moneyColumn({ id: "Total", header: "Total", money: (row) => ({ amount: row.Total, currency: row.Moneda }) }),
  { id: "Facturas", header: "Facturas (importe)", value: facturasTexto },
  { id: "Estatus", header: "Estatus", value: (row) => ESTATUS_NOTA_CREDITO[row.Estatus] },
  { id: "Tipo", header: "Tipo", value: (row) => TIPO_RELACION[row.TipoRelacion] ?? row.TipoRelacion },
  dateColumn({ id: "Fecha", header: "Fecha", value: (row) => row.FechaNotaCredito }),
  uuidColumn({ id: "UUID", value: (row) => row.UUID }),
  fileColumn({ id: "PDF", header: "PDF", url: (row) => row.PDF, format: "pdf", fileLabel: "PDF" }),
  fileColumn({ id: "XML", header: "XML", url: (row) => row.XML, format: "xml", fileLabel: "XML" }),
  { id: "Comentarios", header: "Comentarios", value: (row) => row.Comentarios },
  { id: "ERP", header: "ERP", value: erpTexto },
];
