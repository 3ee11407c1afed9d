import { CALLS, type PatchFacturasPendientesRequest } from "@portal/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, operatorBody } from "../../lib/list-query";
import { facturasKeys } from "../facturas/api";

export const facturasPendientesKeys = { all: ["facturas-pendientes"] as const };

/** POST /api/facturasPendientes/getFacturas (spec §7): the invoices to review, same row as /MisFacturas. */
export const facturasPendientesList = defineList({
  key: [...facturasPendientesKeys.all, "list"],
  call: CALLS.facturasPendientesGetFacturas,
  body: operatorBody,
});

/** PATCH /api/facturasPendientes/patchfactura; resolves with the server's message (spec §8). */
export async function patchFacturasPendientes(request: PatchFacturasPendientesRequest): Promise<string> {
  return (await callApi(CALLS.facturasPendientesPatchFactura, request)).message;
}

/**
 * A review changes the pending list and the invoices (their status), so both are asked again; the screen
 * reloads its list after the message whatever the answer (spec §8 "The list is then reloaded").
 */
export function usePatchFacturasPendientes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...facturasPendientesKeys.all, "patch"],
    mutationFn: patchFacturasPendientes,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: facturasPendientesKeys.all });
      void queryClient.invalidateQueries({ queryKey: facturasKeys.all });
    },
  });
}
