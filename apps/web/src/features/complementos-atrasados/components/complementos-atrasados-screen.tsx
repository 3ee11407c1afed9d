import { Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import type { ComplementosAtrasadosRow } from "@portal/contracts";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { DataTable } from "../../../components/data-table";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import { useListSearch } from "../../../lib/list-search";
import type { Session } from "../../../lib/session";
import { complementosAtrasadosList } from "../api";
import {
  type AtrasadosFilters,
  filterBySociedad,
  monedasDelReporte,
  pagosAtrasados,
  pagosDelProveedor,
  parseAtrasadosFilters,
  sociedadesDelReporte,
} from "../atrasados-logic";
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
  const { filters, setFilters } = useAtrasadosFilters();
  const bd = filters.sociedad ?? null;
  const cardCode = filters.proveedor ?? null;
  const rows = reporte.data ?? EMPTY;
  const sociedades = useMemo(() => sociedadesDelReporte(rows), [rows]);
  const proveedores = useMemo(() => filterBySociedad(rows, bd), [rows, bd]);
  const pagos = useMemo(() => pagosDelProveedor(pagosAtrasados(proveedores), cardCode), [proveedores, cardCode]);
  const proveedorElegido = rows.find((r) => r.CardCode === cardCode);
  const retencion = useRetenerPagos(session);
  const { open: openRetencion, isPending } = retencion;
  const showPagos = useCallback(
    (row: ComplementosAtrasadosRow) => setFilters({ ...filters, proveedor: row.CardCode }),
    [filters, setFilters],
  );
  const columnas = useMemo(
    () =>
      proveedoresAtrasadosColumns(monedasDelReporte(proveedores), {
        onToggle: openRetencion,
        isSaving: isPending,
        onShowPagos: showPagos,
      }),
    [proveedores, openRetencion, isPending, showPagos],
  );
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
        onChange={(value) => setFilters({ ...filters, sociedad: value ?? undefined })}
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
        onRowOpen={showPagos}
        pageSizes={SHORT_PAGE_SIZES}
        defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
        exportName="complementos-atrasados-por-proveedor"
        emptyText="Ningún proveedor tiene complementos atrasados."
      />
      <Group justify="space-between" align="center">
        <Title order={2} size="h4">
          {proveedorElegido ? `Pagos atrasados de ${proveedorElegido.CardName}` : "Pagos atrasados"}
        </Title>
        {cardCode !== null ? (
          <Button size="xs" variant="subtle" onClick={() => setFilters({ ...filters, proveedor: undefined })}>
            Ver los pagos de todos los proveedores
          </Button>
        ) : null}
      </Group>
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

/** The sociedad and supplier chosen, kept in the URL (issue 40) beside the payments table's own list params. */
function useAtrasadosFilters() {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const filters = parseAtrasadosFilters(raw);
  const setFilters = useCallback(
    (next: AtrasadosFilters) =>
      void navigate({
        to: ".",
        search: (current: Record<string, unknown>) => {
          const { sociedad: _sociedad, proveedor: _proveedor, pagina: _page, ...others } = current;
          return {
            ...others,
            ...(next.sociedad ? { sociedad: next.sociedad } : {}),
            ...(next.proveedor ? { proveedor: next.proveedor } : {}),
          };
        },
        replace: true,
        resetScroll: false,
      } as never),
    [navigate],
  );
  return { filters, setFilters };
}
