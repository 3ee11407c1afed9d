export { DataTable, type DataTableProps } from "./data-table";
export {
  type CellEditor,
  type CellValue,
  type ColumnKind,
  type DataTableColumn,
  dateColumn,
  formatMoney,
  type Money,
  moneyColumn,
  type RowEdits,
  type SortDirection,
  type SortState,
} from "./data-table-logic";
export {
  COLUMNA_REVISION,
  comentarioElegidoRevision,
  construirRevisionFilas,
  ESTATUS_BLOQUEADO,
  estaBloqueadaRevision,
  estatusElegidoRevision,
  filasMarcadasRevision,
  type OpcionEstatus,
  type RevisionConfig,
  type RevisionResultado,
} from "./review-logic";
export { columnasRevision, ReviewTable, type ReviewTableProps } from "./review-table";
