import { CALLS, type SetRetenerPagosRequest } from "@portal/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendCall } from "../../lib/api-client";
import { defineList, operatorBody } from "../../lib/list-query";
import { DOMAIN_KEYS } from "../../lib/query-keys";

/**
 * POST /api/complementosAtrasados/getComplementosAtrasados (issue 27, not in the spec): per supplier, the payments
 * past the complement's deadline. Under the payments' domain, so a review or an upload refreshes it.
 */
export const complementosAtrasadosList = defineList({
  key: [...DOMAIN_KEYS.pagos, "atrasados"],
  call: CALLS.getComplementosAtrasados,
  body: operatorBody,
  listPath: "/Complementos-Atrasados",
});

/**
 * setRetenerPagos: sets or clears a supplier's "retener pagos por complementos atrasados"; resolves with the
 * server's message. The flag shows in this report, the supplier catalogue and both review lists, so all three
 * domains are refreshed.
 */
export function useSetRetenerPagos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...DOMAIN_KEYS.proveedores, "retenerPagos"],
    mutationFn: async (request: SetRetenerPagosRequest) =>
      ((await sendCall(CALLS.setRetenerPagos, request)) as { message: string }).message,
    onSuccess: () => {
      for (const key of [DOMAIN_KEYS.pagos, DOMAIN_KEYS.facturas, DOMAIN_KEYS.proveedores]) {
        void queryClient.invalidateQueries({ queryKey: [...key] });
      }
    },
  });
}
