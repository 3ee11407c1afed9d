import { MSG_SESION } from "@portal/contracts";
import type { z } from "zod";
import { session } from "./session";

/**
 * The one way the web talks to the API (spec §7): JSON in and out, the session token in
 * x-access-token, answers parsed with the contracts' schemas. Failures become an ApiError that
 * carries the server's Spanish message; a 401 on an authenticated call ends the session.
 */

export type ApiErrorKind = "http" | "network" | "parse";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    message: string,
    /** HTTP status, 0 when the request never got an answer. */
    readonly status: number,
    /** http: the server answered with an error; network: no answer; parse: the answer had an unexpected shape. */
    readonly kind: ApiErrorKind,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export interface RequestOptions {
  /** Send the session token in x-access-token (default true). Login passes false. */
  auth?: boolean;
  /** Treat a 401 as an ended session: clear it and go to / (default: same as `auth`). */
  handleUnauthorized?: boolean;
  signal?: AbortSignal;
  /** The token to send instead of the session's (Cerrar sesión reads it before the cookies are cleared). */
  token?: string;
}

type UnauthorizedHandler = () => void;

/** Default until the app installs its own (main.tsx): clear the cookies and reload at the landing. */
let onUnauthorized: UnauthorizedHandler = () => {
  session.clear();
  if (typeof window !== "undefined") window.location.assign("/");
};

/**
 * Told of an answer the API built from what the portal last read from the ERP because the ERP did not answer
 * (header X-ERP-Leido-En: when that was). The app shows it (lib/erp-stale.ts); default: nothing.
 */
let onStaleErp: (readAt: Date) => void = () => {};

export function setStaleErpHandler(handler: (readAt: Date) => void): void {
  onStaleErp = handler;
}

/** The app replaces the default so a 401 also empties the query cache and uses client-side navigation. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

function headers(auth: boolean, hasBody: boolean, given?: string): Headers {
  const result = new Headers({ Accept: "application/json" });
  if (hasBody) result.set("Content-Type", "application/json");
  if (auth) {
    const token = given ?? session.getToken();
    if (token) result.set("x-access-token", token);
  }
  return result;
}

async function send(path: string, init: RequestInit, handleUnauthorized: boolean): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: "same-origin" });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(MSG_SESION.errorInterno, 0, "network", { cause });
  }
  if (response.ok) {
    const readAt = response.headers.get("x-erp-leido-en");
    if (readAt && !Number.isNaN(Date.parse(readAt))) onStaleErp(new Date(readAt));
    return response;
  }
  const message = await errorMessage(response);
  if (response.status === 401 && handleUnauthorized) onUnauthorized();
  throw new ApiError(message, response.status, "http");
}

/**
 * The contract's error answer (`errorAnswerSchema`: status 'error' and a message), checked by hand so the
 * first screen does not load zod (decision 017); the answers' own schemas still parse every success.
 */
function errorAnswer(body: unknown): { message: string } | null {
  if (typeof body !== "object" || body === null) return null;
  const { status, message } = body as { status?: unknown; message?: unknown };
  return status === "error" && typeof message === "string" ? { message } : null;
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const parsed = errorAnswer(await response.json());
    if (parsed) return parsed.message;
  } catch {
    // Not JSON (a proxy error page, for instance): fall through to the generic message.
  }
  return response.status === 401 ? MSG_SESION.sesionRequerida : MSG_SESION.errorInterno;
}

async function parseAnswer<S extends z.ZodType>(response: Response, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new ApiError(MSG_SESION.errorInterno, response.status, "parse", { cause });
  }
  // Spec §7: "A response has status ('success' or other)". A 2xx that is not a success is an error.
  const failure = errorAnswer(body);
  if (failure) throw new ApiError(failure.message, response.status, "http");
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(MSG_SESION.errorInterno, response.status, "parse", { cause: parsed.error });
  return parsed.data;
}

async function request<S extends z.ZodType>(
  method: "GET" | "POST" | "PATCH",
  path: string,
  body: unknown,
  answerSchema: S,
  options: RequestOptions,
): Promise<z.output<S>> {
  const response = await send(path, init(method, body, options), options.handleUnauthorized ?? options.auth ?? true);
  return parseAnswer(response, answerSchema);
}

function init(method: "GET" | "POST" | "PATCH", body: unknown, options: RequestOptions): RequestInit {
  const hasBody = body !== undefined;
  return {
    method,
    headers: headers(options.auth ?? true, hasBody, options.token),
    body: hasBody ? JSON.stringify(body) : null,
    signal: options.signal ?? null,
  };
}

export const apiPost = <S extends z.ZodType>(
  path: string,
  body: unknown,
  answerSchema: S,
  options: RequestOptions = {},
) => request("POST", path, body, answerSchema, options);

export const apiPatch = <S extends z.ZodType>(
  path: string,
  body: unknown,
  answerSchema: S,
  options: RequestOptions = {},
) => request("PATCH", path, body, answerSchema, options);

export const apiGet = <S extends z.ZodType>(path: string, answerSchema: S, options: RequestOptions = {}) =>
  request("GET", path, undefined, answerSchema, options);

/**
 * What the web needs of a `CALLS` entry (@portal/contracts). Written structurally so the registry can grow
 * (access levels, params) without the client changing: a call is public when the registry says so.
 */
export interface ApiCall {
  method: "GET" | "POST" | "PATCH";
  path: string;
  request?: z.ZodType;
  answer: z.ZodType;
  auth?: boolean;
  /** The registry's access: one role, or several (any of them). */
  access?: string | readonly string[];
}

/** The body a call takes: its request schema's input, or nothing for calls without one. */
export type CallBody<C extends ApiCall> = C extends { request: infer S extends z.ZodType } ? z.input<S> : undefined;
export type CallResult<C extends ApiCall> = z.output<C["answer"]>;

const isPublicCall = (call: ApiCall) => call.auth === false || call.access === "public";

/**
 * The one way features call the API: `callApi(CALLS.getPedidos, body)`. Method, path and answer schema come
 * from the registry entry, so a path is written once; public calls (login) go without the token, and a 401
 * from them is an answer, not an ended session.
 */
export function callApi<C extends ApiCall>(
  call: C,
  ...[body, options = {}]: CallBody<C> extends undefined
    ? [body?: undefined, options?: RequestOptions]
    : [body: CallBody<C>, options?: RequestOptions]
): Promise<CallResult<C>> {
  return sendCall(call, body, options);
}

/** `callApi` without the body's static check, for generic code (the list kit) that passes a typed body on. */
export function sendCall<C extends ApiCall>(
  call: C,
  body: unknown,
  options: RequestOptions = {},
): Promise<CallResult<C>> {
  const auth = options.auth ?? !isPublicCall(call);
  return request<C["answer"]>(call.method, call.path, body, call.answer, { ...options, auth });
}

/**
 * The file name a download answer announces (Content-Disposition), preferring the UTF-8 `filename*`
 * (RFC 6266 / 5987) over the ASCII `filename`; null when there is none.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ""));
      if (name) return name;
    } catch {
      // A malformed escape: fall back to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? "").trim();
  return name || null;
}

/**
 * A stored file (GET /api/archivos/{id}, the URL rows carry) and the name the server gives it. The token
 * header is why this cannot be a plain link.
 */
export async function apiGetFile(
  path: string,
  type: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(
    path,
    init("GET", undefined, options),
    options.handleUnauthorized ?? options.auth ?? true,
  );
  const blob = await response.blob();
  return {
    // An empty `type` keeps the server's own (a receipt image may be GIF, JPEG or PNG).
    blob: !type || blob.type === type ? blob : new Blob([blob], { type }),
    fileName: fileNameFromContentDisposition(response.headers.get("content-disposition")),
  };
}
