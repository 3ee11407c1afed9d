import { Select, Stack, Text, Title } from "@mantine/core";
import type { ComplementosAtrasadosRow } from "@portal/contracts";
import { useMemo, useState } from "react";
import { DataTable } from "../../../components/data-table";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import { useListSearch } from "../../../lib/list-search";
import type { Session } from "../../../lib/session";
import { complementosAtrasadosList } from "../api";
import { filterBySociedad, pagosAtrasados, sociedadesDelReporte } from "../atrasados-logic";
import { PAGOS_ATRASADOS_COLUMNS, proveedoresAtrasadosColumns } from "./complementos-atrasados-columns";
import { RetenerPagosDialog, useRetenerPagos } from "./retener-pagos-dialog";

const EMPTY: readonly ComplementosAtrasadosRow[] = [];

/**
 * 'Complementos atrasados' (issue 27, decision 035): per supplier, the payments past the complement's deadline
 * (day 5 of the month after the payment) without an accepted complement, filterable by sociedad; the payments'
 * table exports like every list. 'Retener pagos' marks a supplier for the reviewers; the portal does not pay, so
 * the flag is informative.
 */
export function ComplementosAtrasadosScreen({ session }: { session: Session }) {
  const listSearch = useListSearch();
  const reporte = complementosAtrasadosList.useList(session);
  const [bd, setBd] = useState<string | null>(null);
  const rows = reporte.data ?? EMPTY;
  const sociedades = useMemo(() => sociedadesDelReporte(rows), [rows]);
  const proveedores = useMemo(() => filterBySociedad(rows, bd), [rows, bd]);
  const pagos = useMemo(() => pagosAtrasados(proveedores), [proveedores]);
  const retencion = useRetenerPagos(session);
  const { open: openRetencion, isPending } = retencion;
  const columnas = useMemo(() => proveedoresAtrasadosColumns(openRetencion, isPending), [openRetencion, isPending]);
  const isLoading = reporte.isPending && reporte.fetchStatus !== "idle";

  return (
    <Stack gap="lg">
      <Text size="sm">
        Pagos a facturas en parcialidades o diferido (PPD) cuyo complemento de pago no se cargó a tiempo: la ley da
        hasta el día 5 del mes siguiente al pago. Marcar a un proveedor para retener sus pagos es informativo: el portal
        no paga, lo ven los revisores.
      </Text>
      <Select
        label="Sociedad"
        placeholder="Todas las sociedades"
        data={sociedades}
        value={bd}
        onChange={setBd}
        clearable
        maw={420}
      />
      <Title order={2} size="h4">
        Por proveedor
      </Title>
      <DataTable
        label="Complementos atrasados por proveedor"
        rows={proveedores}
        columns={columnas}
        getRowKey={(row) => row.CardCode}
        isLoading={isLoading}
        onRefresh={() => void reporte.refetch()}
        isRefreshing={reporte.isRefetching}
        pageSizes={SHORT_PAGE_SIZES}
        defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
        exportName="complementos-atrasados-por-proveedor"
        emptyText="Ningún proveedor tiene complementos atrasados."
      />
      <Title order={2} size="h4">
        Pagos atrasados
      </Title>
      <DataTable
        listSearch={listSearch}
        label="Pagos con complemento atrasado"
        rows={pagos}
        columns={PAGOS_ATRASADOS_COLUMNS}
        getRowKey={(row) => `${row.BD}|${row.DocEntry}`}
        isLoading={isLoading}
        exportName="complementos-atrasados"
        emptyText="No hay pagos con el complemento atrasado."
      />
      <RetenerPagosDialog state={retencion} />
    </Stack>
  );
}
