import { CALLS, type TileConConteo } from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, type Operator, operatorBody } from "../../lib/list-query";
import { isProveedor } from "../../lib/permissions";
import { DOMAIN_KEYS, TILE_DOMAIN } from "../../lib/query-keys";

/**
 * Home data counts as fresh for a short while, so the request the route loader starts is the one the
 * screen shows (not repeated on mount); a later visit to Home asks again.
 */
const HOME_STALE_TIME_MS = 30_000;

/**
 * Home has no root of its own: each tile's count lives under the domain of the list it counts and the supplier's
 * companies under the sociedades', so whatever invalidates a domain (a review, an upload, a save) refreshes Home.
 */
export const homeKeys = {
  rowDocuments: (operator: Operator, dato: TileConConteo) =>
    [...DOMAIN_KEYS[TILE_DOMAIN[dato]], "rowDocuments", dato, operator.operador, operator.id] as const,
};

/**
 * POST /api/home/getSociedades (spec §7): the supplier's companies for the Home table. Loads only for
 * suppliers (spec §6: "The supplier's companies table loads only for suppliers").
 */
export const homeSociedadesList = defineList({
  key: [...DOMAIN_KEYS.sociedades, "home"],
  call: CALLS.homeGetSociedades,
  body: (operator: Operator) => ({ ...operatorBody(operator), dato: "SN" as const }),
  isEnabled: isProveedor,
  staleTime: HOME_STALE_TIME_MS,
});
export const homeSociedadesQueryOptions = homeSociedadesList.queryOptions;
export const useHomeSociedades = homeSociedadesList.useList;

/**
 * POST /api/home/getPagosProximos (issue 27): what the supplier is expected to be paid in the next 30 days, by
 * week; under the invoices' domain, so whatever changes invoices refreshes it.
 */
export const pagosProximosQueryOptions = (operator: Operator) =>
  queryOptions({
    queryKey: [...DOMAIN_KEYS.facturas, "pagosProximos", operator.operador, operator.id] as const,
    queryFn: async ({ signal }) => (await callApi(CALLS.homeGetPagosProximos, operatorBody(operator), { signal })).data,
    staleTime: HOME_STALE_TIME_MS,
  });
export const usePagosProximos = (operator: Operator) => useQuery(pagosProximosQueryOptions(operator));

/** POST /api/home/RowDocuments (spec §7): the count shown on one tile. */
export async function postRowDocuments(operator: Operator, dato: TileConConteo, signal?: AbortSignal): Promise<number> {
  const answer = await callApi(CALLS.homeRowDocuments, { ...operatorBody(operator), dato }, { signal });
  return answer.data.Registro;
}

/** One query per tile, loaded once per visit to Home (spec §4); never refetched on focus. */
export const rowDocumentsQueryOptions = (operator: Operator, dato: TileConConteo) =>
  queryOptions({
    queryKey: homeKeys.rowDocuments(operator, dato),
    queryFn: ({ signal }) => postRowDocuments(operator, dato, signal),
    staleTime: HOME_STALE_TIME_MS,
  });

export const useRowDocuments = (operator: Operator, dato: TileConConteo) =>
  useQuery(rowDocumentsQueryOptions(operator, dato));
