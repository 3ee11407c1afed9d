import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { EstatusActivo } from "@portal/contracts";
import { IconUserCheck, IconUserOff } from "@tabler/icons-react";
import { useState } from "react";
import { notifySuccess } from "../../../lib/notify";
import { notifySaveError } from "../../../lib/save-feedback";
import { useUpdateEstatusEmpleado } from "../api";

export interface EstatusEmpleadoActionProps {
  /** The employee's user code (IdEmpleado), which identifies it to the API. */
  usuario: string;
  estatus: EstatusActivo;
  /** The status the API accepted; the form shows it. */
  onChanged: (estatus: EstatusActivo) => void;
}

/**
 * Desactivar / Activar an employee (issue 22; not in the spec, whose form locks the status after creation).
 * Administrators only: a confirmation first, then updateEstatusEmpleado and the server's message. An inactive
 * employee cannot sign in and its open sessions end at once, which the dialog says before it happens.
 */
export function EstatusEmpleadoAction({ usuario, estatus, onChanged }: EstatusEmpleadoActionProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const cambio = useUpdateEstatusEmpleado();
  const accionDe = (destino: EstatusActivo) => (destino === "I" ? "Desactivar" : "Activar");
  const iconDe = (destino: EstatusActivo) =>
    destino === "I" ? <IconUserOff size={18} aria-hidden /> : <IconUserCheck size={18} aria-hidden />;
  const nuevo: EstatusActivo = estatus === "A" ? "I" : "A";
  // What the open dialog asks, kept while it closes (the status it changed must not rewrite it as it fades).
  const [objetivo, setObjetivo] = useState<EstatusActivo>(nuevo);
  const open = () => {
    setObjetivo(nuevo);
    setIsConfirming(true);
  };

  const confirm = () =>
    cambio.mutate(
      { Usuario: usuario, Estatus: objetivo },
      {
        onSuccess: (message) => {
          setIsConfirming(false);
          onChanged(objetivo);
          notifySuccess(message);
        },
        onError: (error) => {
          setIsConfirming(false);
          notifySaveError(error, "No se pudo cambiar el estatus del empleado");
        },
      },
    );

  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button variant="outline" color={nuevo === "I" ? "red" : undefined} leftSection={iconDe(nuevo)} onClick={open}>
          {accionDe(nuevo)}
        </Button>
        <Text size="sm" c="dimmed">
          {nuevo === "I"
            ? "Un empleado inactivo no puede iniciar sesión."
            : "El empleado está inactivo: no puede iniciar sesión."}
        </Text>
      </Group>
      <Modal
        opened={isConfirming}
        onClose={() => {
          if (!cambio.isPending) setIsConfirming(false);
        }}
        title={`${accionDe(objetivo)} empleado`}
        closeButtonProps={{ "aria-label": "Cerrar" }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {objetivo === "I"
              ? `¿Desactivar al empleado ${usuario}? No podrá iniciar sesión y sus sesiones abiertas terminarán de inmediato.`
              : `¿Activar al empleado ${usuario}? Podrá volver a iniciar sesión.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={cambio.isPending}>
              Cancelar
            </Button>
            <Button
              color={objetivo === "I" ? "red" : undefined}
              leftSection={iconDe(objetivo)}
              onClick={confirm}
              loading={cambio.isPending}
            >
              {accionDe(objetivo)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
