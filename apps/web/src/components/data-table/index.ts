export { DataTable, type DataTableProps } from "./data-table";
export type { CellValue, DataTableColumn, SortDirection, SortState } from "./data-table-logic";
