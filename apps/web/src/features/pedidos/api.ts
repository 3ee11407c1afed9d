import { CALLS, type GetPedidosRequest, type PedidoRow } from "@portal/contracts";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPost } from "../../lib/api-client";
import type { Session } from "../../lib/session";

type Operator = Pick<Session, "id" | "operador">;

/**
 * Fresh for a short while, so the request the route loader starts is the one the screen shows (not repeated
 * on mount); a later visit refreshes in the background and 'Recargar' always asks again.
 */
const PEDIDOS_STALE_TIME_MS = 30_000;

export const pedidosKeys = {
  all: ["pedidos"] as const,
  list: (operator: Operator) => [...pedidosKeys.all, "list", operator.operador, operator.id] as const,
};

/** POST /api/pedidos/getPedidos (spec §7): the orders with their lines (DetallePedido). */
export async function postPedidos(operator: Operator, signal?: AbortSignal): Promise<PedidoRow[]> {
  const body: GetPedidosRequest = { usuario: operator.id, operador: operator.operador };
  const answer = await apiPost(CALLS.getPedidos.path, body, CALLS.getPedidos.answer, { signal });
  return answer.data;
}

export const pedidosQueryOptions = (operator: Operator) =>
  queryOptions({
    queryKey: pedidosKeys.list(operator),
    queryFn: ({ signal }) => postPedidos(operator, signal),
    staleTime: PEDIDOS_STALE_TIME_MS,
  });

export const usePedidos = (operator: Operator) => useQuery(pedidosQueryOptions(operator));

/**
 * The list as loaded, never fetched (the detail, spec §2: ":id is the position in the loaded list; when the
 * list is not loaded, the detail goes back to its list"). Observing it keeps the cached list alive.
 */
export const usePedidosCargados = (operator: Operator) =>
  useQuery({ ...pedidosQueryOptions(operator), enabled: false });

/** Same, outside React (the detail route's loader). */
export const pedidosCargados = (queryClient: QueryClient, operator: Operator): PedidoRow[] | undefined =>
  queryClient.getQueryData(pedidosQueryOptions(operator).queryKey);
