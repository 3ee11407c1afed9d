import {
  type AvisarProveedorConciliacionRequest,
  CALLS,
  type DescargarXmlSatRequest,
  type GetConciliacionSatRequest,
} from "@portal/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { sendCall } from "../../lib/api-client";
import { DOMAIN_KEYS } from "../../lib/query-keys";

/**
 * The SAT reconciliation (issue 43 §4, decision 075) lives under the invoices' domain: a review or an upload of an
 * invoice changes its labels, so it is refreshed with them.
 */
const conciliacionKey = [...DOMAIN_KEYS.facturas, "conciliacionSat"] as const;

/** POST /api/conciliacionSat/getConciliacion: one sociedad and one month. No polling: 'Recargar' asks again. */
export const conciliacionSatQueryOptions = (request: GetConciliacionSatRequest) =>
  queryOptions({
    queryKey: [...conciliacionKey, request.Sociedad, request.Periodo],
    queryFn: async () => (await sendCall(CALLS.getConciliacionSat, request)).data,
  });

export function useConciliacionSat(request: GetConciliacionSatRequest | null) {
  return useQuery({
    ...conciliacionSatQueryOptions(request ?? { Sociedad: 0, Periodo: "" }),
    enabled: request !== null,
  });
}

/** avisarProveedor: the one mail to a supplier with its CFDI missing from the portal; resolves with the server's message. */
export function useAvisarProveedor() {
  return useMutation({
    mutationKey: [...conciliacionKey, "avisarProveedor"],
    mutationFn: async (request: AvisarProveedorConciliacionRequest) =>
      ((await sendCall(CALLS.avisarProveedorConciliacion, request)) as { message: string }).message,
  });
}

/** descargaSat/ejecutar (administrators): runs the SAT's Descarga Masiva now; resolves with the job's summary. */
export function useEjecutarDescargaSat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...conciliacionKey, "ejecutar"],
    mutationFn: async () => ((await sendCall(CALLS.ejecutarDescargaSat, {})) as { message: string }).message,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...conciliacionKey] });
      void queryClient.invalidateQueries({ queryKey: [...DOMAIN_KEYS.tareas] });
    },
  });
}

/**
 * descargaSat/descargarXml (administrators): asks the SAT for the XML of the sociedad's month, or follows the request
 * in force; resolves with the server's message, and the reconciliation is reloaded (its rows offer the XML).
 */
export function useDescargarXmlSat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...conciliacionKey, "descargarXml"],
    mutationFn: async (request: DescargarXmlSatRequest) =>
      ((await sendCall(CALLS.descargarXmlSat, request)) as { message: string }).message,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...conciliacionKey] }),
  });
}
