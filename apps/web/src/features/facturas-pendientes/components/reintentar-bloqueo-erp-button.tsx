import { Button } from "@mantine/core";
import type { FacturaRow } from "@portal/contracts";
import { IconRefresh } from "@tabler/icons-react";
import { isApiError } from "../../../lib/api-client";
import type { Operator } from "../../../lib/list-query";
import { notifyReview } from "../../../lib/notify";
import { useRetryBloqueoErp } from "../api";
import { etiquetaReintentarBloqueoErp } from "../revision-logic";

/**
 * 'Reintentar' of a payment block's ERP job (issue 36), as the invoice's own (RetryErpButton): the block (or its
 * lifting) is sent to the ERP now; the server's answer is shown like the review's and the lists are asked again.
 */
export function RetryBloqueoErpButton({
  operator,
  row,
}: {
  operator: Operator;
  row: Pick<FacturaRow, "IdFactura" | "FolioFactura">;
}) {
  const reintento = useRetryBloqueoErp();
  const retry = async () => {
    try {
      notifyReview(await reintento.mutateAsync({ operator, row }), true);
    } catch (error) {
      if (isApiError(error) && error.kind === "http") notifyReview(error.message, false);
      else console.error("No se pudo consumir el servicio reintentarBloqueoErp de facturas pendientes", error);
    }
  };
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconRefresh size={14} aria-hidden />}
      aria-label={etiquetaReintentarBloqueoErp(row.FolioFactura)}
      loading={reintento.isPending}
      onClick={() => void retry()}
    >
      Reintentar
    </Button>
  );
}
