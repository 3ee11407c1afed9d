import { CALLS } from "@portal/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineListaPerfil } from "../../lib/list-query";
import { DOMAIN_KEYS } from "../../lib/query-keys";
import { defineSave } from "../../lib/save-call";

/** Areas barely change; one load per session is enough. */
const AREAS_STALE_TIME_MS = 10 * 60_000;

export const empleadosKeys = {
  all: DOMAIN_KEYS.empleados,
  allRows: () => [...empleadosKeys.all, "rows"] as const,
  areas: () => [...empleadosKeys.all, "areas"] as const,
};

/** POST /api/empleados/rowEmpleados (spec §7): the catalogue (Lista) and /Perfil of an employee (Perfil). */
const filas = defineListaPerfil(empleadosKeys.allRows(), CALLS.rowEmpleados, "/Catalogo-Empleados");
export const empleadosList = filas.lista;
export const empleadosQueryOptions = empleadosList.queryOptions;
export const useEmpleados = empleadosList.useList;
export const perfilEmpleadoList = filas.perfil;
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
const create = defineSave(CALLS.createEmpleado, [...empleadosKeys.all, "create"], empleadosKeys.allRows());
const modify = defineSave(CALLS.updateEmpleado, [...empleadosKeys.all, "update"], empleadosKeys.allRows());
export const postCreateEmpleado = create.post;
export const postUpdateEmpleado = modify.post;
export const createEmpleadoMutationOptions = create.options;
export const updateEmpleadoMutationOptions = modify.options;
export const useCreateEmpleado = create.useSave;
export const useUpdateEmpleado = modify.useSave;

/**
 * POST /api/empleados/updateEstatusEmpleado (issue 22; not in the spec): an administrator's Desactivar / Activar.
 * Invalidates the employee lists, so the catalogue shows the new status.
 */
const estatus = defineSave(CALLS.updateEstatusEmpleado, [...empleadosKeys.all, "estatus"], empleadosKeys.allRows());
export const postUpdateEstatusEmpleado = estatus.post;
export const updateEstatusEmpleadoMutationOptions = estatus.options;
export const useUpdateEstatusEmpleado = estatus.useSave;
