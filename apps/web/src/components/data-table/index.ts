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
  FILTRO_REVISION,
  type FiltroRevision,
  filasDelFiltro,
  filasMarcadasRevision,
  filasSinEnviar,
  filtroRevision,
  folioVisible,
  MENSAJE_CAMBIOS_SIN_ENVIAR,
  marcarRevisadoAlEditar,
  OPCIONES_FILTRO_REVISION,
  type OpcionEstatus,
  type RevisionConfig,
  type RevisionResultado,
} from "./review-logic";
export { columnasRevision, ReviewTable, type ReviewTableProps } from "./review-table";
