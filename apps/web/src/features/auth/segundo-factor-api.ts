import { CALLS, type EstadoSegundoFactor } from "@portal/contracts";
import { callApi } from "../../lib/api-client";

/**
 * The second factor's calls (decision 071). During sign-in they carry the pending session's token (`token`): its
 * cookies are not written until the step is done. A 401 there is an answer, not an ended session.
 */
const during = (token?: string) => (token ? { token, handleUnauthorized: false } : {});

export async function verifySecondFactor(codigo: string, token: string): Promise<string> {
  return (await callApi(CALLS.verificarSegundoFactor, { codigo }, during(token))).message;
}

export async function startEnrolment(token?: string): Promise<{ secreto: string; uri: string }> {
  return (await callApi(CALLS.iniciarInscripcionSegundoFactor, undefined, during(token))).data;
}

export async function confirmEnrolment(codigo: string, token?: string): Promise<string[]> {
  return (await callApi(CALLS.confirmarInscripcionSegundoFactor, { codigo }, during(token))).data.codigos;
}

export async function regenerateRecoveryCodes(): Promise<string[]> {
  return (await callApi(CALLS.regenerarCodigosRecuperacion, undefined)).data.codigos;
}

export async function disableSecondFactor(codigo: string): Promise<string> {
  return (await callApi(CALLS.desactivarSegundoFactor, { codigo })).message;
}

export async function fetchSecondFactorStatus(): Promise<EstadoSegundoFactor> {
  return (await callApi(CALLS.estadoSegundoFactor, undefined)).data;
}

export async function resetEmpleadoSecondFactor(usuario: string): Promise<string> {
  return (await callApi(CALLS.restablecerSegundoFactor, { Usuario: usuario })).message;
}
