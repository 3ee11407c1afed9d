import { CALLS } from "@portal/contracts";
import { defineList, operatorBody } from "../../lib/list-query";
import { DOMAIN_KEYS } from "../../lib/query-keys";
import { defineSave } from "../../lib/save-call";

export const sociedadesKeys = {
  all: DOMAIN_KEYS.sociedades,
};

/** POST /api/sociedades/rowSociedades (spec §7): the company catalogue. */
export const sociedadesList = defineList({
  key: [...sociedadesKeys.all, "rows"],
  call: CALLS.rowSociedades,
  body: operatorBody,
  listPath: "/Catalogo-Sociedades",
});
export const sociedadesQueryOptions = sociedadesList.queryOptions;
export const useSociedades = sociedadesList.useList;

/** POST /api/sociedades/createSociedad and updateSociedad; saves invalidate the catalogue. */
const create = defineSave(CALLS.createSociedad, [...sociedadesKeys.all, "create"], sociedadesKeys.all);
const modify = defineSave(CALLS.updateSociedad, [...sociedadesKeys.all, "update"], sociedadesKeys.all);
export const postCreateSociedad = create.post;
export const postUpdateSociedad = modify.post;
export const createSociedadMutationOptions = create.options;
export const updateSociedadMutationOptions = modify.options;
export const useCreateSociedad = create.useSave;
export const useUpdateSociedad = modify.useSave;
