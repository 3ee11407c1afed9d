import { CALLS, type ComplementoEsperado, type HistorialFactura } from "@portal/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, type Operator, operatorBody } from "../../lib/list-query";
import { DOMAIN_KEYS } from "../../lib/query-keys";
import type { PostPagoBody } from "./pago-logic";

/** Every payment query starts with ["pagos"] (the review list too): a mutation invalidates them all. */
export const pagosKeys = {
  all: DOMAIN_KEYS.pagos,
  proveedor: (operator: Operator) => ["pagos", "proveedor", operator.id] as const,
  complementoEsperado: (operator: Operator, bd: string, pagoSap: number) =>
    ["pagos", "complemento-esperado", operator.id, bd, pagoSap] as const,
  historial: (operator: Operator, idPago: number) => ["pagos", "historial", operator.id, idPago] as const,
};

/**
 * POST /api/pagos/getHistorial (issue 23): the complement's uploads, corrections and decisions. The detail never
 * breaks on it: a failure is logged and reads as an empty history.
 */
export const historialPagoOptions = (operator: Operator, idPago: number) =>
  queryOptions({
    queryKey: pagosKeys.historial(operator, idPago),
    queryFn: async ({ signal }): Promise<HistorialFactura[]> => {
      try {
        return (await callApi(CALLS.getHistorialPago, { ...operatorBody(operator), IdPago: idPago }, { signal })).data;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        console.warn("No se pudo leer el historial del complemento", idPago, error);
        return [];
      }
    },
    staleTime: 0,
  });

export const useHistorialPago = (operator: Operator, idPago: number) =>
  useQuery(historialPagoOptions(operator, idPago));

/** POST /api/pagos/getPagos (spec §7): payments with the invoices they settle (Detalle). */
export const pagosList = defineList({
  key: [...pagosKeys.all, "list"],
  call: CALLS.getPagos,
  body: operatorBody,
  listPath: "/Pagos",
});

/**
 * POST /api/facturas/getProveedor: the supplier when its registration is complete, [] otherwise (spec §5: "For
 * payments the ending is '...para poder cargar pagos'. This is decided by whether the supplier-profile call
 * returns any data"). Asked again on every visit.
 */
export const proveedorPagoOptions = (operator: Operator) =>
  queryOptions({
    queryKey: pagosKeys.proveedor(operator),
    queryFn: async ({ signal }) => (await callApi(CALLS.getProveedor, operatorBody(operator), { signal })).data,
    staleTime: 0,
  });

export const useProveedorPago = (operator: Operator, isEnabled = true) =>
  useQuery({ ...proveedorPagoOptions(operator), enabled: isEnabled });

/**
 * POST /api/pagos/getComplementoEsperado (issue 14): the complement the supplier must issue for the payment, or
 * null when none is owed. The detail never breaks on it: a failure (a server without the route answers 404) is
 * logged and reads as null, so the panel is simply not shown.
 */
export const complementoEsperadoOptions = (operator: Operator, bd: string, pagoSap: number) =>
  queryOptions({
    queryKey: pagosKeys.complementoEsperado(operator, bd, pagoSap),
    queryFn: async ({ signal }): Promise<ComplementoEsperado | null> => {
      try {
        return (
          await callApi(
            CALLS.getComplementoEsperado,
            { ...operatorBody(operator), BD: bd, PagoSAP: pagoSap },
            { signal },
          )
        ).data;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        console.warn("No se pudo leer el complemento esperado del pago", pagoSap, error);
        return null;
      }
    },
    staleTime: 0,
  });

export const useComplementoEsperado = (operator: Operator, bd: string, pagoSap: number) =>
  useQuery(complementoEsperadoOptions(operator, bd, pagoSap));

/** POST /api/pagos/postPago; resolves with the server's message ('Se agrego con exito los documentos!'). */
export async function postPago(request: PostPagoBody): Promise<string> {
  return (await callApi(CALLS.postPago, request)).message;
}

/** An upload changes the payment's complement, so every payment query (the lists, Home's counts) is asked again. */
export function usePostPago() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...pagosKeys.all, "post"],
    mutationFn: postPago,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pagosKeys.all });
    },
  });
}
