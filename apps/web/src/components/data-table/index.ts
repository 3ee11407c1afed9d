export { DataTable, type DataTableProps } from "./data-table";
export type {
  CellEditor,
  CellValue,
  DataTableColumn,
  RowEdits,
  SortDirection,
  SortState,
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
