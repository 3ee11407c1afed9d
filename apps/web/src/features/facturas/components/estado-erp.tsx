import { Badge, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { CodeTooltip } from "../../../components/code-tooltip";
import type { EstadoErpMostrado } from "../factura-logic";

interface EstadoErpProps {
  estado: EstadoErpMostrado;
  /** In a table cell the ERP's message is cut to two lines, the whole of it on hover, focus or long touch. */
  isCompact?: boolean;
  /** The 'Reintentar' button, when the viewer may ask for it (employees who review invoices). */
  accion?: ReactNode;
}

/**
 * An accepted invoice's state in the ERP (issue 13): 'Factura SAP {FolioSAP}', 'Pendiente en ERP' or 'Error en
 * ERP', the ERP's last message below it when there is one, and the retry action passed in.
 */
export function EstadoErp({ estado, isCompact = false, accion }: EstadoErpProps) {
  const mensaje = estado.error ? (
    <Text
      span
      size="xs"
      c="red.8"
      lineClamp={isCompact ? 2 : undefined}
      style={{ whiteSpace: "pre-line" }}
      data-error-erp
    >
      {estado.error}
    </Text>
  ) : null;
  return (
    <Stack gap={4} align="flex-start" miw={isCompact ? 170 : undefined} maw={isCompact ? 260 : undefined}>
      <Badge variant="light" color={estado.color} radius="sm" tt="none">
        {estado.etiqueta}
      </Badge>
      {mensaje && isCompact ? <CodeTooltip label={estado.error}>{mensaje}</CodeTooltip> : mensaje}
      {accion}
    </Stack>
  );
}
