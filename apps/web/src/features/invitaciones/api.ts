import { CALLS, type GetInvitacionRequest, type RegistrarProveedorRequest } from "@portal/contracts";
import { callApi } from "../../lib/api-client";
import { defineList, operatorBody } from "../../lib/list-query";
import { DOMAIN_KEYS } from "../../lib/query-keys";
import { defineSave } from "../../lib/save-call";

/**
 * Supplier invitations (issue 41 item 3, decision 070): the administrators' list and decisions, under the suppliers'
 * domain key (an approval changes the catalogue too), and the link's two public calls.
 */
const KEY = [...DOMAIN_KEYS.proveedores, "invitaciones"] as const;

export const invitacionesList = defineList({
  key: [...KEY, "rows"],
  call: CALLS.getInvitaciones,
  body: operatorBody,
  listPath: "/Invitaciones",
});
export const invitacionesQueryOptions = invitacionesList.queryOptions;
export const useInvitaciones = invitacionesList.useList;

export const createInvitacion = defineSave(CALLS.createInvitacion, [...KEY, "create"], DOMAIN_KEYS.proveedores);
export const approveRegistro = defineSave(CALLS.approveRegistro, [...KEY, "approve"], DOMAIN_KEYS.proveedores);
export const rejectRegistro = defineSave(CALLS.rejectRegistro, [...KEY, "reject"], DOMAIN_KEYS.proveedores);

/** No session: the link's own calls (a 401 here would not be an ended session, and neither answers one). */
export async function getInvitacion(request: GetInvitacionRequest) {
  return (await callApi(CALLS.getInvitacion, request)).data;
}
export async function registrarProveedor(request: RegistrarProveedorRequest): Promise<string> {
  return (await callApi(CALLS.registrarProveedor, request)).message;
}
