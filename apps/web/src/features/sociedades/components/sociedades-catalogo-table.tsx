import { Badge, Button, Text } from "@mantine/core";
import { describeRegimenFiscal } from "@portal/cfdi";
import { estatusActivoLabel, type SociedadRow } from "@portal/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { CodeTooltip } from "../../../components/code-tooltip";
import { DataTable, type DataTableColumn } from "../../../components/data-table";
import { OpenFileButton } from "../../../components/open-file-button";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import { isAdministrador } from "../../../lib/permissions";
import { NUEVO } from "../../../lib/route-params";
import type { Session } from "../../../lib/session";
import { useSociedades } from "../api";
import { formatCodigoPostal } from "../sociedad-form-logic";

/**
 * Spec §2 Company catalogue: #, business name, RFC, tax regime (tooltip with the official description),
 * postal code (masked), status and 'Visualizar' for the tax-situation PDF.
 */
const COLUMNS: readonly DataTableColumn<SociedadRow>[] = [
  { id: "Fila", header: "#", value: (row) => row.Fila, width: 64 },
  { id: "NomSociedad", header: "Razón social", value: (row) => row.NomSociedad },
  { id: "RFC", header: "RFC", value: (row) => row.RFC, isNoWrap: true },
  {
    id: "Regimen",
    header: "Régimen fiscal",
    value: (row) => row.Regimen,
    cell: (row) => <CodeTooltip label={describeRegimenFiscal(row.Regimen)}>{row.Regimen}</CodeTooltip>,
  },
  { id: "CP", header: "Código postal", value: (row) => formatCodigoPostal(row.CP), isNoWrap: true },
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
    cell: (row) =>
      row.Constancia ? (
        <OpenFileButton url={row.Constancia} />
      ) : (
        <Text size="sm" c="dimmed">
          No cargado
        </Text>
      ),
  },
];

const EMPTY: readonly SociedadRow[] = [];

/** /Catalogo-Sociedades: search, Recargar, sortable headers, pages 5/10/15/All, double-click opens the form. */
export function SociedadesCatalogoTable({ session }: { session: Session }) {
  const sociedades = useSociedades(session);
  const navigate = useNavigate();
  return (
    <DataTable
      label="Catálogo de sociedades"
      rows={sociedades.data ?? EMPTY}
      columns={COLUMNS}
      getRowKey={(row) => row.IdSociedad}
      isLoading={sociedades.isPending && sociedades.fetchStatus !== "idle"}
      onRefresh={() => void sociedades.refetch()}
      isRefreshing={sociedades.isRefetching}
      onRowOpen={(row) => void navigate({ to: "/Catalogo-Sociedades/Sociedad/$id", params: { id: row.Fila } })}
      pageSizes={SHORT_PAGE_SIZES}
      defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
      initialSort={{ columnId: "Fila", direction: "asc" }}
      actions={
        // Spec §2, §6: 'Agregar' is for administrators only.
        isAdministrador(session) ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => void navigate({ to: "/Catalogo-Sociedades/Sociedad/$id", params: { id: NUEVO } })}
          >
            Agregar
          </Button>
        ) : null
      }
      emptyText="No hay sociedades registradas."
    />
  );
}
