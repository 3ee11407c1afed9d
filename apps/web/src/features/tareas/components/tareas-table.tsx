import { Badge, Text, Tooltip } from "@mantine/core";
import type { TareaRow } from "@portal/contracts";
import { DataTable, type DataTableColumn } from "../../../components/data-table";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import { fechaHoraCdmx, HORA_CDMX } from "../../../lib/fecha-hora";
import { useListSearch } from "../../../lib/list-search";
import type { Session } from "../../../lib/session";
import { useTareas } from "../api";
import { pendientesTexto } from "../tareas-logic";

const COLOR: Record<NonNullable<TareaRow["Resultado"]>, string> = {
  Correcta: "green",
  "Con error": "red",
  "En curso": "blue",
};

const COLUMNS: readonly DataTableColumn<TareaRow>[] = [
  {
    id: "Nombre",
    header: "Tarea",
    value: (row) => row.Nombre,
    cell: (row) => (
      <>
        <Text size="sm" fw={600}>
          {row.Nombre}
        </Text>
        <Text size="xs" c="dimmed">
          {row.Programa}
        </Text>
      </>
    ),
  },
  { id: "Descripcion", header: "Descripción", value: (row) => row.Descripcion },
  {
    id: "UltimaEjecucion",
    header: `Última ejecución ${HORA_CDMX}`,
    value: (row) => fechaHoraCdmx(row.UltimaEjecucion),
    isNoWrap: true,
    isHeaderWrapped: true,
  },
  {
    id: "Resultado",
    header: "Resultado",
    value: (row) => row.Resultado ?? "Sin ejecutar",
    cell: (row) =>
      row.Resultado ? (
        <Tooltip label={row.Mensaje || row.Resultado} multiline maw={360} withArrow>
          <Badge color={COLOR[row.Resultado]} variant="light">
            {row.Resultado}
          </Badge>
        </Tooltip>
      ) : (
        <Text size="sm" c="dimmed">
          Sin ejecutar
        </Text>
      ),
  },
  { id: "Mensaje", header: "Mensaje", value: (row) => row.Mensaje },
  {
    id: "ProximaEjecucion",
    header: `Próxima ejecución ${HORA_CDMX}`,
    value: (row) => fechaHoraCdmx(row.ProximaEjecucion),
    isNoWrap: true,
    isHeaderWrapped: true,
  },
  {
    id: "Fallas",
    header: "Fallas seguidas",
    value: (row) => row.Fallas,
    align: "right",
    cell: (row) => (
      <Text size="sm" c={row.Fallas > 0 ? "red" : undefined} fw={row.Fallas > 0 ? 700 : undefined}>
        {row.Fallas}
      </Text>
    ),
  },
  { id: "Pendientes", header: "Pendientes", value: (row) => pendientesTexto(row.Pendientes), align: "right" },
];

const EMPTY: readonly TareaRow[] = [];

/** /Tareas: the scheduled jobs with their last and next run, result, failures in a row and backlog. */
export function TareasTable({ session }: { session: Session }) {
  const listSearch = useListSearch();
  const tareas = useTareas(session);
  return (
    <DataTable
      listSearch={listSearch}
      label="Tareas programadas"
      rows={tareas.data ?? EMPTY}
      columns={COLUMNS}
      getRowKey={(row) => row.Nombre}
      isLoading={tareas.isPending && tareas.fetchStatus !== "idle"}
      onRefresh={() => void tareas.refetch()}
      isRefreshing={tareas.isRefetching}
      pageSizes={SHORT_PAGE_SIZES}
      defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
      emptyText="No hay tareas programadas."
    />
  );
}
