import { Badge, Text } from "@mantine/core";
import { describeRegimenFiscal } from "@portal/cfdi";
import { estatusActivoLabel, type HomeSociedadRow } from "@portal/contracts";
import type { ReactNode } from "react";
import { CodeTooltip } from "../../../components/code-tooltip";
import { DataTable, type DataTableColumn } from "../../../components/data-table";
import { OpenFileButton } from "../../../components/open-file-button";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";

/** The supplier's companies, with the columns of the Home table (spec §2). */
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

interface SociedadesProveedorTableProps {
  sociedades: readonly HomeSociedadRow[];
  /** Toolbar content (the administrator's 'Agregar sociedad'). */
  actions?: ReactNode;
}

export function SociedadesProveedorTable({ sociedades, actions }: SociedadesProveedorTableProps) {
  return (
    <DataTable
      label="Sociedades del proveedor"
      rows={sociedades}
      columns={COLUMNS}
      getRowKey={(row) => row.IdSociedad}
      pageSizes={SHORT_PAGE_SIZES}
      defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
      initialSort={{ columnId: "Fila", direction: "asc" }}
      actions={actions}
      emptyText="El proveedor no tiene sociedades asignadas."
    />
  );
}
