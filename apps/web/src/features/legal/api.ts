import { CALLS, type RestablecerPasswordRequest, type SolicitarRestablecimientoRequest } from "@portal/contracts";
import { callApi } from "../../lib/api-client";

/**
 * The password reset's two public calls (issue 41, decision 067). No session: a 401 here would not be an ended
 * session, and neither call answers one.
 */
export async function solicitarRestablecimiento(request: SolicitarRestablecimientoRequest): Promise<string> {
  return (await callApi(CALLS.solicitarRestablecimiento, request)).message;
}

export async function restablecerPassword(request: RestablecerPasswordRequest): Promise<string> {
  return (await callApi(CALLS.restablecerPassword, request)).message;
}
