import { CALLS, type PostFacturaPedidoRequest } from "@portal/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../../lib/api-client";
import { type Operator, operatorBody } from "../../../lib/list-query";
import { facturasKeys } from "../api";

/*
 * Issue 42 part 2 (decision 076): services billed against the purchase order — the supplier's open orders with
 * service lines left to bill (getPedidosPorFacturar) and the registration (postFacturaPedido).
 */

export const usePedidosPorFacturar = (operator: Operator, bd: string | null) =>
  useQuery({
    queryKey: [...facturasKeys.all, "pedidosPorFacturar", operator.id, bd ?? ""] as const,
    queryFn: async ({ signal }) =>
      (await callApi(CALLS.getPedidosPorFacturar, { ...operatorBody(operator), BD: bd ?? "" }, { signal })).data,
    enabled: bd !== null && bd !== "",
  });

/** postFacturaPedido; a save invalidates every invoice query (lists, review, Home's counts). */
export function usePostFacturaPedido() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...facturasKeys.all, "postPedido"],
    mutationFn: async (request: PostFacturaPedidoRequest) => (await callApi(CALLS.postFacturaPedido, request)).message,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: facturasKeys.all });
    },
  });
}
