import {
  type AprobarSolicitudCuentaRequest,
  CALLS,
  type PostSolicitudCuentaRequest,
  type RechazarSolicitudCuentaRequest,
} from "@portal/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { sendCall } from "../../lib/api-client";
import { DOMAIN_KEYS } from "../../lib/query-keys";

/** Bank accounts and their change requests (issue 41, decision 069), under the suppliers' domain. */
const KEY = [...DOMAIN_KEYS.proveedores, "cuentasBancarias"] as const;

/** getCuentasBancarias: the supplier's approved accounts and its requests. */
export const cuentasQueryOptions = (cardCode?: string) => ({
  queryKey: [...KEY, "proveedor", cardCode ?? ""],
  queryFn: async () => (await sendCall(CALLS.getCuentasBancarias, cardCode ? { CardCode: cardCode } : {})).data,
});
export const useCuentasBancarias = (cardCode?: string) => useQuery(cuentasQueryOptions(cardCode));

/** getSolicitudes: the employees' list, by status. */
export const solicitudesQueryOptions = (estatus: "pendiente" | "aprobada" | "rechazada" | "todas") => ({
  queryKey: [...KEY, "solicitudes", estatus],
  queryFn: async () => (await sendCall(CALLS.getSolicitudesCuentaBancaria, { Estatus: estatus })).data,
});
export const useSolicitudesCuenta = (estatus: "pendiente" | "aprobada" | "rechazada" | "todas") =>
  useQuery(solicitudesQueryOptions(estatus));

/** getSolicitud: one request with its Historial. */
export const useSolicitudCuenta = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, "solicitud", id ?? 0],
    queryFn: async () => (await sendCall(CALLS.getSolicitudCuentaBancaria, { Solicitud: id ?? 0 })).data,
    enabled: id !== null,
  });

/** Every mutation here answers the server's message and refreshes the accounts' queries. */
function useCuentaMutation<T>(name: string, send: (request: T) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...KEY, name],
    mutationFn: send,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...KEY] }),
  });
}

export const useCreateSolicitudCuenta = () =>
  useCuentaMutation("crear", async (request: PostSolicitudCuentaRequest) => {
    return ((await sendCall(CALLS.postSolicitudCuentaBancaria, request)) as { message: string }).message;
  });
export const useApproveSolicitudCuenta = () =>
  useCuentaMutation("aprobar", async (request: AprobarSolicitudCuentaRequest) => {
    return ((await sendCall(CALLS.aprobarSolicitudCuentaBancaria, request)) as { message: string }).message;
  });
export const useRejectSolicitudCuenta = () =>
  useCuentaMutation("rechazar", async (request: RechazarSolicitudCuentaRequest) => {
    return ((await sendCall(CALLS.rechazarSolicitudCuentaBancaria, request)) as { message: string }).message;
  });
