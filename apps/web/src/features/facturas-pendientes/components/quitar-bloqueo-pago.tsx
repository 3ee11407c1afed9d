import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import type { FacturaRow } from "@portal/contracts";
import { IconLockOpen } from "@tabler/icons-react";
import { useState } from "react";
import { isApiError } from "../../../lib/api-client";
import type { Operator } from "../../../lib/list-query";
import { notifyReview } from "../../../lib/notify";
import { useQuitarBloqueoPago } from "../api";
import { buildQuitarBloqueo, etiquetaQuitarBloqueo } from "../revision-logic";

/**
 * 'Quitar bloqueo de pago' (issue 36, decision 038), given to accounts payable (the pendientes access) on the
 * detail of an invoice whose payment the SAT's cancellation blocked: a dialog asks the reason (required, as the
 * server requires it), then the server lifts the block, audits it and asks the ERP to lift it too. The answer shows
 * like a review's (green, or red with the server's words: another employee may have lifted it first) and the
 * invoice lists are asked again.
 */
export function QuitarBloqueoPagoButton({
  operator,
  row,
}: {
  operator: Operator;
  row: Pick<FacturaRow, "IdFactura" | "FolioFactura" | "Version">;
}) {
  const [abierto, setAbierto] = useState(false);
  const [motivo, setMotivo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const liftBlock = useQuitarBloqueoPago();
  const openDialog = () => {
    setMotivo("");
    setError(null);
    setAbierto(true);
  };
  const confirmar = async () => {
    const armado = buildQuitarBloqueo(operator, row, motivo);
    if ("error" in armado) {
      setError(armado.error);
      return;
    }
    try {
      notifyReview(await liftBlock.mutateAsync({ operator, request: armado.request }), true);
      setAbierto(false);
    } catch (e) {
      // Like the review (spec §8): the server's refusal is shown, a network failure only logged.
      if (isApiError(e) && e.kind === "http") {
        notifyReview(e.message, false);
        setAbierto(false);
      } else console.error("No se pudo consumir el servicio quitarBloqueoPago de facturas pendientes", e);
    }
  };
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        leftSection={<IconLockOpen size={14} aria-hidden />}
        aria-label={etiquetaQuitarBloqueo(row.FolioFactura)}
        onClick={openDialog}
      >
        Quitar bloqueo de pago
      </Button>
      <Modal
        opened={abierto}
        onClose={() => {
          if (!liftBlock.isPending) setAbierto(false);
        }}
        title="Quitar bloqueo de pago"
        closeButtonProps={{ "aria-label": "Cerrar" }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {`Se pedirá al ERP quitar el bloqueo de pago de la factura ${row.FolioFactura}, aunque el SAT canceló su CFDI. El motivo queda en su Historial.`}
          </Text>
          <Textarea
            label="Motivo"
            required
            value={motivo}
            onChange={(event) => {
              setMotivo(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={1000}
            rows={3}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAbierto(false)} disabled={liftBlock.isPending}>
              Cancelar
            </Button>
            <Button color="red" onClick={() => void confirmar()} loading={liftBlock.isPending}>
              Quitar bloqueo
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
