import { CALLS, type PostNotaCreditoRequest } from "@portal/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, operatorBody } from "../../lib/list-query";
import { defineReviewMutation } from "../../lib/review-mutation";
import { facturasKeys } from "../facturas/api";

/**
 * Credit notes (issue 27, decision 034) live under the invoices' root: they change the invoices' balance, so an
 * invoice mutation or a credit note's refreshes both.
 */
export const notasCreditoKeys = { all: [...facturasKeys.all, "notasCredito"] as const };

/** POST /api/notasCredito/getNotasCredito: a supplier's own credit notes, every one for employees. */
export const notasCreditoList = defineList({
  key: [...notasCreditoKeys.all, "list"],
  call: CALLS.getNotasCredito,
  body: operatorBody,
  listPath: "/Notas-Credito",
});

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
