import { Button } from "@mantine/core";
import type { NotaCreditoRow } from "@portal/contracts";
import { IconRefresh } from "@tabler/icons-react";
import { isApiError } from "../../../lib/api-client";
import type { Operator } from "../../../lib/list-query";
import { notifyReview } from "../../../lib/notify";
import { useRetryErpNota } from "../api";
import { etiquetaReintentarErpNota } from "../nota-credito-logic";

/**
 * 'Reintentar' of a credit note (issue 36), as the invoices' (RetryErpButton): asks the portal to create the accepted
 * credit note's A/P credit memo in the ERP now. The server's answer is shown like the review's (green, or red with
 * its lines) and the lists are asked again.
 */
export function RetryErpNotaButton({
  operator,
  row,
}: {
  operator: Operator;
  row: Pick<NotaCreditoRow, "IdNotaCredito" | "FolioNotaCredito">;
}) {
  const reintento = useRetryErpNota();
  const retry = async () => {
    try {
      notifyReview(await reintento.mutateAsync({ operator, row }), true);
    } catch (error) {
      // Like the review (spec §8): the server's refusal is shown, a network failure only logged.
      if (isApiError(error) && error.kind === "http") notifyReview(error.message, false);
      else console.error("No se pudo consumir el servicio reintentarErp de notas de crédito pendientes", error);
    }
  };
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconRefresh size={14} aria-hidden />}
      aria-label={etiquetaReintentarErpNota(row.FolioNotaCredito)}
      loading={reintento.isPending}
      onClick={() => void retry()}
    >
      Reintentar
    </Button>
  );
}
