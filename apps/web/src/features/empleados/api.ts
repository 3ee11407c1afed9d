import { CALLS, type CreateEmpleadoRequest, type UpdateEmpleadoRequest } from "@portal/contracts";
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, type Operator, operatorBody } from "../../lib/list-query";

/** Areas barely change; one load per session is enough. */
const AREAS_STALE_TIME_MS = 10 * 60_000;

export const empleadosKeys = {
  all: ["empleados"] as const,
  allRows: () => [...empleadosKeys.all, "rows"] as const,
  areas: () => [...empleadosKeys.all, "areas"] as const,
};

/** POST /api/empleados/rowEmpleados (spec §7): the catalogue (Lista). */
export const empleadosList = defineList({
  key: [...empleadosKeys.allRows(), "Lista"],
  call: CALLS.rowEmpleados,
  body: (operator: Operator) => ({ ...operatorBody(operator), tipo: "Lista" as const }),
  listPath: "/Catalogo-Empleados",
});
export const empleadosQueryOptions = empleadosList.queryOptions;
export const useEmpleados = empleadosList.useList;

/** /Perfil of an employee: its own row (tipo Perfil). */
export const perfilEmpleadoList = defineList({
  key: [...empleadosKeys.allRows(), "Perfil"],
  call: CALLS.rowEmpleados,
  body: (operator: Operator) => ({ ...operatorBody(operator), tipo: "Perfil" as const }),
});
export const perfilEmpleadoQueryOptions = perfilEmpleadoList.queryOptions;
export const usePerfilEmpleado = perfilEmpleadoList.useList;

/** GET /api/empleados/getAreas (spec §7): the options of the Área select. */
export const areasQueryOptions = () =>
  queryOptions({
    queryKey: empleadosKeys.areas(),
    queryFn: async ({ signal }) => (await callApi(CALLS.getAreas, undefined, { signal })).data,
    staleTime: AREAS_STALE_TIME_MS,
  });

export const useAreas = () => useQuery(areasQueryOptions());

/** POST /api/empleados/createEmpleado; resolves with the server's message. */
export async function postCreateEmpleado(request: CreateEmpleadoRequest): Promise<string> {
  return (await callApi(CALLS.createEmpleado, request)).message;
}

/** POST /api/empleados/updateEmpleado; resolves with the server's message. */
export async function postUpdateEmpleado(request: UpdateEmpleadoRequest): Promise<string> {
  return (await callApi(CALLS.updateEmpleado, request)).message;
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
