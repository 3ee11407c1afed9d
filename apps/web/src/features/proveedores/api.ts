import { CALLS } from "@portal/contracts";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { defineListaPerfil } from "../../lib/list-query";
import { DOMAIN_KEYS } from "../../lib/query-keys";
import { defineSave } from "../../lib/save-call";

const OPCIONES_STALE_TIME_MS = 60_000;

export const proveedoresKeys = {
  all: DOMAIN_KEYS.proveedores,
  allRows: () => [...proveedoresKeys.all, "rows"] as const,
  sociedadesOpciones: () => [...proveedoresKeys.all, "sociedadesOpciones"] as const,
};

/** POST /api/proveedores/rowProveedores (spec §7): the catalogue (Lista) and /Perfil of a supplier (Perfil). */
const filas = defineListaPerfil(proveedoresKeys.allRows(), CALLS.rowProveedores, "/Catalogo-Proveedores");
export const proveedoresList = filas.lista;
export const proveedoresQueryOptions = proveedoresList.queryOptions;
export const useProveedores = proveedoresList.useList;
export const perfilProveedorList = filas.perfil;
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

/**
 * POST /api/proveedores/updateProveedor, sentCorreo (notifies the supplier after an administrator's update, spec
 * §7) and addSociedad (links a company); updates and links invalidate the catalogue and the profile.
 */
const modify = defineSave(CALLS.updateProveedor, [...proveedoresKeys.all, "update"], proveedoresKeys.allRows());
const correo = defineSave(CALLS.sentCorreo, [...proveedoresKeys.all, "sentCorreo"], []);
const vincular = defineSave(CALLS.addSociedad, [...proveedoresKeys.all, "addSociedad"], proveedoresKeys.allRows());
export const postUpdateProveedor = modify.post;
export const postSentCorreo = correo.post;
export const postAddSociedad = vincular.post;
export const updateProveedorMutationOptions = modify.options;
export const sentCorreoMutationOptions = correo.options;
export const addSociedadMutationOptions = vincular.options;
export const useUpdateProveedor = modify.useSave;
export const useSentCorreo = () => useMutation(sentCorreoMutationOptions());
export const useAddSociedad = vincular.useSave;
