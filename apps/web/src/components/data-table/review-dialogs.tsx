import { Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import type { RowEdits } from "./data-table-logic";
import { estatusElegidoRevision, MENSAJE_CAMBIOS_SIN_ENVIAR, type RevisionConfig } from "./review-logic";

interface ConfirmacionRevisionProps<Row, Estatus extends string> {
  isOpen: boolean;
  config: RevisionConfig<Row, Estatus>;
  /** The checked rows, listed with the status each is set to. */
  checkedRows: readonly Row[];
  edits: RowEdits;
  confirmation: {
    title: string;
    heading: string;
    listLabel: string;
    item: (row: Row) => { folio: string; proveedor: string };
  };
  isSending: boolean;
  onCancel: () => void;
  onAccept: () => void;
}

/** The confirmation dialog of a review (spec §2): the checked rows and the status each is set to. */
export function ConfirmacionRevision<Row, Estatus extends string>(props: ConfirmacionRevisionProps<Row, Estatus>) {
  const { config, confirmation, edits, isSending, onCancel } = props;
  return (
    <Modal
      opened={props.isOpen}
      onClose={() => {
        if (!isSending) onCancel();
      }}
      title={confirmation.title}
      closeButtonProps={{ "aria-label": "Cerrar" }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{confirmation.heading}</Text>
        <List size="sm" aria-label={confirmation.listLabel}>
          {props.checkedRows.map((row) => {
            const { folio, proveedor } = confirmation.item(row);
            const estatus = estatusElegidoRevision(config, row, edits);
            const etiqueta = config.options.find((o) => o.value === estatus)?.label ?? estatus;
            return (
              <List.Item key={config.rowKey(row)}>
                {folio} · {proveedor} · {etiqueta}
              </List.Item>
            );
          })}
        </List>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSending}>
            Cancelar
          </Button>
          <Button onClick={props.onAccept} loading={isSending}>
            Aceptar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Asks before leaving the list with decisions not sent: stay, or leave without sending. */
export function CambiosSinEnviarModal({
  isOpen,
  onStay,
  onLeave,
}: {
  isOpen: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal
      opened={isOpen}
      onClose={onStay}
      title="Cambios sin enviar"
      closeButtonProps={{ "aria-label": "Cerrar" }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{MENSAJE_CAMBIOS_SIN_ENVIAR}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay}>
            Permanecer en la página
          </Button>
          <Button color="red" onClick={onLeave}>
            Salir sin enviar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
