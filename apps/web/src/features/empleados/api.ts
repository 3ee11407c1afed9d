import {
  type Area,
  type CreateEmpleadoRequest,
  createEmpleadoAnswerSchema,
  type EmpleadoRow,
  getAreasAnswerSchema,
  type RowEmpleadosRequest,
  rowEmpleadosAnswerSchema,
  type TipoConsulta,
  type UpdateEmpleadoRequest,
  updateEmpleadoAnswerSchema,
} from "@portal/contracts";
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../lib/api-client";
import type { Session } from "../../lib/session";

type Operator = Pick<Session, "id" | "operador">;

/**
 * A loaded list counts as fresh for a short while so the route loader's request is the one the screen
 * shows; 'Recargar' and every save ask again.
 */
const LIST_STALE_TIME_MS = 30_000;
/** Areas barely change; one load per session is enough. */
const AREAS_STALE_TIME_MS = 10 * 60_000;

export const empleadosKeys = {
  all: ["empleados"] as const,
  allRows: () => [...empleadosKeys.all, "rows"] as const,
  rows: (operator: Operator, tipo: TipoConsulta) =>
    [...empleadosKeys.allRows(), tipo, operator.operador, operator.id] as const,
  areas: () => [...empleadosKeys.all, "areas"] as const,
};

/** POST /api/empleados/rowEmpleados (spec §7): the catalogue (Lista) or the caller's own row (Perfil). */
export async function postRowEmpleados(
  operator: Operator,
  tipo: TipoConsulta,
  signal?: AbortSignal,
): Promise<EmpleadoRow[]> {
  const body: RowEmpleadosRequest = { usuario: operator.id, operador: operator.operador, tipo };
  const answer = await apiPost("/api/empleados/rowEmpleados", body, rowEmpleadosAnswerSchema, { signal });
  return answer.data;
}

export const empleadosQueryOptions = (operator: Operator) =>
  queryOptions({
    queryKey: empleadosKeys.rows(operator, "Lista"),
    queryFn: ({ signal }) => postRowEmpleados(operator, "Lista", signal),
    staleTime: LIST_STALE_TIME_MS,
  });

export const useEmpleados = (operator: Operator) => useQuery(empleadosQueryOptions(operator));

/** /Perfil of an employee: its own row. */
export const perfilEmpleadoQueryOptions = (operator: Operator) =>
  queryOptions({
    queryKey: empleadosKeys.rows(operator, "Perfil"),
    queryFn: ({ signal }) => postRowEmpleados(operator, "Perfil", signal),
    staleTime: LIST_STALE_TIME_MS,
  });

export const usePerfilEmpleado = (operator: Operator) => useQuery(perfilEmpleadoQueryOptions(operator));

/** GET /api/empleados/getAreas (spec §7): the options of the Área select. */
export async function getAreas(signal?: AbortSignal): Promise<Area[]> {
  const answer = await apiGet("/api/empleados/getAreas", getAreasAnswerSchema, { signal });
  return answer.data;
}

export const areasQueryOptions = () =>
  queryOptions({
    queryKey: empleadosKeys.areas(),
    queryFn: ({ signal }) => getAreas(signal),
    staleTime: AREAS_STALE_TIME_MS,
  });

export const useAreas = () => useQuery(areasQueryOptions());

/** POST /api/empleados/createEmpleado; resolves with the server's message. */
export async function postCreateEmpleado(request: CreateEmpleadoRequest): Promise<string> {
  return (await apiPost("/api/empleados/createEmpleado", request, createEmpleadoAnswerSchema)).message;
}

/** POST /api/empleados/updateEmpleado; resolves with the server's message. */
export async function postUpdateEmpleado(request: UpdateEmpleadoRequest): Promise<string> {
  return (await apiPost("/api/empleados/updateEmpleado", request, updateEmpleadoAnswerSchema)).message;
}

export const createEmpleadoMutationOptions = () =>
  mutationOptions({ mutationKey: [...empleadosKeys.all, "create"], mutationFn: postCreateEmpleado });
export const updateEmpleadoMutationOptions = () =>
  mutationOptions({ mutationKey: [...empleadosKeys.all, "update"], mutationFn: postUpdateEmpleado });

/** Saves invalidate every employee list (catalogue and profile) so the next visit shows the change. */
export function useCreateEmpleado() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createEmpleadoMutationOptions(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: empleadosKeys.allRows() });
    },
  });
}

export function useUpdateEmpleado() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateEmpleadoMutationOptions(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: empleadosKeys.allRows() });
    },
  });
}
