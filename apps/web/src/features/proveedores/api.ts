import { type AddSociedadRequest, CALLS, type SentCorreoRequest, type UpdateProveedorRequest } from "@portal/contracts";
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineList, type Operator, operatorBody } from "../../lib/list-query";

const OPCIONES_STALE_TIME_MS = 60_000;

export const proveedoresKeys = {
  all: ["proveedores"] as const,
  allRows: () => [...proveedoresKeys.all, "rows"] as const,
  sociedadesOpciones: () => [...proveedoresKeys.all, "sociedadesOpciones"] as const,
};

/** POST /api/proveedores/rowProveedores (spec §7): the catalogue (Lista). */
export const proveedoresList = defineList({
  key: [...proveedoresKeys.allRows(), "Lista"],
  call: CALLS.rowProveedores,
  body: (operator: Operator) => ({ ...operatorBody(operator), tipo: "Lista" as const }),
  listPath: "/Catalogo-Proveedores",
});
export const proveedoresQueryOptions = proveedoresList.queryOptions;
export const useProveedores = proveedoresList.useList;

/** /Perfil of a supplier: its own row (tipo Perfil). */
export const perfilProveedorList = defineList({
  key: [...proveedoresKeys.allRows(), "Perfil"],
  call: CALLS.rowProveedores,
  body: (operator: Operator) => ({ ...operatorBody(operator), tipo: "Perfil" as const }),
});
export const perfilProveedorQueryOptions = perfilProveedorList.queryOptions;
export const usePerfilProveedor = perfilProveedorList.useList;

/** GET /api/proveedores/getSociedades (spec §7): the company options of the link form. */
export const sociedadesOpcionesQueryOptions = () =>
  queryOptions({
    queryKey: proveedoresKeys.sociedadesOpciones(),
    queryFn: async ({ signal }) => (await callApi(CALLS.proveedoresGetSociedades, undefined, { signal })).data,
    staleTime: OPCIONES_STALE_TIME_MS,
  });

export const useSociedadesOpciones = () => useQuery(sociedadesOpcionesQueryOptions());

/** POST /api/proveedores/updateProveedor; resolves with the server's message. */
export async function postUpdateProveedor(request: UpdateProveedorRequest): Promise<string> {
  return (await callApi(CALLS.updateProveedor, request)).message;
}

/** POST /api/proveedores/sentCorreo: notifies the supplier after an administrator's update (spec §7). */
export async function postSentCorreo(request: SentCorreoRequest): Promise<string> {
  return (await callApi(CALLS.sentCorreo, request)).message;
}

/** POST /api/proveedores/addSociedad: links a company to a supplier. */
export async function postAddSociedad(request: AddSociedadRequest): Promise<string> {
  return (await callApi(CALLS.addSociedad, request)).message;
}

export const updateProveedorMutationOptions = () =>
  mutationOptions({ mutationKey: [...proveedoresKeys.all, "update"], mutationFn: postUpdateProveedor });
export const sentCorreoMutationOptions = () =>
  mutationOptions({ mutationKey: [...proveedoresKeys.all, "sentCorreo"], mutationFn: postSentCorreo });
export const addSociedadMutationOptions = () =>
  mutationOptions({ mutationKey: [...proveedoresKeys.all, "addSociedad"], mutationFn: postAddSociedad });

/** Saves invalidate the catalogue and the profile, so the next visit shows the change. */
export function useUpdateProveedor() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateProveedorMutationOptions(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: proveedoresKeys.allRows() });
    },
  });
}

export const useSentCorreo = () => useMutation(sentCorreoMutationOptions());

export function useAddSociedad() {
  const queryClient = useQueryClient();
  return useMutation({
    ...addSociedadMutationOptions(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: proveedoresKeys.allRows() });
    },
  });
}
