import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { SOLICITUD_CUENTA_MSG, type SolicitudCuentaRow } from "@portal/contracts";
import { useState } from "react";
import { HistorialSection } from "../../../components/historial-section";
import { OpenFileButton } from "../../../components/open-file-button";
import { notifySuccess } from "../../../lib/notify";
import { notifySaveError } from "../../../lib/save-feedback";
import { useApproveSolicitudCuenta, useRejectSolicitudCuenta, useSolicitudCuenta } from "../api";
import { describeCuenta, ESTATUS_ETIQUETA } from "../cuenta-logic";

/**
 * One request as a reviewer decides it (issue 41, decision 069): the supplier's approved account beside the one
 * requested, the supporting PDF, the Historial, and — for an employee with ApruebaCuentas who did not enter it —
 * 'Aprobar' and 'Rechazar' with the reason (required to reject), at the version read.
 */
export function SolicitudCuentaReview({
  solicitud,
  canApprove,
  onClose,
}: {
  solicitud: SolicitudCuentaRow | null;
  /** Whether the caller has ApruebaCuentas (a pending request it may not decide is then its own). */
  canApprove: boolean;
  onClose: () => void;
}) {
  const detail = useSolicitudCuenta(solicitud?.Id ?? null);
  const approve = useApproveSolicitudCuenta();
  const reject = useRejectSolicitudCuenta();
  const [motivo, setMotivo] = useState("");
  const busy = approve.isPending || reject.isPending;
  const close = () => {
    setMotivo("");
    onClose();
  };
  const decide = (accion: "aprobar" | "rechazar") => {
    if (!solicitud) return;
    const request = {
      Solicitud: solicitud.Id,
      Version: solicitud.Version,
      ...(motivo.trim() ? { Motivo: motivo } : {}),
    };
    const done = {
      onSuccess: (message: string) => {
        notifySuccess(message);
        close();
      },
      onError: (error: unknown) => notifySaveError(error, "No se pudo registrar la decisión"),
    };
    if (accion === "aprobar") approve.mutate(request, done);
    else reject.mutate({ ...request, Motivo: motivo }, done);
  };
  const actual = solicitud?.CuentaActual ?? null;
  return (
    <Modal
      opened={solicitud !== null}
      onClose={() => !busy && close()}
      title={solicitud ? `Solicitud ${solicitud.Id} de ${solicitud.Proveedor}` : ""}
      closeButtonProps={{ "aria-label": "Cerrar" }}
      size="xl"
      centered
    >
      {solicitud ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={4}>
              <Title order={3} fz="sm">
                Cuenta actual
              </Title>
              <Text size="sm">{actual ? describeCuenta(actual) : SOLICITUD_CUENTA_MSG.pantalla.sinCuentaActual}</Text>
            </Stack>
            <Stack gap={4}>
              <Title order={3} fz="sm">
                Cuenta solicitada
              </Title>
              <Text size="sm">{describeCuenta(solicitud)}</Text>
              <Text size="sm">Titular: {solicitud.Titular}</Text>
              <Text size="sm">
                Capturada por {solicitud.CapturadaPor} · {ESTATUS_ETIQUETA[solicitud.Estatus]}
              </Text>
            </Stack>
          </SimpleGrid>
          <Group>
            <OpenFileButton url={solicitud.Archivo} aria-label="Ver comprobante de la cuenta solicitada">
              Ver comprobante
            </OpenFileButton>
          </Group>
          <HistorialSection isPending={detail.isPending} entradas={detail.data?.Historial ?? []} />
          {solicitud.PuedeDecidir ? (
            <>
              <Textarea
                label="Motivo"
                description="Obligatorio para rechazar; se registra también al aprobar."
                value={motivo}
                onChange={(event) => setMotivo(event.currentTarget.value)}
                maxLength={1000}
                rows={3}
              />
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  color="red"
                  onClick={() => decide("rechazar")}
                  disabled={busy || !motivo.trim()}
                >
                  Rechazar
                </Button>
                <Button onClick={() => decide("aprobar")} loading={approve.isPending} disabled={busy}>
                  Aprobar
                </Button>
              </Group>
            </>
          ) : solicitud.Estatus === "pendiente" ? (
            <Alert color="gray">
              {canApprove ? SOLICITUD_CUENTA_MSG.pantalla.capturadaPorUsted : SOLICITUD_CUENTA_MSG.pantalla.sinPermiso}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
