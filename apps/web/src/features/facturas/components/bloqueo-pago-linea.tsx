import { Stack, Text } from "@mantine/core";
import type { FacturaRow } from "@portal/contracts";
import type { ReactNode } from "react";
import { bloqueoPago } from "../bloqueo-pago";

/**
 * The payment block's line and its ERP job (issue 27, decision 036); nothing when the invoice has none. `accion`:
 * the job's 'Reintentar' (issue 36), when the viewer may ask for it.
 */
export function BloqueoPagoLinea({
  row,
  isCompact = false,
  accion = null,
}: {
  row: FacturaRow;
  isCompact?: boolean;
  accion?: ReactNode;
}) {
  const bloqueo = bloqueoPago(row);
  if (!bloqueo) return null;
  return (
    <Stack gap={2} maw={isCompact ? 260 : undefined} data-bloqueo-pago>
      <Text size={isCompact ? "xs" : "sm"} c={`${bloqueo.color}.8`} fw={500}>
        {isCompact ? bloqueo.etiqueta : bloqueo.linea}
      </Text>
      {bloqueo.trabajo ? (
        <Text size="xs" c="gray.8">
          {bloqueo.trabajo}
        </Text>
      ) : null}
      {bloqueo.error ? (
        <Text size="xs" c="red.8" lineClamp={isCompact ? 2 : undefined}>
          {bloqueo.error}
        </Text>
      ) : null}
      {accion}
    </Stack>
  );
}
