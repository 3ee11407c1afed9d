import { Badge, Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import { INVITACION_MSG, type InvitacionRow } from "@portal/contracts";
import { useMemo, useState } from "react";
import { DataTable, type DataTableColumn } from "../../../components/data-table";
import { ScreenTitle } from "../../../components/screen-title";
import { SHORT_DEFAULT_PAGE_SIZE, SHORT_PAGE_SIZES } from "../../../lib/constants";
import { fechaHoraCdmx } from "../../../lib/fecha-hora";
import { useListSearch } from "../../../lib/list-search";
import { notifySuccess } from "../../../lib/notify";
import { notifySaveError } from "../../../lib/save-feedback";
import type { Session } from "../../../lib/session";
import { approveRegistro, rejectRegistro, useInvitaciones } from "../api";
import { InvitarDialog } from "./invitar-dialog";

const COLOR: Record<InvitacionRow["Estatus"], string> = {
  invitada: "blue",
  vencida: "gray",
  cancelada: "gray",
  registrada: "orange",
  aprobada: "green",
  rechazada: "red",
};

const EMPTY: readonly InvitacionRow[] = [];

function columns(actions: (row: InvitacionRow) => React.ReactNode): readonly DataTableColumn<InvitacionRow>[] {
  const m = INVITACION_MSG;
  return [
    { id: "RFC", header: m.etiquetaRfc, value: (row) => row.RFC, isNoWrap: true },
    { id: "Nombre", header: m.etiquetaNombre, value: (row) => row.Nombre },
    { id: "Correo", header: m.etiquetaCorreo, value: (row) => row.Correo },
    { id: "NomSociedad", header: m.etiquetaSociedad, value: (row) => row.NomSociedad },
    { id: "CardCode", header: m.columnaCodigoSap, value: (row) => row.CardCode, isNoWrap: true },
    {
      id: "Estatus",
      header: m.columnaEstatus,
      value: (row) => m.estatus[row.Estatus],
      cell: (row) => (
        <Badge color={COLOR[row.Estatus]} variant="light">
          {m.estatus[row.Estatus]}
        </Badge>
      ),
    },
    { id: "Invito", header: m.columnaInvito, value: (row) => row.Invito },
    { id: "Vence", header: m.columnaVence, value: (row) => fechaHoraCdmx(row.Vence), isNoWrap: true },
    { id: "Acciones", header: m.columnaAcciones, value: () => "", cell: actions },
  ];
}

/**
 * /Invitaciones (issue 41 item 3, decision 070; administrators): 'Invitar proveedor', the invitations with their
 * status, and the registrations waiting for a decision: 'Aprobar' (links or creates the business partner in SAP)
 * or 'Rechazar' with its reason. Each decision carries the row's version: another administrator's first answers 409.
 */
export function InvitacionesScreen({ session }: { session: Session }) {
  const listSearch = useListSearch();
  const invitaciones = useInvitaciones(session);
  const aprobar = approveRegistro.useSave();
  const rechazar = rejectRegistro.useSave();
  const [invitando, setInvitando] = useState(false);
  const [rechazando, setRechazando] = useState<InvitacionRow | null>(null);
  const [motivo, setMotivo] = useState("");
  const ocupado = aprobar.isPending || rechazar.isPending;
  const cols = useMemo(
    () =>
      columns((row) =>
        row.Estatus === "registrada" ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              disabled={ocupado}
              onClick={() =>
                aprobar.mutate(
                  { IdInvitacion: row.IdInvitacion, version: row.version },
                  {
                    onSuccess: (message) => notifySuccess(message),
                    onError: (error) => notifySaveError(error, INVITACION_MSG.botonAprobar),
                  },
                )
              }
            >
              {INVITACION_MSG.botonAprobar}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={ocupado}
              onClick={() => {
                setMotivo("");
                setRechazando(row);
              }}
            >
              {INVITACION_MSG.botonRechazar}
            </Button>
          </Group>
        ) : null,
      ),
    [aprobar, ocupado],
  );
  const confirmReject = () => {
    if (!rechazando || motivo.trim() === "") return;
    rechazar.mutate(
      { IdInvitacion: rechazando.IdInvitacion, version: rechazando.version, Motivo: motivo },
      {
        onSuccess: (message) => {
          setRechazando(null);
          notifySuccess(message);
        },
        onError: (error) => {
          setRechazando(null);
          notifySaveError(error, INVITACION_MSG.botonRechazar);
        },
      },
    );
  };
  return (
    <>
      <ScreenTitle actions={<Button onClick={() => setInvitando(true)}>{INVITACION_MSG.botonInvitar}</Button>}>
        {INVITACION_MSG.titulo}
      </ScreenTitle>
      <DataTable
        listSearch={listSearch}
        label={INVITACION_MSG.titulo}
        rows={invitaciones.data ?? EMPTY}
        columns={cols}
        getRowKey={(row) => String(row.IdInvitacion)}
        isLoading={invitaciones.isPending && invitaciones.fetchStatus !== "idle"}
        onRefresh={() => void invitaciones.refetch()}
        isRefreshing={invitaciones.isRefetching}
        pageSizes={SHORT_PAGE_SIZES}
        defaultPageSize={SHORT_DEFAULT_PAGE_SIZE}
        emptyText={INVITACION_MSG.sinInvitaciones}
      />
      <InvitarDialog opened={invitando} onClose={() => setInvitando(false)} />
      <Modal
        opened={rechazando !== null}
        onClose={() => {
          if (!rechazar.isPending) setRechazando(null);
        }}
        title={`${INVITACION_MSG.botonRechazar}: ${rechazando?.Nombre ?? ""}`}
        closeButtonProps={{ "aria-label": INVITACION_MSG.botonCerrar }}
        centered
      >
        <Stack gap="md">
          <Textarea
            label={INVITACION_MSG.etiquetaMotivo}
            required
            maxLength={1000}
            rows={3}
            value={motivo}
            onChange={(event) => setMotivo(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRechazando(null)} disabled={rechazar.isPending}>
              {INVITACION_MSG.botonCancelar}
            </Button>
            <Button color="red" onClick={confirmReject} loading={rechazar.isPending} disabled={motivo.trim() === ""}>
              {INVITACION_MSG.botonRechazar}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
