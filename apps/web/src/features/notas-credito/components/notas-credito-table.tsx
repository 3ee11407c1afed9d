import type { NotaCreditoRow } from "@portal/contracts";
import { useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import { columnasRevision, DataTable, folioVisible, ReviewTable } from "../../../components/data-table";
import { LONG_DEFAULT_PAGE_SIZE, LONG_PAGE_SIZES } from "../../../lib/constants";
import { useListSearch } from "../../../lib/list-search";
import { isProveedor } from "../../../lib/permissions";
import type { Session } from "../../../lib/session";
import { notasCreditoList, notasCreditoPendientesList, usePatchNotasCreditoPendientes } from "../api";
import { buildRevisionNotas, REVISION_NOTAS_CREDITO } from "../nota-credito-logic";
import { columnaErpNota, misNotasCreditoColumns, NOTAS_CREDITO_COLUMNS } from "./notas-credito-columns";

const EMPTY: readonly NotaCreditoRow[] = [];

/**
 * /Notas-Credito: the supplier's credit notes (every one for employees); double-click (or Enter) opens
 * /Notas-Credito/Nota/{IdNotaCredito} (issue 40).
 */
export function NotasCreditoTable({ session }: { session: Session }) {
  const listSearch = useListSearch();
  const navigate = useNavigate();
  const notas = notasCreditoList.useList(session);
  const columns = useMemo(() => [...misNotasCreditoColumns(isProveedor(session)), columnaErpNota(session)], [session]);
  return (
    <DataTable
      listSearch={listSearch}
      label="Notas de crédito"
      rows={notas.data ?? EMPTY}
      columns={columns}
      getRowKey={(row) => String(row.IdNotaCredito)}
      isLoading={notas.isPending && notas.fetchStatus !== "idle"}
      onRefresh={() => void notas.refetch()}
      isRefreshing={notas.isRefetching}
      onRowOpen={(row) => void navigate({ to: "/Notas-Credito/Nota/$id", params: { id: row.IdNotaCredito } })}
      // Issue 40: as the other documents' lists (50 a page), not 5.
      pageSizes={LONG_PAGE_SIZES}
      defaultPageSize={LONG_DEFAULT_PAGE_SIZE}
      emptyText="No hay notas de crédito."
    />
  );
}

const IDENTIFICAN = ["Fila", "Folio", "CardName", "Total"];
const COLUMNAS_REVISION = [
  ...NOTAS_CREDITO_COLUMNS.filter((c) => IDENTIFICAN.includes(c.id)),
  ...columnasRevision(REVISION_NOTAS_CREDITO),
  ...NOTAS_CREDITO_COLUMNS.filter((c) => !IDENTIFICAN.includes(c.id) && c.id !== "Estatus" && c.id !== "Comentarios"),
];

/**
 * /Notas-Credito-Pendientes: the review kit's table over the credit notes to review (issue 27); a row opens its
 * detail, whose 'Regresar' comes back here (issue 40).
 */
export function NotasCreditoPendientesTable({ session }: { session: Session }) {
  const navigate = useNavigate();
  const notas = notasCreditoPendientesList.useList(session);
  const patch = usePatchNotasCreditoPendientes();
  // Issue 36: the ERP state with the ERP's message and 'Reintentar', after the spec-like columns.
  const columns = useMemo(() => [...COLUMNAS_REVISION, columnaErpNota(session)], [session]);
  return (
    <ReviewTable
      label="Notas de crédito pendientes"
      config={REVISION_NOTAS_CREDITO}
      rows={notas.data ?? EMPTY}
      columns={columns}
      isLoading={notas.isPending && notas.fetchStatus !== "idle"}
      onRefresh={() => void notas.refetch()}
      isRefreshing={notas.isRefetching}
      onRowOpen={(row) =>
        void navigate({
          to: "/Notas-Credito/Nota/$id",
          params: { id: row.IdNotaCredito },
          search: { desde: "pendientes" },
        })
      }
      build={(rows, edits) => buildRevisionNotas(session, rows, edits)}
      send={patch.mutateAsync}
      isSending={patch.isPending}
      confirmation={{
        title: "Se cambiara el estado de las notas de crédito seleccionadas, estas seguro?",
        heading: "Notas de crédito (folio · proveedor · nuevo estatus):",
        listLabel: "Notas de crédito seleccionadas",
        item: (row) => ({ folio: folioVisible(row.FolioNotaCredito, row.UUID), proveedor: row.CardName }),
      }}
      errorContext="No se pudo consumir el servicio patchNotaCredito de notas de crédito pendientes"
      emptyText="No hay notas de crédito pendientes."
    />
  );
}
