import { CALLS } from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, type Operator, operatorBody } from "../../lib/list-query";
import { defineSave } from "../../lib/save-call";

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

/** POST /api/empleados/createEmpleado and updateEmpleado; saves invalidate every employee list. */
const crear = defineSave(CALLS.createEmpleado, [...empleadosKeys.all, "create"], empleadosKeys.allRows());
const actualizar = defineSave(CALLS.updateEmpleado, [...empleadosKeys.all, "update"], empleadosKeys.allRows());
export const postCreateEmpleado = crear.post;
export const postUpdateEmpleado = actualizar.post;
export const createEmpleadoMutationOptions = crear.options;
export const updateEmpleadoMutationOptions = actualizar.options;
export const useCreateEmpleado = crear.useSave;
export const useUpdateEmpleado = actualizar.useSave;
