import { Text, Tooltip } from "@mantine/core";
import { ESTATUS_REGISTRO_LABEL, type ProveedorRow, TIPO_PERSONA_LABEL } from "@portal/contracts";
import { useNavigate } from "@tanstack/react-router";
import { DataTable, type DataTableColumn } from "../../../components/data-table";
import { RetenerPagosBadge } from "../../../components/retener-pagos";
import { etiqueta69b, Semaforo69b } from "../../../components/semaforo-69b";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import { useListSearch } from "../../../lib/list-search";
import type { Session } from "../../../lib/session";
import { useProveedores } from "../api";
import { primerCorreo } from "../proveedor-form-logic";
import { EstatusRegistroBadge } from "./estatus-badges";

/**
 * Spec §2 Supplier catalogue: #, SAP code, person type, business name, RFC, phone, e-mail (the first of
 * several followed by an ellipsis), contact person and status (the record status the portal reviews).
 * Short headers keep the nine columns on screen next to the open drawer. '69-B' (issue 15, not in the spec): the
 * traffic light of the supplier's RFC on the SAT's 69-B list.
 */
const COLUMNS: readonly DataTableColumn<ProveedorRow>[] = [
  { id: "Fila", header: "#", value: (row) => row.Fila, width: 64 },
  { id: "CardCode", header: "Código SAP", value: (row) => row.CardCode, isNoWrap: true },
  { id: "U_SYS_PMTYPE", header: "Persona", value: (row) => TIPO_PERSONA_LABEL[row.U_SYS_PMTYPE] },
  { id: "CardName", header: "Razón social", value: (row) => row.CardName },
  { id: "LicTradNum", header: "RFC", value: (row) => row.LicTradNum, isNoWrap: true },
  { id: "Phone1", header: "Teléfono", value: (row) => row.Phone1, isNoWrap: true },
  {
    id: "E_Mail",
    header: "Correo",
    // Searching finds any of the addresses, not only the first one shown.
    value: (row) => row.E_Mail,
    cell: (row) => {
      const shown = primerCorreo(row.E_Mail);
      return shown.endsWith("…") ? (
        <Tooltip label={row.E_Mail} openDelay={100} multiline maw={360}>
          <Text span size="sm">
            {shown}
          </Text>
        </Tooltip>
      ) : (
        shown
      );
    },
  },
  { id: "CntctPrsn", header: "Contacto", value: (row) => row.CntctPrsn },
  {
    id: "U_SYS_PMESPR",
    header: "Estatus",
    width: 124,
    value: (row) => ESTATUS_REGISTRO_LABEL[row.U_SYS_PMESPR],
    cell: (row) => <EstatusRegistroBadge estatus={row.U_SYS_PMESPR} />,
  },
  {
    id: "Lista69B",
    header: "69-B",
    width: 124,
    value: (row) => (row.Lista69B ? etiqueta69b(row.Lista69B) : ""),
    cell: (row) => <Semaforo69b lista={row.Lista69B} />,
  },
  {
    // Issue 27: "retener pagos por complementos atrasados", set in 'Complementos atrasados'.
    id: "RetenerPagos",
    header: "Retener pagos",
    width: 140,
    // The export and the search hold what the cell shows.
    value: (row) => (row.RetenerPagos === "Y" ? "Pagos retenidos" : ""),
    cell: (row) => (row.RetenerPagos === "Y" ? <RetenerPagosBadge /> : null),
  },
];

const EMPTY: readonly ProveedorRow[] = [];

/** /Catalogo-Proveedores: search, Recargar, sortable headers, pages 5/10/15/All, double-click opens the detail. */
export function ProveedoresTable({ session }: { session: Session }) {
  const listSearch = useListSearch();
  const proveedores = useProveedores(session);
  const navigate = useNavigate();
  return (
    <DataTable
      listSearch={listSearch}
      label="Catálogo de proveedores"
      rows={proveedores.data ?? EMPTY}
      columns={COLUMNS}
      getRowKey={(row) => row.CardCode}
      isLoading={proveedores.isPending && proveedores.fetchStatus !== "idle"}
      onRefresh={() => void proveedores.refetch()}
      isRefreshing={proveedores.isRefetching}
      onRowOpen={(row) => void navigate({ to: "/Catalogo-Proveedores/Proveedor/$id", params: { id: row.Fila } })}
      pageSizes={SHORT_PAGE_SIZES}
      defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
      initialSort={{ columnId: "Fila", direction: "asc" }}
      emptyText="No hay proveedores registrados."
    />
  );
}
