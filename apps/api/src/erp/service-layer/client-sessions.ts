// Part of the Service Layer client (client.ts): the sessions, one per company database (see client.ts).
import { createHash } from "node:crypto";
import { failure, ServiceLayerError, UNAVAILABLE } from "./client-errors";
import { send, type Transport } from "./client-transport";
import type { ServiceLayerSessionStore, StoredServiceLayerSession } from "./session-store";

export interface ServiceLayerCompany {
  companyDb: string;
  userName: string;
  password: string;
}

/** The SAP user of a company database, or undefined when the portal has none. */
export type ServiceLayerCompanies = (
  companyDb: string,
) => ServiceLayerCompany | undefined | Promise<ServiceLayerCompany | undefined>;

/** What this process knows of a company database's session. */
export interface ActiveSession {
  stored: StoredServiceLayerSession;
  /** Last use by this process (clock ms): may be later than the stored one, which is written at most once a minute. */
  lastUsed: number;
  /** When this process last wrote the last use (clock ms). */
  lastTouch: number;
  /** Consecutive 5xx answers in this session. */
  serverErrors: number;
}

/**
 * One client's settings and its process state (created once, by createServiceLayerClient, and shared by reference
 * with the functions of its parts).
 */
export interface ClientContext {
  root: string;
  transport: Transport;
  companies: ServiceLayerCompanies;
  clock: () => Date;
  store: ServiceLayerSessionStore;
  renewMarginMs: number;
  touchIntervalMs: number;
  retryDelays: readonly number[];
  nodeFailureLimit: number;
  sleep: (ms: number) => Promise<void>;
  refusedLoginPauseMs: number;
  warn: (error: unknown, message: string) => void;
  active: Map<string, ActiveSession>;
  pending: Map<string, Promise<ActiveSession>>;
  known: Set<string>;
  refused: Map<string, { digest: string; until: number; error: ServiceLayerError }>;
  background: Set<Promise<void>>;
}

function cookiePairs(response: Response): string {
  const pairs: string[] = [];
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]?.trim();
    if (pair && /^(B1SESSION|ROUTEID)=/.test(pair)) pairs.push(pair);
  }
  return pairs.join("; ");
}

async function credentials(ctx: ClientContext, companyDb: string): Promise<ServiceLayerCompany> {
  const company = await ctx.companies(companyDb);
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
  ctx: ClientContext,
  companyDb: string,
  company: ServiceLayerCompany,
): Promise<{ cookie: string; timeoutMinutes: number }> {
  const { response, text } = await send(ctx.transport, `${ctx.root}Login`, {
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
function fresh(ctx: ClientContext, lastUsedMs: number, timeoutMinutes: number): boolean {
  return lastUsedMs + timeoutMinutes * 60_000 - ctx.renewMarginMs > ctx.clock().getTime();
}

/** The last use known for a stored session: this process's own may be newer than the throttled stored one. */
function lastUseOf(ctx: ClientContext, companyDb: string, stored: StoredServiceLayerSession): number {
  const local = ctx.active.get(companyDb);
  const mine = local?.stored.version === stored.version ? local.lastUsed : 0;
  return Math.max(stored.lastUsed.getTime(), mine);
}

function adopt(ctx: ClientContext, companyDb: string, stored: StoredServiceLayerSession): ActiveSession {
  const current = ctx.active.get(companyDb);
  if (current?.stored.version === stored.version) return current;
  const session: ActiveSession = {
    stored,
    lastUsed: stored.lastUsed.getTime(),
    lastTouch: stored.lastUsed.getTime(),
    serverErrors: 0,
  };
  ctx.active.set(companyDb, session);
  ctx.known.add(companyDb);
  return session;
}

/** Logs out a session that was replaced (near its idle timeout), without making anyone wait for it. */
function retire(ctx: ClientContext, cookie: string): void {
  const done = send(ctx.transport, `${ctx.root}Logout`, { method: "POST", headers: { cookie } })
    .then(() => {})
    .catch((error: unknown) => ctx.warn(error, "no se pudo cerrar una sesión reemplazada del Service Layer"))
    .finally(() => ctx.background.delete(done));
  ctx.background.add(done);
}

/** A usable session: the stored one while fresh, otherwise one login under the store's lock. */
async function obtain(ctx: ClientContext, companyDb: string, failed: string | undefined): Promise<ActiveSession> {
  const { store, clock, refused } = ctx;
  const stored = await store.read(companyDb);
  if (stored && stored.version !== failed && fresh(ctx, lastUseOf(ctx, companyDb, stored), stored.timeoutMinutes)) {
    return adopt(ctx, companyDb, stored);
  }
  // Looked up before taking the lock: the lookup may read the database, whose only connection (embedded PGlite)
  // the lock's transaction holds.
  const company = await credentials(ctx, companyDb);
  const digest = createHash("sha256")
    .update(JSON.stringify([company.companyDb, company.userName, company.password]))
    .digest("hex");
  const refusal = refused.get(companyDb);
  if (refusal && refusal.digest === digest && refusal.until > clock().getTime()) throw refusal.error;
  let replaced: string | undefined;
  const result = await store.exclusive(companyDb, async (current) => {
    // Re-read under the lock: another process may have logged in while this one waited.
    if (
      current &&
      current.version !== failed &&
      fresh(ctx, lastUseOf(ctx, companyDb, current), current.timeoutMinutes)
    ) {
      return current;
    }
    // Near its idle timeout: replaced now rather than used and refused (the old one is logged out afterwards).
    if (current && current.version !== failed) replaced = current.cookie;
    try {
      return await login(ctx, companyDb, company);
    } catch (error) {
      // Any 401 from Login (F10): these credentials are not tried again until they change.
      if (error instanceof ServiceLayerError && error.status === 401) {
        refused.set(companyDb, { digest, until: clock().getTime() + ctx.refusedLoginPauseMs, error });
      }
      throw error;
    }
  });
  refused.delete(companyDb);
  if (replaced) retire(ctx, replaced);
  return adopt(ctx, companyDb, result);
}

export async function acquire(ctx: ClientContext, companyDb: string, failed?: string): Promise<ActiveSession> {
  const { pending } = ctx;
  const running = pending.get(companyDb);
  if (running) {
    const session = await running;
    if (session.stored.version !== failed) return session;
  }
  const local = ctx.active.get(companyDb);
  if (!failed && local && fresh(ctx, local.lastUsed, local.stored.timeoutMinutes)) return local;
  let next = pending.get(companyDb);
  if (!next) {
    next = obtain(ctx, companyDb, failed).finally(() => pending.delete(companyDb));
    pending.set(companyDb, next);
  }
  return next;
}

/** Forgets a session that must not be used again (refused, or on a failing node), here and in the store. */
export async function drop(ctx: ClientContext, companyDb: string, session: ActiveSession): Promise<void> {
  if (ctx.active.get(companyDb) === session) ctx.active.delete(companyDb);
  // Only if it is still the one that failed: another process may already have stored a new one.
  await ctx.store.remove(companyDb, session.stored.version);
}

export async function used(ctx: ClientContext, companyDb: string, session: ActiveSession): Promise<void> {
  const now = ctx.clock().getTime();
  session.lastUsed = Math.max(session.lastUsed, now);
  if (now - session.lastTouch < ctx.touchIntervalMs) return;
  session.lastTouch = now;
  try {
    await ctx.store.touch(companyDb, session.stored.version, new Date(now));
  } catch (error) {
    // The answer is good; a missed last-use write only makes the next process renew a little early.
    ctx.warn(error, "no se pudo registrar el uso de la sesión del Service Layer");
  }
}
