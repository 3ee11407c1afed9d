import { Button } from "@mantine/core";
import type { SociedadRow } from "@portal/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { DataTable } from "../../../components/data-table";
import { sociedadColumns } from "../../../components/sociedad-columns";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import { useListSearch } from "../../../lib/list-search";
import { isAdministrador } from "../../../lib/permissions";
import { NUEVO } from "../../../lib/route-params";
import type { Session } from "../../../lib/session";
import { useSociedades } from "../api";

/**
 * Spec §2 Company catalogue: #, business name, RFC, tax regime (tooltip with the official description),
 * postal code (masked), status and 'Visualizar' for the tax-situation PDF.
 */
const COLUMNS = sociedadColumns<SociedadRow>();

const EMPTY: readonly SociedadRow[] = [];

/** /Catalogo-Sociedades: search, Recargar, sortable headers, pages 5/10/15/All, double-click opens the form. */
export function SociedadesCatalogoTable({ session }: { session: Session }) {
  const listSearch = useListSearch();
  const sociedades = useSociedades(session);
  const navigate = useNavigate();
  return (
    <DataTable
      listSearch={listSearch}
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
