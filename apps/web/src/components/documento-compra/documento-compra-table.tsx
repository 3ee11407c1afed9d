import type { UseQueryResult } from "@tanstack/react-query";
import { LONG_DEFAULT_PAGE_SIZE, LONG_PAGE_SIZES } from "../../lib/constants";
import { useListSearch } from "../../lib/list-search";
import { DataTable, type DataTableColumn } from "../data-table";
import type { DocumentoCompra } from "./documento-compra-logic";

interface DocumentoCompraTableProps<Row extends DocumentoCompra> {
  /** The list's query (the list kit's `useList`). */
  query: UseQueryResult<Row[]>;
  label: string;
  columns: readonly DataTableColumn<Row>[];
  emptyText: string;
  onRowOpen: (row: Row) => void;
}

const EMPTY: readonly never[] = [];

/**
 * The list of /Pedidos and /Entradas-Mercancia (spec §2): 50 rows per page, steps of 50 plus All, in the
 * order the ERP gives (#), denser cells for their dozen columns; double-click opens the document.
 */
export function DocumentoCompraTable<Row extends DocumentoCompra>({
  query,
  label,
  columns,
  emptyText,
  onRowOpen,
}: DocumentoCompraTableProps<Row>) {
  const listSearch = useListSearch();
  return (
    <DataTable
      listSearch={listSearch}
      label={label}
      rows={query.data ?? EMPTY}
      columns={columns}
      getRowKey={(row) => row.Fila}
      isLoading={query.isPending && query.fetchStatus !== "idle"}
      onRefresh={() => void query.refetch()}
      isRefreshing={query.isRefetching}
      onRowOpen={onRowOpen}
      pageSizes={LONG_PAGE_SIZES}
      defaultPageSize={LONG_DEFAULT_PAGE_SIZE}
      initialSort={{ columnId: "Fila", direction: "asc" }}
      isCompact
      emptyText={emptyText}
    />
  );
}
