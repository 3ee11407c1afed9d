import type { HomeSociedadRow } from "@portal/contracts";
import type { ReactNode } from "react";
import { DataTable } from "../../../components/data-table";
import { SOCIEDADES_PROVEEDOR_COLUMNS } from "../../../components/sociedad-columns";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";

interface SociedadesProveedorTableProps {
  sociedades: readonly HomeSociedadRow[];
  /** Toolbar content (the administrator's 'Agregar sociedad'). */
  actions?: ReactNode;
}

/** The supplier's companies in its detail, with the columns of the Home table (spec §2). */
export function SociedadesProveedorTable({ sociedades, actions }: SociedadesProveedorTableProps) {
  return (
    <DataTable
      label="Sociedades del proveedor"
      rows={sociedades}
      columns={SOCIEDADES_PROVEEDOR_COLUMNS}
      getRowKey={(row) => row.IdSociedad}
      pageSizes={SHORT_PAGE_SIZES}
      defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
      initialSort={{ columnId: "Fila", direction: "asc" }}
      actions={actions}
      emptyText="El proveedor no tiene sociedades asignadas."
    />
  );
}
