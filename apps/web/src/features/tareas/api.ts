import { CALLS } from "@portal/contracts";
import { defineList, operatorBody } from "../../lib/list-query";
import { DOMAIN_KEYS } from "../../lib/query-keys";

/** POST /api/tareas/getTareas (issue 15, not in the spec): the scheduled jobs, for administrators. */
export const tareasList = defineList({
  key: [...DOMAIN_KEYS.tareas, "rows"],
  call: CALLS.getTareas,
  body: operatorBody,
  listPath: "/Tareas",
});
export const tareasQueryOptions = tareasList.queryOptions;
export const useTareas = tareasList.useList;
