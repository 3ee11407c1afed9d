import { CALLS, type PatchPagosRequest } from "@portal/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, operatorBody } from "../../lib/list-query";
import { pagosKeys } from "../pagos/api";

export const pagosPendientesKeys = { all: ["pagos-pendientes"] as const };

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
 * A review changes the pending list and the payments (their complement status), so both are asked again; the
 * screen reloads its list after the message whatever the answer (spec §8 "The list is then reloaded").
 */
export function usePatchPagos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...pagosPendientesKeys.all, "patch"],
    mutationFn: patchPagos,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pagosPendientesKeys.all });
      void queryClient.invalidateQueries({ queryKey: pagosKeys.all });
    },
  });
}
