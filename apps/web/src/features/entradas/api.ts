import { CALLS, type EntradaRow, type GetEntradasMercanciaRequest } from "@portal/contracts";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPost } from "../../lib/api-client";
import type { Session } from "../../lib/session";

type Operator = Pick<Session, "id" | "operador">;

/**
 * Fresh for a short while, so the request the route loader starts is the one the screen shows (not repeated
 * on mount); a later visit refreshes in the background and 'Recargar' always asks again.
 */
const ENTRADAS_STALE_TIME_MS = 30_000;

export const entradasKeys = {
  all: ["entradas"] as const,
  list: (operator: Operator) => [...entradasKeys.all, "list", operator.operador, operator.id] as const,
};

/** POST /api/entradasMercancia/getEntradasMercancia (spec §7): the goods receipts with their lines. */
export async function postEntradas(operator: Operator, signal?: AbortSignal): Promise<EntradaRow[]> {
  const body: GetEntradasMercanciaRequest = { usuario: operator.id, operador: operator.operador };
  const answer = await apiPost(CALLS.getEntradasMercancia.path, body, CALLS.getEntradasMercancia.answer, { signal });
  return answer.data;
}

export const entradasQueryOptions = (operator: Operator) =>
  queryOptions({
    queryKey: entradasKeys.list(operator),
    queryFn: ({ signal }) => postEntradas(operator, signal),
    staleTime: ENTRADAS_STALE_TIME_MS,
  });

export const useEntradas = (operator: Operator) => useQuery(entradasQueryOptions(operator));

/**
 * The list as loaded, never fetched (the detail, spec §2: ":id is the position in the loaded list; when the
 * list is not loaded, the detail goes back to its list"). Observing it keeps the cached list alive.
 */
export const useEntradasCargadas = (operator: Operator) =>
  useQuery({ ...entradasQueryOptions(operator), enabled: false });

/** Same, outside React (the detail route's loader). */
export const entradasCargadas = (queryClient: QueryClient, operator: Operator): EntradaRow[] | undefined =>
  queryClient.getQueryData(entradasQueryOptions(operator).queryKey);
