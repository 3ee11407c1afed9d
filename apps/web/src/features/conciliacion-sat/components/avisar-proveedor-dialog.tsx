import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { CONCILIACION_SAT_TEXTOS } from "@portal/contracts";
import { useCallback, useState } from "react";
import { notifySuccess } from "../../../lib/notify";
import { notifySaveError } from "../../../lib/save-feedback";
import { useAvisarProveedor } from "../api";
import type { ProveedorConFaltantes } from "../conciliacion-logic";

/** 'Avisar al proveedor': the supplier the confirmation is open for, and the call that sends its one mail. */
export function useAvisar(sociedad: number | null, periodo: string) {
  const send = useAvisarProveedor();
  const [objetivo, setObjetivo] = useState<ProveedorConFaltantes | null>(null);
  const open = useCallback((row: ProveedorConFaltantes) => setObjetivo(row), []);
  const confirm = () => {
    if (!objetivo || sociedad === null) return;
    send.mutate(
      { Sociedad: sociedad, Periodo: periodo, CardCode: objetivo.CardCode },
      {
        onSuccess: (message) => {
          setObjetivo(null);
          notifySuccess(message);
        },
        onError: (error) => {
          setObjetivo(null);
          notifySaveError(error, "No se pudo enviar el aviso al proveedor");
        },
      },
    );
  };
  return { objetivo, open, close: () => setObjetivo(null), confirm, isPending: send.isPending };
}

export type AvisarState = ReturnType<typeof useAvisar>;

export function AvisarProveedorDialog({ state }: { state: AvisarState }) {
  const { objetivo, isPending } = state;
  return (
    <Modal
      opened={objetivo !== null}
      onClose={() => {
        if (!isPending) state.close();
      }}
      title="Avisar al proveedor"
      closeButtonProps={{ "aria-label": "Cerrar" }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {objetivo ? CONCILIACION_SAT_TEXTOS.notifyQuestion(objetivo.NombreEmisor, objetivo.Faltantes) : ""}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={state.close} disabled={isPending}>
            Cancelar
          </Button>
          <Button onClick={state.confirm} loading={isPending}>
            Enviar correo
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
