import { Alert, Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { CONCILIACION_SAT_TEXTOS, type ConciliacionSatRow } from "@portal/contracts";
import { IconFileDownload, IconPlayerPlay } from "@tabler/icons-react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useCallback, useMemo, useState } from "react";
import { DataTable } from "../../../components/data-table";
import { clock } from "../../../lib/clock";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import { isAdministrador } from "../../../lib/permissions";
import { notifySaveError } from "../../../lib/save-feedback";
import type { Session } from "../../../lib/session";
import { useSociedades } from "../../sociedades/api";
import { useConciliacionSat, useDescargarXmlSat, useEjecutarDescargaSat } from "../api";
import {
  type ConciliacionFilters,
  parseConciliacionFilters,
  periodoDe,
  periodosOfrecidos,
  proveedoresConFaltantes,
} from "../conciliacion-logic";
import { AvisarProveedorDialog, useAvisar } from "./avisar-proveedor-dialog";
import {
  CONCILIACION_COLUMNS,
  type ConciliacionSatTotal,
  faltantesColumns,
  TOTALES_COLUMNS,
} from "./conciliacion-sat-columns";
import { DescargaEstado } from "./descarga-estado";

const EMPTY_ROWS: readonly ConciliacionSatRow[] = [];
const EMPTY_TOTALES: readonly ConciliacionSatTotal[] = [];
const rowKey = (row: ConciliacionSatRow) => row.UUID;

/**
 * 'Conciliación SAT' (issue 43 §4, decision 075): per sociedad and month, the CFDI the SAT says the sociedad received
 * beside the portal's invoices, each with one label; issuers that are no suppliers apart; totals by currency; one
 * mail per supplier with CFDI missing from the portal; and, for administrators, the Descarga Masiva run now.
 */
export function ConciliacionSatScreen({ session }: { session: Session }) {
  const sociedades = useSociedades(session);
  const { filters, setFilters } = useConciliacionFilters();
  const periodos = useMemo(() => periodosOfrecidos(clock.now()), []);
  const periodo = filters.periodo ?? periodoDe(clock.now());
  const sociedad = filters.sociedad ?? null;
  const conciliacion = useConciliacionSat(sociedad === null ? null : { Sociedad: sociedad, Periodo: periodo });
  const filas = conciliacion.data?.Filas ?? EMPTY_ROWS;
  const faltantes = useMemo(() => proveedoresConFaltantes(filas), [filas]);
  const notice = useAvisar(sociedad, periodo);
  const { open: openAvisar, isPending: isSending } = notice;
  const columnasFaltantes = useMemo(() => faltantesColumns(openAvisar, isSending), [openAvisar, isSending]);
  const opcionesSociedad = useMemo(
    () => (sociedades.data ?? []).map((s) => ({ value: String(s.IdSociedad), label: s.NomSociedad })),
    [sociedades.data],
  );
  const isLoading = conciliacion.isPending && conciliacion.fetchStatus !== "idle";
  const common = { isLoading, pageSizes: SHORT_PAGE_SIZES, defaultPageSize: SHORT_DEFAULT_PAGE_SIZE };

  return (
    <Stack gap="lg">
      <Text size="sm">{CONCILIACION_SAT_TEXTOS.introduccion}</Text>
      <Group align="flex-end" gap="md">
        <Select
          label="Sociedad"
          placeholder="Elija una sociedad"
          data={opcionesSociedad}
          value={sociedad === null ? null : String(sociedad)}
          onChange={(value) => setFilters({ ...filters, sociedad: value ? Number(value) : undefined })}
          miw={320}
        />
        <Select
          label="Periodo"
          data={periodos}
          value={periodo}
          onChange={(value) => setFilters({ ...filters, periodo: value ?? undefined })}
          allowDeselect={false}
          miw={200}
        />
      </Group>
      {isAdministrador(session) ? <EjecutarAhora /> : null}
      {sociedad === null ? (
        <Text c="dimmed">{CONCILIACION_SAT_TEXTOS.elijaSociedad}</Text>
      ) : (
        <>
          {conciliacion.data ? <DescargaEstado descarga={conciliacion.data.Descarga} /> : null}
          {isAdministrador(session) ? <DescargarXml sociedad={sociedad} periodo={periodo} /> : null}
          <DataTable
            {...common}
            label="CFDI recibidos"
            rows={filas}
            columns={CONCILIACION_COLUMNS}
            getRowKey={rowKey}
            onRefresh={() => void conciliacion.refetch()}
            isRefreshing={conciliacion.isRefetching}
            initialSort={{ columnId: "FechaEmision", direction: "asc" }}
            exportName={`conciliacion-sat-${periodo}`}
            emptyText={CONCILIACION_SAT_TEXTOS.sinFilas}
          />
          <Title order={2} size="h4">
            Totales por moneda
          </Title>
          <DataTable
            {...common}
            label="Totales por moneda"
            rows={conciliacion.data?.Totales ?? EMPTY_TOTALES}
            columns={TOTALES_COLUMNS}
            getRowKey={(row) => row.Moneda}
            isSearchable={false}
            exportName={`conciliacion-sat-totales-${periodo}`}
            emptyText={CONCILIACION_SAT_TEXTOS.sinTotales}
          />
          <Title order={2} size="h4">
            Proveedores con CFDI faltantes en el portal
          </Title>
          <DataTable
            {...common}
            label="Proveedores con CFDI faltantes en el portal"
            rows={faltantes}
            columns={columnasFaltantes}
            getRowKey={(row) => row.CardCode}
            isExportable={false}
            emptyText={CONCILIACION_SAT_TEXTOS.sinFaltantes}
          />
          <Title order={2} size="h4">
            Otros emisores
          </Title>
          <DataTable
            {...common}
            label="CFDI de emisores que no son proveedores"
            rows={conciliacion.data?.Ajenos ?? EMPTY_ROWS}
            columns={CONCILIACION_COLUMNS}
            getRowKey={rowKey}
            exportName={`conciliacion-sat-otros-emisores-${periodo}`}
            emptyText={CONCILIACION_SAT_TEXTOS.sinAjenos}
          />
        </>
      )}
      <AvisarProveedorDialog state={notice} />
    </Stack>
  );
}

/** 'Ejecutar ahora' (administrators): runs the Descarga Masiva and shows the job's answer until the next run. */
function EjecutarAhora() {
  const ejecutar = useEjecutarDescargaSat();
  const [resultado, setResultado] = useState<string | null>(null);
  return (
    <Stack gap="xs">
      <Group gap="md" align="center">
        <Button
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          loading={ejecutar.isPending}
          onClick={() =>
            ejecutar.mutate(undefined, {
              onSuccess: setResultado,
              onError: (error) => notifySaveError(error, "No se pudo ejecutar la descarga del SAT"),
            })
          }
        >
          Ejecutar ahora
        </Button>
        <Text size="sm" c="dimmed" maw={720}>
          {CONCILIACION_SAT_TEXTOS.ejecutarAyuda}
        </Text>
      </Group>
      {resultado !== null ? (
        <Alert color="blue" title="Descarga masiva del SAT" role="status">
          {resultado}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * 'Descargar XML' (administrators; decision 075, amendment 2): asks the SAT for the XML of the month's CFDI in force,
 * or verifies the request in force; the server's message stays on the screen, a refusal is shown as it says.
 */
function DescargarXml({ sociedad, periodo }: { sociedad: number; periodo: string }) {
  const download = useDescargarXmlSat();
  const [resultado, setResultado] = useState<{ clave: string; mensaje: string } | null>(null);
  const clave = `${sociedad}|${periodo}`;
  return (
    <Stack gap="xs">
      <Group gap="md" align="center">
        <Button
          variant="light"
          leftSection={<IconFileDownload size={16} aria-hidden />}
          loading={download.isPending}
          onClick={() =>
            download.mutate(
              { Sociedad: sociedad, Periodo: periodo },
              {
                onSuccess: (mensaje) => setResultado({ clave, mensaje }),
                onError: (error) => notifySaveError(error, "No se pudo descargar el XML del SAT"),
              },
            )
          }
        >
          Descargar XML
        </Button>
        <Text size="sm" c="dimmed" maw={720}>
          {CONCILIACION_SAT_TEXTOS.descargarXmlAyuda}
        </Text>
      </Group>
      {resultado?.clave === clave ? (
        <Alert color="blue" title="XML del SAT" role="status">
          {resultado.mensaje}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The sociedad and month chosen, kept in the URL (issue 40). */
function useConciliacionFilters() {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const filters = parseConciliacionFilters(raw);
  const setFilters = useCallback(
    (next: ConciliacionFilters) =>
      void navigate({
        to: ".",
        search: (current: Record<string, unknown>) => {
          const { sociedad: _sociedad, periodo: _periodo, pagina: _page, ...others } = current;
          return {
            ...others,
            ...(next.sociedad ? { sociedad: next.sociedad } : {}),
            ...(next.periodo ? { periodo: next.periodo } : {}),
          };
        },
        replace: true,
        resetScroll: false,
      } as never),
    [navigate],
  );
  return { filters, setFilters };
}
