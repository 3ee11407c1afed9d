import { Badge } from "@mantine/core";
import { describeRegimenFiscal } from "@portal/cfdi";
import { estatusActivoLabel, type HomeSociedadRow } from "@portal/contracts";
import { formatCodigoPostal } from "../lib/codigo-postal";
import { codeColumn, type DataTableColumn, fileColumn, rowNumberColumn } from "./data-table";

/**
 * Company columns (spec §2: #, Razón social, RFC, Régimen fiscal with its SAT description, Código postal
 * (masked), Estatus, Constancia de situación fiscal with 'Visualizar'). Home, the supplier detail and the company
 * catalogue all show these. Call it once at module level, so each table builds its search index once per load.
 */
export const sociedadColumns = <Row extends HomeSociedadRow>(): readonly DataTableColumn<Row>[] => [
  rowNumberColumn(),
  { id: "NomSociedad", header: "Razón social", value: (row) => row.NomSociedad },
  { id: "RFC", header: "RFC", value: (row) => row.RFC, isNoWrap: true },
  codeColumn({ id: "Regimen", header: "Régimen fiscal", value: (row) => row.Regimen, describe: describeRegimenFiscal }),
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
  fileColumn({
    id: "Constancia",
    header: "Constancia de situación fiscal",
    url: (row) => row.Constancia,
    missingText: "No cargado",
  }),
];

/** A supplier's companies (Home, supplier detail). */
export const SOCIEDADES_PROVEEDOR_COLUMNS = sociedadColumns<HomeSociedadRow>();
