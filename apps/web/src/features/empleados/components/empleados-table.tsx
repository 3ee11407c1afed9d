import { Badge, Button } from "@mantine/core";
import { type EmpleadoRow, estatusActivoLabel, TIPO_EMPLEADO } from "@portal/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { DataTable, type DataTableColumn } from "../../../components/data-table";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import { useListSearch } from "../../../lib/list-search";
import { isAdministrador } from "../../../lib/permissions";
import { NUEVO } from "../../../lib/route-params";
import type { Session } from "../../../lib/session";
import { useEmpleados } from "../api";

/** Spec §2 Employee catalogue: user, role, first name, last name, e-mail, area and status. */
const COLUMNS: readonly DataTableColumn<EmpleadoRow>[] = [
  { id: "IdEmpleado", header: "Usuario", value: (row) => row.IdEmpleado, isNoWrap: true },
  { id: "Perfil", header: "Rol", value: (row) => TIPO_EMPLEADO[row.Perfil] },
  { id: "Nombre", header: "Nombre", value: (row) => row.Nombre },
  { id: "Apellidos", header: "Apellidos", value: (row) => row.Apellidos },
  { id: "Email", header: "Correo electrónico", value: (row) => row.Email },
  { id: "Area", header: "Área", value: (row) => row.Area },
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
];

const EMPTY: readonly EmpleadoRow[] = [];

/** /Catalogo-Empleados: search, Recargar, sortable headers, pages 5/10/15/All, double-click opens the form. */
export function EmpleadosTable({ session }: { session: Session }) {
  const listSearch = useListSearch();
  const empleados = useEmpleados(session);
  const navigate = useNavigate();
  return (
    <DataTable
      listSearch={listSearch}
      label="Catálogo de empleados"
      rows={empleados.data ?? EMPTY}
      columns={COLUMNS}
      getRowKey={(row) => row.IdEmpleado}
      isLoading={empleados.isPending && empleados.fetchStatus !== "idle"}
      onRefresh={() => void empleados.refetch()}
      isRefreshing={empleados.isRefetching}
      onRowOpen={(row) => void navigate({ to: "/Catalogo-Empleados/Empleado/$id", params: { id: row.Fila } })}
      pageSizes={SHORT_PAGE_SIZES}
      defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
      actions={
        // Spec §2, §6: 'Agregar' only for an administrator employee.
        isAdministrador(session) ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => void navigate({ to: "/Catalogo-Empleados/Empleado/$id", params: { id: NUEVO } })}
          >
            Agregar
          </Button>
        ) : null
      }
      emptyText="No hay empleados registrados."
    />
  );
}
