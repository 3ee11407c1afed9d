export { DataTable, type DataTableProps } from "./data-table";
export type {
  CellEditor,
  CellValue,
  DataTableColumn,
  RowEdits,
  SortDirection,
  SortState,
} from "./data-table-logic";
