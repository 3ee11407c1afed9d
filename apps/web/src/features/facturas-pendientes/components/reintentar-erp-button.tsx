import { Button } from "@mantine/core";
import type { FacturaRow } from "@portal/contracts";
import { IconRefresh } from "@tabler/icons-react";
import { isApiError } from "../../../lib/api-client";
import type { Operator } from "../../../lib/list-query";
import { notifyReview } from "../../../lib/notify";
import { useRetryErp } from "../api";
import { etiquetaReintentarErp } from "../revision-logic";

/**
 * 'Reintentar' (issue 13): asks the portal to create the accepted invoice's A/P invoice in the ERP now instead of
 * waiting for the next automatic retry. The server's answer is shown like the review's (green, or red with its
 * lines) and both invoice lists are asked again, so the row shows its new ERP state and message.
 */
export function RetryErpButton({
  operator,
  row,
}: {
  operator: Operator;
  row: Pick<FacturaRow, "IdFactura" | "FolioFactura">;
}) {
  const reintento = useRetryErp();
  const retry = async () => {
    try {
      notifyReview(await reintento.mutateAsync({ operator, row }), true);
    } catch (error) {
      // Like the review (spec §8): the server's refusal is shown, a network failure only logged.
      if (isApiError(error) && error.kind === "http") notifyReview(error.message, false);
      else console.error("No se pudo consumir el servicio reintentarErp de facturas pendientes", error);
    }
  };
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconRefresh size={14} aria-hidden />}
      aria-label={etiquetaReintentarErp(row.FolioFactura)}
      loading={reintento.isPending}
      onClick={() => void retry()}
    >
      Reintentar
    </Button>
  );
}
