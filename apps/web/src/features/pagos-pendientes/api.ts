import { CALLS, type PatchPagosRequest } from "@portal/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, operatorBody } from "../../lib/list-query";
import { pagosKeys } from "../pagos/api";

/** Under the payments' root: whatever invalidates the payments invalidates the review list too. */
export const pagosPendientesKeys = { all: [...pagosKeys.all, "pendientes"] as const };

/** POST /api/pagosPendientes/getPagos (spec §7): the complements to review, with the reviewer's comment. */
export const pagosPendientesList = defineList({
  key: [...pagosPendientesKeys.all, "list"],
  call: CALLS.pagosPendientesGetPagos,
  body: operatorBody,
});

/** PATCH /api/pagosPendientes/patchPagos; resolves with the server's message (spec §8). */
export async function patchPagos(request: PatchPagosRequest): Promise<string> {
  return (await callApi(CALLS.patchPagos, request)).message;
}

/**
 * A review changes the complements' statuses: every payment query (the review list, /Pagos, Home's counts) is
 * invalidated, and the screen reloads its list after the message whatever the answer (spec §8 "The list is then
 * reloaded").
 */
export function usePatchPagos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...pagosPendientesKeys.all, "patch"],
    mutationFn: patchPagos,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pagosKeys.all });
    },
  });
}
