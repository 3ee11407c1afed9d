import { createHash } from "node:crypto";
import { Agent, fetch as undiciFetch } from "undici";
import { systemClock } from "../../lib/clock";
import {
  createMemorySessionStore,
  type ServiceLayerSessionStore,
  type StoredServiceLayerSession,
} from "./session-store";

/**
 * A fetch-based client of the SAP Business One Service Layer (OData v4 `/b1s/v2`, tolerating v1's error dialect
 * and next-link form). See docs/erp-service-layer.md and decisions 027/028.
 *
 * - Sessions: one per company database, kept in a `ServiceLayerSessionStore` (PostgreSQL in the app, so every
 *   portal process shares it; memory by default). A session is used while its last use + idle timeout − margin is
 *   ahead; otherwise it is replaced BEFORE use, under the store's lock, after re-reading it (another process may
 *   have just logged in). On 401 code 301 the stored session is dropped only if it is still the one that failed,
 *   and the request is repeated once after one login. A login refused with 401 (any code) is never retried.
 * - Transport: a timeout on every request; idempotent reads (GET) are retried at most twice with backoff and
 *   jitter on network errors, 502/503/504 and 500 code 407 (a broken node), never after a timeout and never beyond
 *   the request's time budget; writes are never retried. Repeated 5xx on one session drop it: the next login gets
 *   a new ROUTEID, i.e. usually another node behind SAP's balancer.
 * - TLS: `ca` (the Service Layer's own certificate or CA, PEM) is trusted through an undici Agent; verification is
 *   never turned off.
 */

export interface ServiceLayerCompany {
  companyDb: string;
  userName: string;
  password: string;
}

export interface ServiceLayerClientOptions {
  /** Service root, e.g. https://sap:50000/b1s/v2/ (a trailing slash is added if missing). */
  url: string;
  /** Every request's bound, in milliseconds (default 30 s); retries of a read stay within it too. */
  timeoutMs?: number;
  /** Injected for tests; Node's own fetch by default (undici's, with `ca`). */
  fetch?: typeof fetch;
  /** Rows per page asked for when a `getAll` call does not say (Prefer: odata.maxpagesize); unset = SAP's default. */
  pageSize?: number;
  /** PEM certificate(s) trusted for the Service Layer's TLS (its self-signed server.crt or the issuing CA). */
  ca?: string;
  /** Where sessions live (default: this client's memory). */
  sessions?: ServiceLayerSessionStore;
  /** Time for session freshness (default the system clock). */
  clock?: () => Date;
  /** A session is replaced this long before its idle timeout (default 60 s). */
  renewMarginMs?: number;
  /** The last use is written to the store at most this often per company database (default 60 s). */
  touchIntervalMs?: number;
  /** Waits before each retry of a read (default [200, 800] ms, ±25 % jitter). */
  retryDelaysMs?: readonly number[];
  /** Consecutive 5xx answers on one session before it is dropped for a new login (default 2). */
  nodeFailureLimit?: number;
  /**
   * After SAP refused a company database's login (any 401 from Login, whatever its code: F10), logins with the
   * same credentials are not attempted again for this long (default: never, in this process — once per
   * credential change): each attempt is slow on SAP's side and counts towards locking the SAP user. Changed
   * credentials (the sociedad edited) are tried at once.
   */
  refusedLoginPauseMs?: number;
  /** Injected for tests (the waits between retries). */
  sleep?: (ms: number) => Promise<void>;
  /** What went wrong in the background (a failed logout of a replaced session); never given secrets. */
  warn?: (error: unknown, message: string) => void;
}

/** The SAP user of a company database, or undefined when the portal has none. */
export type ServiceLayerCompanies = (
  companyDb: string,
) => ServiceLayerCompany | undefined | Promise<ServiceLayerCompany | undefined>;

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

/** What this process knows of a company database's session. */
interface ActiveSession {
  stored: StoredServiceLayerSession;
  /** Last use by this process (clock ms): may be later than the stored one, which is written at most once a minute. */
  lastUsed: number;
  /** When this process last wrote the last use (clock ms). */
  lastTouch: number;
  /** Consecutive 5xx answers in this session. */
  serverErrors: number;
}

interface SapErrorBody {
  code?: number | string;
  message?: string | { value?: string };
}

export const UNAVAILABLE = "El ERP no responde; intente en unos minutos.";

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

/** A network failure's cause, without the URL's query (which can carry business data) — never a cookie. */
function networkDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.name}: ${error.message}${cause}`.slice(0, 300);
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
    method: "POST" | "PATCH" | "DELETE",
    path: string,
    body?: unknown,
    options?: { returnNoContent?: boolean },
  ): Promise<{ status: number; location: string | null; body: unknown }>;
  /** Ends the company database's session (if any). */
  logout(companyDb: string): Promise<void>;
  /** Ends every session this client holds (on shutdown). */
  logoutAll(): Promise<void>;
  /** On shutdown: logoutAll(), then the connections to the Service Layer are closed (the client is not used again). */
  close(): Promise<void>;
}

const RETRY_DELAYS_MS = [200, 800] as const;

/** Answers a read may be repeated after: the balancer's or a node's transient failures. */
function transientStatus(status: number, sapCode: number | string | undefined): boolean {
  // 500 code 407 ("Table definition not found"): seen on every request of one broken node behind the balancer.
  return status === 502 || status === 503 || status === 504 || (status === 500 && Number(sapCode) === 407);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createServiceLayerClient(
  options: ServiceLayerClientOptions,
  companies: ServiceLayerCompanies,
): ServiceLayerClient {
  const root = options.url.endsWith("/") ? options.url : `${options.url}/`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const clock = options.clock ?? systemClock;
  const store = options.sessions ?? createMemorySessionStore(clock);
  const renewMarginMs = options.renewMarginMs ?? 60_000;
  const touchIntervalMs = options.touchIntervalMs ?? 60_000;
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const nodeFailureLimit = options.nodeFailureLimit ?? 2;
  const sleep = options.sleep ?? defaultSleep;
  const refusedLoginPauseMs = options.refusedLoginPauseMs ?? Number.POSITIVE_INFINITY;
  const warn = options.warn ?? (() => {});
  // The Service Layer's own certificate (or CA) replaces the default trust roots for this client only; nothing
  // here ever turns verification off. undici's fetch goes with undici's Agent (Node's built-in fetch bundles its
  // own undici, whose dispatcher interface may differ from the installed one).
  const dispatcher = options.ca ? new Agent({ connect: { ca: options.ca } }) : undefined;
  const doFetch: typeof fetch = options.fetch ?? (dispatcher ? (undiciFetch as unknown as typeof fetch) : fetch);
  // This process's view of the sessions: what it used last, to avoid a database read on every request.
  const active = new Map<string, ActiveSession>();
  // A session being obtained for a company database: concurrent callers of this process wait for it.
  const pending = new Map<string, Promise<ActiveSession>>();
  // Company databases whose stored session this process used (logged out and deleted on shutdown).
  const known = new Set<string>();
  // Credentials SAP refused (any 401 from Login, F10), by company database: a digest, never the password itself.
  const refused = new Map<string, { digest: string; until: number; error: ServiceLayerError }>();
  // Logouts of replaced sessions, running in the background (awaited by logoutAll).
  const background = new Set<Promise<void>>();

  async function send(
    url: string,
    init: RequestInit,
    binary = false,
    budgetMs = timeoutMs,
  ): Promise<{ response: Response; text: string; bytes: Buffer }> {
    let response: Response;
    let text = "";
    let bytes = Buffer.alloc(0);
    try {
      const withSignal = { ...init, signal: AbortSignal.timeout(Math.max(1, Math.ceil(budgetMs))) };
      if (dispatcher) (withSignal as { dispatcher?: Agent }).dispatcher = dispatcher;
      response = await doFetch(url, withSignal);
      if (binary && response.ok) bytes = Buffer.from(await response.arrayBuffer());
      else text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const failure = new ServiceLayerError(
        timedOut ? UNAVAILABLE : `No fue posible comunicarse con el ERP: ${UNAVAILABLE}`,
        undefined,
        undefined,
        networkDetail(error),
      );
      failure.timedOut = timedOut;
      failure.noAnswer = true;
      throw failure;
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

  async function credentials(companyDb: string): Promise<ServiceLayerCompany> {
    const company = await companies(companyDb);
    if (!company) {
      throw new ServiceLayerError(
        `La base de datos ${companyDb} no tiene usuario de SAP configurado.`,
        undefined,
        undefined,
        undefined,
      );
    }
    return company;
  }

  async function login(
    companyDb: string,
    company: ServiceLayerCompany,
  ): Promise<{ cookie: string; timeoutMinutes: number }> {
    const { response, text } = await send(`${root}Login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ CompanyDB: company.companyDb, UserName: company.userName, Password: company.password }),
    });
    if (!response.ok) {
      const error = failure(response, text);
      const code = Number(error.sapCode);
      // Bad credentials are never retried: SAP answers them slowly and may lock the user. Decided on "401 from
      // Login", not on the code (F10): FP 2608 answers -304/-306, a 9.3 Service Layer 100000027.
      if (response.status === 401 || code === -304 || code === -306) {
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
    let timeoutMinutes = 30; // SAP's default, when the answer does not say
    try {
      const body = JSON.parse(text) as { SessionTimeout?: unknown };
      if (typeof body.SessionTimeout === "number" && body.SessionTimeout > 0) timeoutMinutes = body.SessionTimeout;
    } catch {
      // A session cookie without a JSON body: keep the default timeout.
    }
    return { cookie, timeoutMinutes };
  }

  /** Whether a session last used at `lastUsedMs` is still safely ahead of its idle timeout. */
  function fresh(lastUsedMs: number, timeoutMinutes: number): boolean {
    return lastUsedMs + timeoutMinutes * 60_000 - renewMarginMs > clock().getTime();
  }

  /** The last use known for a stored session: this process's own may be newer than the throttled stored one. */
  function lastUseOf(companyDb: string, stored: StoredServiceLayerSession): number {
    const local = active.get(companyDb);
    const mine = local?.stored.version === stored.version ? local.lastUsed : 0;
    return Math.max(stored.lastUsed.getTime(), mine);
  }

  function adopt(companyDb: string, stored: StoredServiceLayerSession): ActiveSession {
    const current = active.get(companyDb);
    if (current?.stored.version === stored.version) return current;
    const session: ActiveSession = {
      stored,
      lastUsed: stored.lastUsed.getTime(),
      lastTouch: stored.lastUsed.getTime(),
      serverErrors: 0,
    };
    active.set(companyDb, session);
    known.add(companyDb);
    return session;
  }

  /** Logs out a session that was replaced (near its idle timeout), without making anyone wait for it. */
  function retire(cookie: string): void {
    const done = send(`${root}Logout`, { method: "POST", headers: { cookie } })
      .then(() => {})
      .catch((error: unknown) => warn(error, "no se pudo cerrar una sesión reemplazada del Service Layer"))
      .finally(() => background.delete(done));
    background.add(done);
  }

  /** A usable session: the stored one while fresh, otherwise one login under the store's lock. */
  async function obtain(companyDb: string, failed: string | undefined): Promise<ActiveSession> {
    const stored = await store.read(companyDb);
    if (stored && stored.version !== failed && fresh(lastUseOf(companyDb, stored), stored.timeoutMinutes)) {
      return adopt(companyDb, stored);
    }
    // Looked up before taking the lock: the lookup may read the database, whose only connection (embedded PGlite)
    // the lock's transaction holds.
    const company = await credentials(companyDb);
    const digest = createHash("sha256")
      .update(JSON.stringify([company.companyDb, company.userName, company.password]))
      .digest("hex");
    const refusal = refused.get(companyDb);
    if (refusal && refusal.digest === digest && refusal.until > clock().getTime()) throw refusal.error;
    let replaced: string | undefined;
    const result = await store.exclusive(companyDb, async (current) => {
      // Re-read under the lock: another process may have logged in while this one waited.
      if (current && current.version !== failed && fresh(lastUseOf(companyDb, current), current.timeoutMinutes)) {
        return current;
      }
      // Near its idle timeout: replaced now rather than used and refused (the old one is logged out afterwards).
      if (current && current.version !== failed) replaced = current.cookie;
      try {
        return await login(companyDb, company);
      } catch (error) {
        // Any 401 from Login (F10): these credentials are not tried again until they change.
        if (error instanceof ServiceLayerError && error.status === 401) {
          refused.set(companyDb, { digest, until: clock().getTime() + refusedLoginPauseMs, error });
        }
        throw error;
      }
    });
    refused.delete(companyDb);
    if (replaced) retire(replaced);
    return adopt(companyDb, result);
  }

  async function acquire(companyDb: string, failed?: string): Promise<ActiveSession> {
    const running = pending.get(companyDb);
    if (running) {
      const session = await running;
      if (session.stored.version !== failed) return session;
    }
    const local = active.get(companyDb);
    if (!failed && local && fresh(local.lastUsed, local.stored.timeoutMinutes)) return local;
    let next = pending.get(companyDb);
    if (!next) {
      next = obtain(companyDb, failed).finally(() => pending.delete(companyDb));
      pending.set(companyDb, next);
    }
    return next;
  }

  /** Forgets a session that must not be used again (refused, or on a failing node), here and in the store. */
  async function drop(companyDb: string, session: ActiveSession): Promise<void> {
    if (active.get(companyDb) === session) active.delete(companyDb);
    // Only if it is still the one that failed: another process may already have stored a new one.
    await store.remove(companyDb, session.stored.version);
  }

  async function used(companyDb: string, session: ActiveSession): Promise<void> {
    const now = clock().getTime();
    session.lastUsed = Math.max(session.lastUsed, now);
    if (now - session.lastTouch < touchIntervalMs) return;
    session.lastTouch = now;
    try {
      await store.touch(companyDb, session.stored.version, new Date(now));
    } catch (error) {
      // The answer is good; a missed last-use write only makes the next process renew a little early.
      warn(error, "no se pudo registrar el uso de la sesión del Service Layer");
    }
  }

  /**
   * One request in the company database's session. On 401 code 301: one new login and one repetition. Reads
   * (`idempotent`) are retried on transient failures within the time budget; writes never are.
   */
  async function request(
    companyDb: string,
    url: string,
    init: RequestInit,
    binary = false,
    idempotent = init.method === "GET",
  ): Promise<{ response: Response; text: string; bytes: Buffer }> {
    const started = performance.now();
    let retries = 0;
    let relogged = false;
    let failed: string | undefined;
    const retry = async (): Promise<boolean> => {
      const delay = retryDelays[retries];
      if (!idempotent || delay === undefined) return false;
      const wait = delay * (0.75 + Math.random() * 0.5);
      // Never beyond the request's bound (a slow Service Layer must not hold a portal request past its timeout),
      // and only with time left for an attempt that can succeed.
      const minimumAttempt = Math.min(timeoutMs / 4, 1_000);
      if (performance.now() - started + wait + minimumAttempt > timeoutMs) return false;
      retries++;
      await sleep(wait);
      return true;
    };
    for (;;) {
      const session = await acquire(companyDb, failed);
      failed = undefined;
      const headers = new Headers(init.headers);
      headers.set("cookie", session.stored.cookie);
      const budget = retries === 0 ? timeoutMs : timeoutMs - (performance.now() - started);
      let result: { response: Response; text: string; bytes: Buffer };
      try {
        result = await send(url, { ...init, headers }, binary, budget);
      } catch (error) {
        // A timeout is final (repeating it would double the wait); a refused or reset connection is retried.
        if (error instanceof ServiceLayerError && !error.timedOut && (await retry())) continue;
        throw error;
      }
      const { response, text } = result;
      const sapCode = response.ok ? undefined : parseSapError(text)?.code;
      if (response.status === 401 && Number(sapCode) === 301) {
        await drop(companyDb, session);
        // Refused again right after a new login: an error, not a loop of logins.
        if (relogged) throw failure(response, text);
        relogged = true;
        failed = session.stored.version;
        continue;
      }
      if (response.status >= 500) {
        session.serverErrors++;
        if (session.serverErrors >= nodeFailureLimit) {
          // Repeated 5xx in one session: its node (ROUTEID) is probably broken; a new login lands elsewhere.
          warn(
            new ServiceLayerError("", response.status, sapCode, undefined),
            `el Service Layer respondió ${session.serverErrors} errores seguidos en la sesión de ${companyDb}; se inicia otra`,
          );
          await drop(companyDb, session);
        }
        if (transientStatus(response.status, sapCode) && (await retry())) continue;
        throw failure(response, text);
      }
      session.serverErrors = 0;
      await used(companyDb, session);
      if (!response.ok) throw failure(response, text);
      return result;
    }
  }

  function resolveNext(base: string, next: string): string {
    // v2 relative ("PurchaseOrders?$skip=20"), absolute path ("/b1s/v1/Orders?$skip=20") or a full URL.
    return new URL(next, /^[a-z]+:|^\//i.test(next) ? base : root).toString();
  }

  async function logoutCookie(cookie: string): Promise<void> {
    const { response, text } = await send(`${root}Logout`, { method: "POST", headers: { cookie } });
    // An already expired session is as good as logged out.
    if (!response.ok && !(response.status === 401 && Number(parseSapError(text)?.code) === 301)) {
      throw failure(response, text);
    }
  }

  return {
    async getAll<T>(companyDb: string, path: string, opts: { maxPageSize?: number } = {}): Promise<T[]> {
      const headers: Record<string, string> = { accept: "application/json" };
      const pageSize = opts.maxPageSize ?? options.pageSize;
      if (pageSize !== undefined) headers.prefer = `odata.maxpagesize=${pageSize}`;
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

    /**
     * Ends the company database's session: logs it out and deletes the stored row (if still that session). Other
     * processes using it get 401 code 301 on their next request and log in once again.
     */
    async logout(companyDb: string): Promise<void> {
      const local = active.get(companyDb);
      active.delete(companyDb);
      known.delete(companyDb);
      const stored = await store.read(companyDb);
      const cookies = new Set<string>();
      if (stored) {
        cookies.add(stored.cookie);
        await store.remove(companyDb, stored.version);
      }
      if (local) cookies.add(local.stored.cookie);
      const results = await Promise.allSettled([...cookies].map(logoutCookie));
      const rejected = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
      if (rejected) throw rejected.reason;
    },

    /**
     * On shutdown: logs out and deletes the stored sessions of every company database this process used. Other
     * portal processes still running log in once again on their next 301 — one login each, under the lock.
     */
    async logoutAll(): Promise<void> {
      await Promise.allSettled([...background]);
      const companyDbs = new Set([...known, ...active.keys()]);
      await Promise.allSettled([...companyDbs].map((companyDb) => this.logout(companyDb)));
    },

    async close(): Promise<void> {
      await this.logoutAll();
      await dispatcher?.close();
    },
  };
}
