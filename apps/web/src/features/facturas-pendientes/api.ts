import { CALLS, type FacturaRow, type QuitarBloqueoPagoRequest, type ReintentarErpRequest } from "@portal/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, type Operator, operatorBody } from "../../lib/list-query";
import { defineReviewMutation } from "../../lib/review-mutation";
import { facturasKeys, facturasList } from "../facturas/api";
import { buildBloqueoErpRetry, buildErpRetry } from "./revision-logic";

/** Under the invoices' root: whatever invalidates the invoices invalidates the review list too. */
export const facturasPendientesKeys = { all: [...facturasKeys.all, "pendientes"] as const };

/** POST /api/facturasPendientes/getFacturas (spec §7): the invoices to review, same row as /MisFacturas. */
export const facturasPendientesList = defineList({
  key: [...facturasPendientesKeys.all, "list"],
  call: CALLS.facturasPendientesGetFacturas,
  body: operatorBody,
});

/**
 * PATCH /api/facturasPendientes/patchfactura, resolving with the server's message (spec §8); every invoice query
 * (the review list, /MisFacturas, the histories, Home's counts) is invalidated whatever the answer.
 */
const revision = defineReviewMutation({
  key: [...facturasPendientesKeys.all, "patch"],
  call: CALLS.facturasPendientesPatchFactura,
  invalidates: facturasKeys.all,
});
export const patchFacturasPendientes = revision.send;
export const usePatchFacturasPendientes = revision.useReview;

/** POST /api/facturasPendientes/reintentarErp (issue 13); resolves with the server's message. */
export async function retryErp(request: ReintentarErpRequest): Promise<string> {
  return (await callApi(CALLS.facturasPendientesReintentarErp, request)).message;
}

/** Who asks to retry which invoice. */
export interface ReintentoErp {
  operator: Operator;
  row: Pick<FacturaRow, "IdFactura">;
}

/**
 * After a call that changes an invoice (a retry, a block lifted), every invoice query (the pending list, the
 * invoice's Historial) is asked again whatever the answer. The invoice detail reads its row from the loaded invoice
 * list without observing it (an inactive query that invalidation would not refetch), so a loaded list is fetched
 * again here and the detail shows the new state.
 */
function refreshFacturas(queryClient: QueryClient, operator: Operator) {
  void queryClient.invalidateQueries({ queryKey: facturasKeys.all });
  const facturas = facturasList.queryOptions(operator);
  if (queryClient.getQueryData(facturas.queryKey) !== undefined) {
    // A failure is reported by the query cache like any list's (spec §8); the detail keeps the loaded row.
    void queryClient.fetchQuery({ ...facturas, staleTime: 0 }).catch(() => undefined);
  }
}

/** A retry changes the invoice's ERP state: the invoice queries are asked again (refreshFacturas). */
export function useRetryErp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...facturasPendientesKeys.all, "reintentarErp"],
    mutationFn: ({ operator, row }: ReintentoErp) => retryErp(buildErpRetry(operator, row)),
    onSettled: (_message, _error, { operator }) => refreshFacturas(queryClient, operator),
  });
}

/**
 * POST /api/facturasPendientes/quitarBloqueoPago (issue 36, decision 038): lifts an invoice's payment block with the
 * reason; resolves with the server's message. Whatever the answer (another employee may have lifted it first), the
 * invoice queries are asked again.
 */
export function useQuitarBloqueoPago() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...facturasPendientesKeys.all, "quitarBloqueoPago"],
    mutationFn: async ({ request }: { operator: Operator; request: QuitarBloqueoPagoRequest }) =>
      (await callApi(CALLS.facturasPendientesQuitarBloqueoPago, request)).message,
    onSettled: (_message, _error, { operator }) => refreshFacturas(queryClient, operator),
  });
}

/** POST /api/facturasPendientes/reintentarBloqueoErp (issue 36): the payment block's ERP job now. */
export function useRetryBloqueoErp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...facturasPendientesKeys.all, "reintentarBloqueoErp"],
    mutationFn: async ({ operator, row }: ReintentoErp) =>
      (await callApi(CALLS.facturasPendientesReintentarBloqueoErp, buildBloqueoErpRetry(operator, row))).message,
    onSettled: (_message, _error, { operator }) => refreshFacturas(queryClient, operator),
  });
}
