// Part of the Service Layer client (client.ts): its error and how SAP's answers are read.

/** A Service Layer failure, with a Spanish message for the portal's users and SAP's code when it sent one. */
export class ServiceLayerError extends Error {
  /** No answer within the timeout (as opposed to an answer that was an error, or a refused connection). */
  timedOut = false;
  /** The request never got an HTTP answer (connection refused or reset, DNS, TLS, timeout). */
  noAnswer = false;

  /**
   * The Service Layer could not answer (no answer, a timeout, a 5xx or a balancer's page), as opposed to SAP's
   * refusal of the request or a wrong password: the port's isErpNoDisponible reads it (issue 36, decision 040).
   */
  get erpNoDisponible(): boolean {
    return this.noAnswer || this.timedOut || (this.status !== undefined && this.status >= 500);
  }

  constructor(
    message: string,
    readonly status: number | undefined,
    readonly sapCode: number | string | undefined,
    readonly detail: string | undefined,
  ) {
    super(message);
    this.name = "ServiceLayerError";
  }
}

interface SapErrorBody {
  code?: number | string;
  message?: string | { value?: string };
}

export const UNAVAILABLE = "El ERP no responde; intente en unos minutos.";

/** SAP's error, in either dialect (v2 `error.message` string or object; v1 `error.message.value`). */
export function parseSapError(text: string): { code?: number | string; message?: string } | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: SapErrorBody };
    if (!parsed.error) return undefined;
    const m = parsed.error.message;
    return { code: parsed.error.code, message: typeof m === "string" ? m : m?.value };
  } catch {
    return undefined; // an HTML page or anything else that is not SAP's JSON
  }
}

export function parseJson<T>(response: Response, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ServiceLayerError(
      `El ERP devolvió una respuesta que no es JSON. ${UNAVAILABLE}`,
      response.status,
      undefined,
      text.slice(0, 500),
    );
  }
}

/** A network failure's cause, without the URL's query (which can carry business data) — never a cookie. */
export function networkDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.name}: ${error.message}${cause}`.slice(0, 300);
}

/** SAP's refusal as a ServiceLayerError: SAP's code and message, or the status when the answer is not SAP's JSON. */
export function failure(response: Response, text: string): ServiceLayerError {
  const sap = parseSapError(text);
  if (!sap) {
    return new ServiceLayerError(
      `El ERP respondió con un error (${response.status}) sin el formato del Service Layer. ${UNAVAILABLE}`,
      response.status,
      undefined,
      text.slice(0, 500),
    );
  }
  return new ServiceLayerError(
    `El ERP rechazó la solicitud (código ${sap.code ?? response.status}): ${sap.message ?? "sin detalle"}.`,
    response.status,
    sap.code,
    sap.message,
  );
}
