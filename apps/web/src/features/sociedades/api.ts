import { CALLS, type CreateSociedadRequest, type UpdateSociedadRequest } from "@portal/contracts";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, operatorBody } from "../../lib/list-query";

export const sociedadesKeys = {
  all: ["sociedades"] as const,
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

/** POST /api/sociedades/createSociedad; resolves with the server's message. */
export async function postCreateSociedad(request: CreateSociedadRequest): Promise<string> {
  return (await callApi(CALLS.createSociedad, request)).message;
}

/** POST /api/sociedades/updateSociedad; resolves with the server's message. */
export async function postUpdateSociedad(request: UpdateSociedadRequest): Promise<string> {
  return (await callApi(CALLS.updateSociedad, request)).message;
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
