import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import type { ComplementosAtrasadosRow } from "@portal/contracts";
import { useCallback, useState } from "react";
import { notifySuccess } from "../../../lib/notify";
import { notifySaveError } from "../../../lib/save-feedback";
import type { Session } from "../../../lib/session";
import { useSetRetenerPagos } from "../api";

/**
 * 'Retener pagos' / 'Quitar retención' of one supplier: the supplier the dialog is open for, its comment and the
 * call that stores the flag (a message either way, then the dialog closes).
 */
export function useRetenerPagos(session: Session) {
  const save = useSetRetenerPagos();
  const [objetivo, setObjetivo] = useState<ComplementosAtrasadosRow | null>(null);
  const [comentarios, setComentarios] = useState("");
  const retener = objetivo?.RetenerPagos !== "Y";
  // Stable, so the supplier columns that open the dialog are built once.
  const open = useCallback((row: ComplementosAtrasadosRow) => {
    setComentarios("");
    setObjetivo(row);
  }, []);
  const confirm = () => {
    if (!objetivo) return;
    save.mutate(
      {
        usuario: session.id,
        operador: session.operador,
        CardCode: objetivo.CardCode,
        RetenerPagos: retener ? "Y" : "N",
        Comentarios: comentarios,
      },
      {
        onSuccess: (message) => {
          setObjetivo(null);
          notifySuccess(message);
        },
        onError: (error) => {
          setObjetivo(null);
          notifySaveError(error, "No se pudo guardar la retención de pagos");
        },
      },
    );
  };
  return {
    objetivo,
    comentarios,
    setComentarios,
    retener,
    open,
    close: () => setObjetivo(null),
    confirm,
    isPending: save.isPending,
  };
}

export type RetenerPagosState = ReturnType<typeof useRetenerPagos>;

/** The confirmation of 'Retener pagos' / 'Quitar retención', with its comment. */
export function RetenerPagosDialog({ state }: { state: RetenerPagosState }) {
  const { objetivo, retener, isPending } = state;
  return (
    <Modal
      opened={objetivo !== null}
      onClose={() => {
        if (!isPending) state.close();
      }}
      title={retener ? "Retener pagos" : "Quitar retención"}
      closeButtonProps={{ "aria-label": "Cerrar" }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {retener
            ? `¿Marcar a ${objetivo?.CardName ?? ""} para retener sus pagos por complementos atrasados? Los revisores lo verán en sus listas.`
            : `¿Quitar la retención de pagos de ${objetivo?.CardName ?? ""}?`}
        </Text>
        <Textarea
          label="Comentarios"
          value={state.comentarios}
          onChange={(event) => state.setComentarios(event.currentTarget.value)}
          maxLength={1000}
          rows={3}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={state.close} disabled={isPending}>
            Cancelar
          </Button>
          <Button onClick={state.confirm} loading={isPending}>
            {retener ? "Retener pagos" : "Quitar retención"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
