import {
  type CreateSociedadRequest,
  createSociedadAnswerSchema,
  type RowSociedadesRequest,
  rowSociedadesAnswerSchema,
  type SociedadRow,
  type UpdateSociedadRequest,
  updateSociedadAnswerSchema,
} from "@portal/contracts";
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../lib/api-client";
import type { Session } from "../../lib/session";

type Operator = Pick<Session, "id" | "operador">;

/** Fresh for a short while so the loader's request is the one shown; 'Recargar' and saves ask again. */
const LIST_STALE_TIME_MS = 30_000;

export const sociedadesKeys = {
  all: ["sociedades"] as const,
  rows: (operator: Operator) => [...sociedadesKeys.all, "rows", operator.operador, operator.id] as const,
};

/** POST /api/sociedades/rowSociedades (spec §7): the company catalogue. */
export async function postRowSociedades(operator: Operator, signal?: AbortSignal): Promise<SociedadRow[]> {
  const body: RowSociedadesRequest = { usuario: operator.id, operador: operator.operador };
  const answer = await apiPost("/api/sociedades/rowSociedades", body, rowSociedadesAnswerSchema, { signal });
  return answer.data;
}

export const sociedadesQueryOptions = (operator: Operator) =>
  queryOptions({
    queryKey: sociedadesKeys.rows(operator),
    queryFn: ({ signal }) => postRowSociedades(operator, signal),
    staleTime: LIST_STALE_TIME_MS,
  });

export const useSociedades = (operator: Operator) => useQuery(sociedadesQueryOptions(operator));

/** POST /api/sociedades/createSociedad; resolves with the server's message. */
export async function postCreateSociedad(request: CreateSociedadRequest): Promise<string> {
  return (await apiPost("/api/sociedades/createSociedad", request, createSociedadAnswerSchema)).message;
}

/** POST /api/sociedades/updateSociedad; resolves with the server's message. */
export async function postUpdateSociedad(request: UpdateSociedadRequest): Promise<string> {
  return (await apiPost("/api/sociedades/updateSociedad", request, updateSociedadAnswerSchema)).message;
}

export const createSociedadMutationOptions = () =>
  mutationOptions({ mutationKey: [...sociedadesKeys.all, "create"], mutationFn: postCreateSociedad });
export const updateSociedadMutationOptions = () =>
  mutationOptions({ mutationKey: [...sociedadesKeys.all, "update"], mutationFn: postUpdateSociedad });

/** Saves invalidate the catalogue, so going back to it shows the change. */
export function useCreateSociedad() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createSociedadMutationOptions(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sociedadesKeys.all });
    },
  });
}

export function useUpdateSociedad() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateSociedadMutationOptions(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sociedadesKeys.all });
    },
  });
}
