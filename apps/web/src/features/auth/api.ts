import { CALLS, type LoginData, type LoginRequest } from "@portal/contracts";
import { callApi } from "../../lib/api-client";

export { validateLogin } from "./login-validation";

/** POST /api/login (spec §7), a public call. No token yet, and a 401 here means wrong credentials, not an ended session. */
export async function postLogin(request: LoginRequest): Promise<LoginData> {
  const answer = await callApi(CALLS.login, request);
  return answer.data;
}

/**
 * POST /api/logout: revokes the session on the server. Cerrar sesión clears the cookies whatever
 * this answers, so a failure is only logged; a 401 (session already gone) is not an error here.
 */
export async function postLogout(token?: string): Promise<void> {
  try {
    await callApi(CALLS.logout, undefined, { handleUnauthorized: false, ...(token ? { token } : {}) });
  } catch (error) {
    console.warn("No se pudo cerrar la sesión en el servidor", error);
  }
}

/**
 * POST /api/sesion/renovar (issue 23): 'Mantener la sesión'. Any authenticated call renews the session on the server
 * and the cookies (getToken); this one does only that. A 401 ends the session as any call's would.
 */
export async function renovarSesion(): Promise<string> {
  return (await callApi(CALLS.renovarSesion, undefined)).message;
}
