import {
  type AddSociedadRequest,
  addSociedadAnswerSchema,
  type ProveedorRow,
  proveedoresGetSociedadesAnswerSchema,
  type RowProveedoresRequest,
  rowProveedoresAnswerSchema,
  type SentCorreoRequest,
  type SociedadOpcion,
  sentCorreoAnswerSchema,
  type TipoConsulta,
  type UpdateProveedorRequest,
  updateProveedorAnswerSchema,
} from "@portal/contracts";
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPost } from "../../lib/api-client";
import type { Session } from "../../lib/session";

type Operator = Pick<Session, "id" | "operador">;

/** Fresh for a short while so the loader's request is the one shown; 'Recargar' and saves ask again. */
const LIST_STALE_TIME_MS = 30_000;
const OPCIONES_STALE_TIME_MS = 60_000;

export const proveedoresKeys = {
  all: ["proveedores"] as const,
  allRows: () => [...proveedoresKeys.all, "rows"] as const,
  rows: (operator: Operator, tipo: TipoConsulta) =>
    [...proveedoresKeys.allRows(), tipo, operator.operador, operator.id] as const,
  sociedadesOpciones: () => [...proveedoresKeys.all, "sociedadesOpciones"] as const,
};

/** POST /api/proveedores/rowProveedores (spec §7): the catalogue (Lista) or the supplier's own row (Perfil). */
export async function postRowProveedores(
  operator: Operator,
  tipo: TipoConsulta,
  signal?: AbortSignal,
): Promise<ProveedorRow[]> {
  const body: RowProveedoresRequest = { usuario: operator.id, operador: operator.operador, tipo };
  const answer = await apiPost("/api/proveedores/rowProveedores", body, rowProveedoresAnswerSchema, { signal });
  return answer.data;
}

export const proveedoresQueryOptions = (operator: Operator) =>
  queryOptions({
    queryKey: proveedoresKeys.rows(operator, "Lista"),
    queryFn: ({ signal }) => postRowProveedores(operator, "Lista", signal),
    staleTime: LIST_STALE_TIME_MS,
  });

export const useProveedores = (operator: Operator) => useQuery(proveedoresQueryOptions(operator));

/** /Perfil of a supplier: its own row. */
export const perfilProveedorQueryOptions = (operator: Operator) =>
  queryOptions({
    queryKey: proveedoresKeys.rows(operator, "Perfil"),
    queryFn: ({ signal }) => postRowProveedores(operator, "Perfil", signal),
    staleTime: LIST_STALE_TIME_MS,
  });

export const usePerfilProveedor = (operator: Operator) => useQuery(perfilProveedorQueryOptions(operator));

/** GET /api/proveedores/getSociedades (spec §7): the company options of the link form. */
export async function getSociedadesOpciones(signal?: AbortSignal): Promise<SociedadOpcion[]> {
  const answer = await apiGet("/api/proveedores/getSociedades", proveedoresGetSociedadesAnswerSchema, { signal });
  return answer.data;
}

export const sociedadesOpcionesQueryOptions = () =>
  queryOptions({
    queryKey: proveedoresKeys.sociedadesOpciones(),
    queryFn: ({ signal }) => getSociedadesOpciones(signal),
    staleTime: OPCIONES_STALE_TIME_MS,
  });

export const useSociedadesOpciones = () => useQuery(sociedadesOpcionesQueryOptions());

/** POST /api/proveedores/updateProveedor; resolves with the server's message. */
export async function postUpdateProveedor(request: UpdateProveedorRequest): Promise<string> {
  return (await apiPost("/api/proveedores/updateProveedor", request, updateProveedorAnswerSchema)).message;
}

/** POST /api/proveedores/sentCorreo: notifies the supplier after an administrator's update (spec §7). */
export async function postSentCorreo(request: SentCorreoRequest): Promise<string> {
  return (await apiPost("/api/proveedores/sentCorreo", request, sentCorreoAnswerSchema)).message;
}

/** POST /api/proveedores/addSociedad: links a company to a supplier. */
export async function postAddSociedad(request: AddSociedadRequest): Promise<string> {
  return (await apiPost("/api/proveedores/addSociedad", request, addSociedadAnswerSchema)).message;
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
