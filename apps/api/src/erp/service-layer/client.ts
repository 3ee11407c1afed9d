import { Agent, fetch as undiciFetch } from "undici";
import { systemClock } from "../../lib/clock";
import { failure, parseJson, parseSapError, type ServiceLayerError } from "./client-errors";
import { request } from "./client-request";
import type { ActiveSession, ClientContext, ServiceLayerCompanies } from "./client-sessions";
import { send } from "./client-transport";
import { createMemorySessionStore, type ServiceLayerSessionStore } from "./session-store";

export { ServiceLayerError, UNAVAILABLE } from "./client-errors";
export type { ServiceLayerCompanies, ServiceLayerCompany } from "./client-sessions";

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

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function resolveNext(root: string, base: string, next: string): string {
  // v2 relative ("PurchaseOrders?$skip=20"), absolute path ("/b1s/v1/Orders?$skip=20") or a full URL.
  return new URL(next, /^[a-z]+:|^\//i.test(next) ? base : root).toString();
}

async function logoutCookie(ctx: ClientContext, cookie: string): Promise<void> {
  const { response, text } = await send(ctx.transport, `${ctx.root}Logout`, { method: "POST", headers: { cookie } });
  // An already expired session is as good as logged out.
  if (!response.ok && !(response.status === 401 && Number(parseSapError(text)?.code) === 301)) {
    throw failure(response, text);
  }
}

/** GET a collection, following every next link; returns all rows of all pages. */
async function getAllPages<T>(
  ctx: ClientContext,
  companyDb: string,
  path: string,
  pageSize: number | undefined,
): Promise<T[]> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (pageSize !== undefined) headers.prefer = `odata.maxpagesize=${pageSize}`;
  const rows: T[] = [];
  let url: string | undefined = new URL(path, ctx.root).toString();
  while (url) {
    const { response, text } = await request(ctx, companyDb, url, { method: "GET", headers });
    const page = parseJson<{ value?: T[]; "@odata.nextLink"?: string; "odata.nextLink"?: string }>(response, text);
    rows.push(...(page.value ?? []));
    const next = page["@odata.nextLink"] ?? page["odata.nextLink"];
    url = next ? resolveNext(ctx.root, url, next) : undefined;
  }
  return rows;
}

/** POST or PATCH a JSON body (or DELETE); see ServiceLayerClient.write. */
async function writeJson(
  ctx: ClientContext,
  companyDb: string,
  method: "POST" | "PATCH" | "DELETE",
  path: string,
  body: unknown,
  opts: { returnNoContent?: boolean },
): Promise<{ status: number; location: string | null; body: unknown }> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (opts.returnNoContent) headers.prefer = "return-no-content";
  const { response, text } = await request(ctx, companyDb, new URL(path, ctx.root).toString(), {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    body: text === "" ? null : parseJson(response, text),
  };
}

/**
 * Ends the company database's session: logs it out and deletes the stored row (if still that session). Other
 * processes using it get 401 code 301 on their next request and log in once again.
 */
async function logoutCompany(ctx: ClientContext, companyDb: string): Promise<void> {
  const local = ctx.active.get(companyDb);
  ctx.active.delete(companyDb);
  ctx.known.delete(companyDb);
  const stored = await ctx.store.read(companyDb);
  const cookies = new Set<string>();
  if (stored) {
    cookies.add(stored.cookie);
    await ctx.store.remove(companyDb, stored.version);
  }
  if (local) cookies.add(local.stored.cookie);
  const results = await Promise.allSettled([...cookies].map((cookie) => logoutCookie(ctx, cookie)));
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (rejected) throw rejected.reason;
}

/** The client's settings and its process state (the only place that state is created). */
function createContext(options: ServiceLayerClientOptions, companies: ServiceLayerCompanies): ClientContext {
  const root = options.url.endsWith("/") ? options.url : `${options.url}/`;
  const clock = options.clock ?? systemClock;
  // The Service Layer's own certificate (or CA) replaces the default trust roots for this client only; nothing
  // here ever turns verification off. undici's fetch goes with undici's Agent (Node's built-in fetch bundles its
  // own undici, whose dispatcher interface may differ from the installed one).
  const dispatcher = options.ca ? new Agent({ connect: { ca: options.ca } }) : undefined;
  const doFetch: typeof fetch = options.fetch ?? (dispatcher ? (undiciFetch as unknown as typeof fetch) : fetch);
  return {
    root,
    transport: { timeoutMs: options.timeoutMs ?? 30_000, dispatcher, doFetch },
    companies,
    clock,
    store: options.sessions ?? createMemorySessionStore(clock),
    renewMarginMs: options.renewMarginMs ?? 60_000,
    touchIntervalMs: options.touchIntervalMs ?? 60_000,
    retryDelays: options.retryDelaysMs ?? RETRY_DELAYS_MS,
    nodeFailureLimit: options.nodeFailureLimit ?? 2,
    sleep: options.sleep ?? defaultSleep,
    refusedLoginPauseMs: options.refusedLoginPauseMs ?? Number.POSITIVE_INFINITY,
    warn: options.warn ?? (() => {}),
    // This process's view of the sessions: what it used last, to avoid a database read on every request.
    active: new Map<string, ActiveSession>(),
    // A session being obtained for a company database: concurrent callers of this process wait for it.
    pending: new Map<string, Promise<ActiveSession>>(),
    // Company databases whose stored session this process used (logged out and deleted on shutdown).
    known: new Set<string>(),
    // Credentials SAP refused (any 401 from Login, F10), by company database: a digest, never the password itself.
    refused: new Map<string, { digest: string; until: number; error: ServiceLayerError }>(),
    // Logouts of replaced sessions, running in the background (awaited by logoutAll).
    background: new Set<Promise<void>>(),
  };
}

export function createServiceLayerClient(
  options: ServiceLayerClientOptions,
  companies: ServiceLayerCompanies,
): ServiceLayerClient {
  const ctx = createContext(options, companies);
  const { root, active, known, background } = ctx;
  const { dispatcher } = ctx.transport;

  return {
    async getAll<T>(companyDb: string, path: string, opts: { maxPageSize?: number } = {}): Promise<T[]> {
      return getAllPages<T>(ctx, companyDb, path, opts.maxPageSize ?? options.pageSize);
    },

    async get<T>(companyDb: string, path: string): Promise<T> {
      const { response, text } = await request(ctx, companyDb, new URL(path, root).toString(), {
        method: "GET",
        headers: { accept: "application/json" },
      });
      return parseJson<T>(response, text);
    },

    async getText(companyDb: string, path: string): Promise<string> {
      const { text } = await request(ctx, companyDb, new URL(path, root).toString(), { method: "GET" });
      return text;
    },

    async getBytes(companyDb: string, path: string) {
      const url = new URL(path, root).toString();
      const { response, bytes } = await request(ctx, companyDb, url, { method: "GET" }, true);
      return { bytes, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
    },

    async write(companyDb, method, path, body, opts = {}) {
      return writeJson(ctx, companyDb, method, path, body, opts);
    },

    async logout(companyDb: string): Promise<void> {
      await logoutCompany(ctx, companyDb);
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
