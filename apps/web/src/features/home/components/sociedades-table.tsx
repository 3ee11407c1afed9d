import { Badge, Button, Text } from "@mantine/core";
import { describeRegimenFiscal } from "@portal/cfdi";
import { estatusActivoLabel, type HomeSociedadRow } from "@portal/contracts";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useState } from "react";
import { CodeTooltip } from "../../../components/code-tooltip";
import { DataTable, type DataTableColumn } from "../../../components/data-table";
import { isApiError } from "../../../lib/api-client";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import { notifyError } from "../../../lib/notify";
import { openProtectedFile } from "../../../lib/open-file";
import type { Session } from "../../../lib/session";
import { useHomeSociedades } from "../api";

function VisualizarConstancia({ url }: { url: string }) {
  const [isOpening, setIsOpening] = useState(false);
  if (!url) {
    return (
      <Text size="sm" c="dimmed">
        No cargado
      </Text>
    );
  }
  const open = () => {
    setIsOpening(true);
    openProtectedFile(url)
      .catch((error: unknown) => {
        console.error("No se pudo abrir la constancia de situación fiscal", error);
        // The original decoded a PDF it already had; fetching it can fail, so the user is told why.
        if (isApiError(error)) notifyError(error.message);
      })
      .finally(() => setIsOpening(false));
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={isOpening}
      onClick={open}
    >
      Visualizar
    </Button>
  );
}

/** Column set is a module constant so the table's search index is built once per data load. */
const COLUMNS: readonly DataTableColumn<HomeSociedadRow>[] = [
  { id: "Fila", header: "#", value: (row) => row.Fila, width: 64 },
  { id: "NomSociedad", header: "Razón social", value: (row) => row.NomSociedad },
  { id: "RFC", header: "RFC", value: (row) => row.RFC, isNoWrap: true },
  {
    id: "Regimen",
    header: "Régimen fiscal",
    value: (row) => row.Regimen,
    cell: (row) => <CodeTooltip label={describeRegimenFiscal(row.Regimen)}>{row.Regimen}</CodeTooltip>,
  },
  { id: "CP", header: "Código postal", value: (row) => row.CP },
  {
    id: "Estatus",
    header: "Estatus",
    value: (row) => estatusActivoLabel(row.Estatus),
    cell: (row) => (
      <Badge variant="light" color={row.Estatus === "A" ? "teal" : "gray"} radius="sm" tt="none">
        {estatusActivoLabel(row.Estatus)}
      </Badge>
    ),
  },
  {
    id: "Constancia",
    header: "Constancia de situación fiscal",
    cell: (row) => <VisualizarConstancia url={row.Constancia} />,
  },
];

const EMPTY: readonly HomeSociedadRow[] = [];

/** Home, suppliers only (spec §2): the supplier's companies; sort # ascending, pages 5/10/15/All. */
export function SociedadesTable({ session }: { session: Session }) {
  const sociedades = useHomeSociedades(session);
  return (
    <DataTable
      label="Sociedades"
      rows={sociedades.data ?? EMPTY}
      columns={COLUMNS}
      getRowKey={(row) => row.IdSociedad}
      isLoading={sociedades.isPending && sociedades.fetchStatus !== "idle"}
      onRefresh={() => void sociedades.refetch()}
      isRefreshing={sociedades.isRefetching}
      pageSizes={SHORT_PAGE_SIZES}
      defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
      initialSort={{ columnId: "Fila", direction: "asc" }}
      emptyText="No tiene sociedades registradas."
    />
  );
}
