import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { SEGUNDO_FACTOR_MSG } from "@portal/contracts";
import { IconShieldOff } from "@tabler/icons-react";
import { useState } from "react";
import { notifySuccess } from "../../../lib/notify";
import { notifySaveError } from "../../../lib/save-feedback";
import { resetEmpleadoSecondFactor } from "../../auth/segundo-factor-api";

/**
 * An administrator removes an employee's second factor (decision 071: a lost phone). A confirmation first; the
 * employee's sessions end and its next sign-in enrols again. Audited by the server.
 */
export function SegundoFactorEmpleadoAction({ usuario }: { usuario: string }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const confirm = async () => {
    setIsPending(true);
    try {
      notifySuccess(await resetEmpleadoSecondFactor(usuario));
    } catch (error) {
      notifySaveError(error, SEGUNDO_FACTOR_MSG.botonRestablecer);
    } finally {
      setIsPending(false);
      setIsConfirming(false);
    }
  };
  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="outline"
          leftSection={<IconShieldOff size={18} aria-hidden />}
          onClick={() => setIsConfirming(true)}
        >
          {SEGUNDO_FACTOR_MSG.botonRestablecer}
        </Button>
      </Group>
      <Modal
        opened={isConfirming}
        onClose={() => {
          if (!isPending) setIsConfirming(false);
        }}
        title={SEGUNDO_FACTOR_MSG.botonRestablecer}
        closeButtonProps={{ "aria-label": "Cerrar" }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{SEGUNDO_FACTOR_MSG.confirmarRestablecer}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)} disabled={isPending}>
              {SEGUNDO_FACTOR_MSG.botonCancelar}
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={isPending}>
              {SEGUNDO_FACTOR_MSG.botonRestablecer}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
