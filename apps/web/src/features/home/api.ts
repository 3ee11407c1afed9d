import {
  type HomeSociedadRow,
  homeSociedadesAnswerSchema,
  type homeSociedadesRequestSchema,
  type RowDocumentsRequest,
  rowDocumentsAnswerSchema,
  type TileConConteo,
} from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiPost } from "../../lib/api-client";
import { isProveedor } from "../../lib/permissions";
import type { Session } from "../../lib/session";

type Operator = Pick<Session, "id" | "operador">;

/**
 * Home data counts as fresh for a short while, so the request the route loader starts is the one the
 * screen shows (not repeated on mount); a later visit to Home asks again.
 */
const HOME_STALE_TIME_MS = 30_000;

export const homeKeys = {
  all: ["home"] as const,
  sociedades: (operator: Operator) => [...homeKeys.all, "sociedades", operator.operador, operator.id] as const,
  rowDocuments: (operator: Operator, dato: TileConConteo) =>
    [...homeKeys.all, "rowDocuments", operator.operador, operator.id, dato] as const,
};

/** POST /api/home/getSociedades (spec §7): the supplier's companies for the Home table. */
export async function postHomeSociedades(operator: Operator, signal?: AbortSignal): Promise<HomeSociedadRow[]> {
  const body: z.input<typeof homeSociedadesRequestSchema> = {
    usuario: operator.id,
    operador: operator.operador,
    dato: "SN",
  };
  const answer = await apiPost("/api/home/getSociedades", body, homeSociedadesAnswerSchema, { signal });
  return answer.data;
}

/** Loads only for suppliers (spec §6: "The supplier's companies table loads only for suppliers"). */
export const homeSociedadesQueryOptions = (operator: Operator) =>
  queryOptions({
    queryKey: homeKeys.sociedades(operator),
    queryFn: ({ signal }) => postHomeSociedades(operator, signal),
    enabled: isProveedor(operator),
    staleTime: HOME_STALE_TIME_MS,
  });

export const useHomeSociedades = (operator: Operator) => useQuery(homeSociedadesQueryOptions(operator));

/** POST /api/home/RowDocuments (spec §7): the count shown on one tile. */
export async function postRowDocuments(operator: Operator, dato: TileConConteo, signal?: AbortSignal): Promise<number> {
  const body: RowDocumentsRequest = { usuario: operator.id, operador: operator.operador, dato };
  const answer = await apiPost("/api/home/RowDocuments", body, rowDocumentsAnswerSchema, { signal });
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
