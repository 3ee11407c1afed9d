// Part of the Service Layer client (client.ts): one request in a company database's session, with its retries.
import { failure, parseSapError, ServiceLayerError } from "./client-errors";
import { acquire, type ClientContext, drop, used } from "./client-sessions";
import { send } from "./client-transport";

/** Answers a read may be repeated after: the balancer's or a node's transient failures. */
function transientStatus(status: number, sapCode: number | string | undefined): boolean {
  // 500 code 407 ("Table definition not found"): seen on every request of one broken node behind the balancer.
  return status === 502 || status === 503 || status === 504 || (status === 500 && Number(sapCode) === 407);
}

/**
 * One request in the company database's session. On 401 code 301: one new login and one repetition. Reads
 * (`idempotent`) are retried on transient failures within the time budget; writes never are.
 */
export async function request(
  ctx: ClientContext,
  companyDb: string,
  url: string,
  init: RequestInit,
  binary = false,
  idempotent = init.method === "GET",
): Promise<{ response: Response; text: string; bytes: Buffer }> {
  const { timeoutMs } = ctx.transport;
  const started = performance.now();
  let retries = 0;
  let relogged = false;
  let failed: string | undefined;
  const retry = async (): Promise<boolean> => {
    const delay = ctx.retryDelays[retries];
    if (!idempotent || delay === undefined) return false;
    const wait = delay * (0.75 + Math.random() * 0.5);
    // Never beyond the request's bound (a slow Service Layer must not hold a portal request past its timeout),
    // and only with time left for an attempt that can succeed.
    const minimumAttempt = Math.min(timeoutMs / 4, 1_000);
    if (performance.now() - started + wait + minimumAttempt > timeoutMs) return false;
    retries++;
    await ctx.sleep(wait);
    return true;
  };
  for (;;) {
    const session = await acquire(ctx, companyDb, failed);
    failed = undefined;
    const headers = new Headers(init.headers);
    headers.set("cookie", session.stored.cookie);
    const budget = retries === 0 ? timeoutMs : timeoutMs - (performance.now() - started);
    let result: { response: Response; text: string; bytes: Buffer };
    try {
      result = await send(ctx.transport, url, { ...init, headers }, binary, budget);
    } catch (error) {
      // A timeout is final (repeating it would double the wait); a refused or reset connection is retried.
      if (error instanceof ServiceLayerError && !error.timedOut && (await retry())) continue;
      throw error;
    }
    const { response, text } = result;
    const sapCode = response.ok ? undefined : parseSapError(text)?.code;
    if (response.status === 401 && Number(sapCode) === 301) {
      await drop(ctx, companyDb, session);
      // Refused again right after a new login: an error, not a loop of logins.
      if (relogged) throw failure(response, text);
      relogged = true;
      failed = session.stored.version;
      continue;
    }
    if (response.status >= 500) {
      session.serverErrors++;
      if (session.serverErrors >= ctx.nodeFailureLimit) {
        // Repeated 5xx in one session: its node (ROUTEID) is probably broken; a new login lands elsewhere.
        ctx.warn(
          new ServiceLayerError("", response.status, sapCode, undefined),
          `el Service Layer respondió ${session.serverErrors} errores seguidos en la sesión de ${companyDb}; se inicia otra`,
        );
        await drop(ctx, companyDb, session);
      }
      if (transientStatus(response.status, sapCode) && (await retry())) continue;
      throw failure(response, text);
    }
    session.serverErrors = 0;
    await used(ctx, companyDb, session);
    if (!response.ok) throw failure(response, text);
    return result;
  }
}
