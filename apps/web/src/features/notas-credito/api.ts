import { CALLS, type NotaCreditoDetalle, type NotaCreditoRow, type PostNotaCreditoRequest } from "@portal/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, type Operator, operatorBody } from "../../lib/list-query";
import { defineReviewMutation } from "../../lib/review-mutation";
import { facturasKeys } from "../facturas/api";
import { buildErpRetryNota } from "./nota-credito-logic";

/**
 * Credit notes (issue 27, decision 034) live under the invoices' root: they change the invoices' balance, so an
 * invoice mutation or a credit note's refreshes both.
 */
export const notasCreditoKeys = {
  all: [...facturasKeys.all, "notasCredito"] as const,
  detalle: (operator: Operator, id: number) =>
    [...facturasKeys.all, "notasCredito", "detalle", operator.id, id] as const,
};

/** POST /api/notasCredito/getNotasCredito: a supplier's own credit notes, every one for employees. */
export const notasCreditoList = defineList({
  key: [...notasCreditoKeys.all, "list"],
  call: CALLS.getNotasCredito,
  body: operatorBody,
  listPath: "/Notas-Credito",
});

/**
 * POST /api/notasCredito/getNotaCredito (issue 40, decision 065): one credit note with its Historial, for its detail
 * screen. Asked again on every visit (a review or the ERP may have changed it); a refusal (another supplier's note,
 * one that does not exist) is the screen's to show, not retried.
 */
export const notaCreditoDetalleOptions = (operator: Operator, id: number) =>
  queryOptions({
    queryKey: notasCreditoKeys.detalle(operator, id),
    queryFn: async ({ signal }): Promise<NotaCreditoDetalle> =>
      (await callApi(CALLS.getNotaCredito, { ...operatorBody(operator), IdNotaCredito: id }, { signal })).data,
    staleTime: 0,
    retry: false,
  });
export const useNotaCreditoDetalle = (operator: Operator, id: number) =>
  useQuery(notaCreditoDetalleOptions(operator, id));

/** POST /api/notasCreditoPendientes/getNotasCredito: the credit notes to review. */
export const notasCreditoPendientesList = defineList({
  key: [...notasCreditoKeys.all, "pendientes"],
  call: CALLS.notasCreditoPendientesGetNotasCredito,
  body: operatorBody,
});

/** PATCH /api/notasCreditoPendientes/patchNotaCredito; every invoice query is invalidated whatever the answer. */
const revision = defineReviewMutation({
  key: [...notasCreditoKeys.all, "patch"],
  call: CALLS.notasCreditoPendientesPatchNotaCredito,
  invalidates: facturasKeys.all,
});
export const usePatchNotasCreditoPendientes = revision.useReview;

/** POST /api/notasCredito/postNotaCredito, resolving with the server's message. */
export async function postNotaCredito(request: PostNotaCreditoRequest): Promise<string> {
  return (await callApi(CALLS.postNotaCredito, request)).message;
}

export function usePostNotaCredito() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...notasCreditoKeys.all, "post"],
    mutationFn: postNotaCredito,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: facturasKeys.all }),
  });
}

/**
 * The credit notes of one invoice, for its detail's 'Notas de crédito' section. The detail never breaks on it: a
 * failure shows the section's own message, the rest of the detail stays.
 */
export function useNotasCreditoDeFactura(operator: Operator, idFactura: number) {
  return useQuery({
    queryKey: [...notasCreditoKeys.all, "factura", operator.id, idFactura],
    // The server keeps only the notes that credit this invoice (IdFactura); the filter here guards the section
    // against a server that ignores it. A failure is the section's to say, never shown as an invoice without notes.
    queryFn: async ({ signal }): Promise<NotaCreditoRow[]> => {
      const body = { ...operatorBody(operator), IdFactura: idFactura };
      const rows = (await callApi(CALLS.getNotasCredito, body, { signal })).data;
      return rows.filter((row) => row.Facturas.some((f) => f.IdFactura === idFactura));
    },
    staleTime: 0,
  });
}

/**
 * POST /api/notasCreditoPendientes/reintentarErp (issue 36), resolving with the server's message. Whatever the
 * answer, every invoice query (the credit note lists live under the invoices' root) is asked again, so the row shows
 * its new ERP state and message.
 */
export function useRetryErpNota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...notasCreditoKeys.all, "reintentarErp"],
    mutationFn: async ({ operator, row }: { operator: Operator; row: Pick<NotaCreditoRow, "IdNotaCredito"> }) =>
      (await callApi(CALLS.notasCreditoPendientesReintentarErp, buildErpRetryNota(operator, row))).message,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: facturasKeys.all }),
  });
}
