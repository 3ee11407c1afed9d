/**
 * A fetch-based client of the SAP Business One Service Layer (OData v4 `/b1s/v2`, tolerating v1's error dialect
 * and next-link form). First step of issue 24: one session per company database, re-login once on 401 code 301,
 * never a retried failed login (-304/-306), a timeout on every request, non-JSON error bodies (the balancer's HTML
 * 502), paged reads following relative or absolute next links. See docs/erp-service-layer.md.
 *
 * Sessions are kept IN MEMORY in this step (one map per client instance). Storing the B1SESSION/ROUTEID pair in
 * PostgreSQL and refreshing it under an advisory lock, so that N portal processes share one session per company
 * database, is a later step of the issue.
 */

export interface ServiceLayerCompany {
  companyDb: string;
  userName: string;
  password: string;
}

export interface ServiceLayerClientOptions {
  /** Service root, e.g. https://sap:50000/b1s/v2/ (a trailing slash is added if missing). */
  url: string;
  /** Every request's bound, in milliseconds (default 30 s). */
  timeoutMs?: number;
  /** Injected for tests; Node's own fetch by default. */
  fetch?: typeof fetch;
}

/** A Service Layer failure, with a Spanish message for the portal's users and SAP's code when it sent one. */
export class ServiceLayerError extends Error {
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

interface SessionCookies {
  /** `B1SESSION=…; ROUTEID=…` — name=value pairs only, never the raw Set-Cookie attributes. */
  cookie: string;
}

interface SapErrorBody {
  code?: number | string;
  message?: string | { value?: string };
}

const UNAVAILABLE = "El ERP no responde; intente en unos minutos.";

/** SAP's error, in either dialect (v2 `error.message` string or object; v1 `error.message.value`). */
function parseSapError(text: string): { code?: number | string; message?: string } | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: SapErrorBody };
    if (!parsed.error) return undefined;
    const m = parsed.error.message;
    return { code: parsed.error.code, message: typeof m === "string" ? m : m?.value };
  } catch {
    return undefined; // an HTML page or anything else that is not SAP's JSON
  }
}

function parseJson<T>(response: Response, text: string): T {
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

function cookiePairs(response: Response): string {
  const pairs: string[] = [];
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]?.trim();
    if (pair && /^(B1SESSION|ROUTEID)=/.test(pair)) pairs.push(pair);
  }
  return pairs.join("; ");
}

export interface ServiceLayerClient {
  /** GET a collection, following every next link; returns all rows of all pages. */
  getAll<T = Record<string, unknown>>(
    companyDb: string,
    path: string,
    options?: { maxPageSize?: number },
  ): Promise<T[]>;
  /** GET one entity or value as JSON (`PurchaseInvoices(12)`); SAP's 404 -2028 is a ServiceLayerError with status 404. */
  get<T = Record<string, unknown>>(companyDb: string, path: string): Promise<T>;
  /** GET a plain-text answer (`PurchaseOrders/$count`). */
  getText(companyDb: string, path: string): Promise<string>;
  /** GET bytes (`Attachments2(3)/$value`). */
  getBytes(companyDb: string, path: string): Promise<{ bytes: Buffer; contentType: string }>;
  /**
   * POST or PATCH a JSON body (no body for bound actions such as `PurchaseInvoices(12)/Cancel`). Never retried
   * by the client (only repeated once after a re-login on 401 code 301, when SAP did not run it): whether a write
   * that got no answer was committed is for the caller to find out.
   */
  write(
    companyDb: string,
    method: "POST" | "PATCH",
    path: string,
    body?: unknown,
    options?: { returnNoContent?: boolean },
  ): Promise<{ status: number; location: string | null; body: unknown }>;
  /** Ends the company database's session (if any). */
  logout(companyDb: string): Promise<void>;
  /** Ends every session this client holds (on shutdown). */
  logoutAll(): Promise<void>;
}

export function createServiceLayerClient(
  options: ServiceLayerClientOptions,
  companies: (companyDb: string) => ServiceLayerCompany | undefined,
): ServiceLayerClient {
  const root = options.url.endsWith("/") ? options.url : `${options.url}/`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const doFetch = options.fetch ?? fetch;
  // In-memory sessions (see the file comment): one per company database.
  const sessions = new Map<string, SessionCookies>();
  // A login already under way for a company database: concurrent callers wait for it instead of logging in again.
  const pendingLogins = new Map<string, Promise<SessionCookies>>();

  async function send(
    url: string,
    init: RequestInit,
    binary = false,
  ): Promise<{ response: Response; text: string; bytes: Buffer }> {
    let response: Response;
    let text = "";
    let bytes = Buffer.alloc(0);
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      if (binary && response.ok) bytes = Buffer.from(await response.arrayBuffer());
      else text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new ServiceLayerError(
        timedOut ? UNAVAILABLE : `No fue posible comunicarse con el ERP: ${UNAVAILABLE}`,
        undefined,
        undefined,
        error instanceof Error ? error.message : String(error),
      );
    }
    return { response, text, bytes };
  }

  function failure(response: Response, text: string): ServiceLayerError {
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

  async function login(companyDb: string): Promise<SessionCookies> {
    const company = companies(companyDb);
    if (!company) {
      throw new ServiceLayerError(
        `La base de datos ${companyDb} no tiene usuario de SAP configurado.`,
        undefined,
        undefined,
        undefined,
      );
    }
    const { response, text } = await send(`${root}Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ CompanyDB: company.companyDb, UserName: company.userName, Password: company.password }),
    });
    if (!response.ok) {
      const error = failure(response, text);
      const code = Number(error.sapCode);
      // Bad credentials (-304/-306) are never retried: SAP answers them slowly and may lock the user.
      if (code === -304 || code === -306) {
        throw new ServiceLayerError(
          `El ERP rechazó el usuario o la contraseña de SAP de la base de datos ${companyDb}; revise la configuración de la sociedad.`,
          response.status,
          error.sapCode,
          error.detail,
        );
      }
      throw error;
    }
    const cookie = cookiePairs(response);
    if (!cookie.includes("B1SESSION=")) {
      throw new ServiceLayerError(
        `El ERP no devolvió una sesión al iniciar sesión. ${UNAVAILABLE}`,
        response.status,
        undefined,
        undefined,
      );
    }
    const session = { cookie };
    sessions.set(companyDb, session);
    return session;
  }

  function sessionFor(companyDb: string): Promise<SessionCookies> {
    const existing = sessions.get(companyDb);
    if (existing) return Promise.resolve(existing);
    let pending = pendingLogins.get(companyDb);
    if (!pending) {
      pending = login(companyDb).finally(() => pendingLogins.delete(companyDb));
      pendingLogins.set(companyDb, pending);
    }
    return pending;
  }

  /** One request in the company database's session; on 401 code 301 logs in again ONCE and repeats it. */
  async function request(
    companyDb: string,
    url: string,
    init: RequestInit,
    binary = false,
  ): Promise<{ response: Response; text: string; bytes: Buffer }> {
    for (let attempt = 0; ; attempt++) {
      const session = await sessionFor(companyDb);
      const headers = new Headers(init.headers);
      headers.set("cookie", session.cookie);
      const result = await send(url, { ...init, headers }, binary);
      const expired =
        result.response.status === 401 && Number(parseSapError(result.text)?.code) === 301 && attempt === 0;
      if (!expired) {
        if (!result.response.ok) throw failure(result.response, result.text);
        return result;
      }
      if (sessions.get(companyDb) === session) sessions.delete(companyDb);
    }
  }

  function resolveNext(base: string, next: string): string {
    // v2 relative ("PurchaseOrders?$skip=20"), absolute path ("/b1s/v1/Orders?$skip=20") or a full URL.
    return new URL(next, /^[a-z]+:|^\//i.test(next) ? base : root).toString();
  }

  return {
    async getAll<T>(companyDb: string, path: string, opts: { maxPageSize?: number } = {}): Promise<T[]> {
      const headers: Record<string, string> = { accept: "application/json" };
      if (opts.maxPageSize !== undefined) headers.prefer = `odata.maxpagesize=${opts.maxPageSize}`;
      const rows: T[] = [];
      let url: string | undefined = new URL(path, root).toString();
      while (url) {
        const { response, text } = await request(companyDb, url, { method: "GET", headers });
        const page = parseJson<{ value?: T[]; "@odata.nextLink"?: string; "odata.nextLink"?: string }>(response, text);
        rows.push(...(page.value ?? []));
        const next = page["@odata.nextLink"] ?? page["odata.nextLink"];
        url = next ? resolveNext(url, next) : undefined;
      }
      return rows;
    },

    async get<T>(companyDb: string, path: string): Promise<T> {
      const { response, text } = await request(companyDb, new URL(path, root).toString(), {
        method: "GET",
        headers: { accept: "application/json" },
      });
      return parseJson<T>(response, text);
    },

    async getText(companyDb: string, path: string): Promise<string> {
      const { text } = await request(companyDb, new URL(path, root).toString(), { method: "GET" });
      return text;
    },

    async getBytes(companyDb: string, path: string) {
      const { response, bytes } = await request(companyDb, new URL(path, root).toString(), { method: "GET" }, true);
      return { bytes, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
    },

    async write(companyDb, method, path, body, opts = {}) {
      const headers: Record<string, string> = { accept: "application/json" };
      if (body !== undefined) headers["content-type"] = "application/json";
      if (opts.returnNoContent) headers.prefer = "return-no-content";
      const { response, text } = await request(companyDb, new URL(path, root).toString(), {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: response.status,
        location: response.headers.get("location"),
        body: text === "" ? null : parseJson(response, text),
      };
    },

    async logout(companyDb: string): Promise<void> {
      const session = sessions.get(companyDb);
      if (!session) return;
      sessions.delete(companyDb);
      const { response, text } = await send(`${root}Logout`, { method: "POST", headers: { cookie: session.cookie } });
      // An already expired session is as good as logged out.
      if (!response.ok && !(response.status === 401 && Number(parseSapError(text)?.code) === 301)) {
        throw failure(response, text);
      }
    },

    async logoutAll(): Promise<void> {
      await Promise.allSettled([...sessions.keys()].map((companyDb) => this.logout(companyDb)));
    },
  };
}
