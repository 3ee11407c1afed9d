import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { entityContext } from "./answer-forms";
import type { SimulatorFaults } from "./faults";
import { type Ctx, cookies, readBody, sendError, sendJson } from "./http";
import { loginRefusal } from "./login-dialect";
import { annotation } from "./query";

export interface SessionsDeps {
  /** Accepted logins; any other CompanyDB/UserName/Password answers -304 (-306 for an unknown CompanyDB). */
  credentials: readonly { companyDb: string; userName: string; password: string }[];
  clock: () => Date;
  /** Idle timeout in minutes. */
  timeoutMinutes: number;
  faults: Pick<SimulatorFaults, "maxParallelLogins" | "loginErrorDialect">;
}

interface Session {
  companyDb: string;
  lastUsed: number;
  node: string;
}

/** The sessions' state: the open sessions and the counts behind loginCount and the parallel-login limit. */
interface SessionState {
  deps: SessionsDeps;
  sessions: Map<string, Session>;
  logins: number;
  loginsInFlight: number;
  nextNode: number;
}

function sessionOf(s: SessionState, req: IncomingMessage): Session | undefined {
  const id = cookies(req).get("B1SESSION");
  const found = id ? s.sessions.get(id) : undefined;
  if (!id || !found) return undefined;
  const now = s.deps.clock().getTime();
  if (now - found.lastUsed > s.deps.timeoutMinutes * 60_000) {
    s.sessions.delete(id);
    return undefined;
  }
  found.lastUsed = now; // the timeout is by inactivity
  return found;
}

async function login(s: SessionState, ctx: Ctx): Promise<void> {
  const { deps } = s;
  const { faults, timeoutMinutes } = deps;
  s.logins++;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(await readBody(ctx.req)) as Record<string, unknown>;
  } catch {
    return sendError(ctx, 400, -1000, "Invalid JSON body.");
  }
  if (faults.maxParallelLogins > 0 && s.loginsInFlight > faults.maxParallelLogins) {
    return sendError(ctx, 500, 299, "SAML Login Failed");
  }
  const known = deps.credentials.some((c) => c.companyDb === body.CompanyDB);
  const ok = deps.credentials.some(
    (c) => c.companyDb === body.CompanyDB && c.userName === body.UserName && c.password === body.Password,
  );
  if (!ok) {
    const refusal = loginRefusal(faults.loginErrorDialect, known, String(body.CompanyDB ?? ""));
    return sendError(ctx, 401, refusal.code, refusal.message);
  }
  const id = randomUUID();
  // Behind SAP's balancer each login lands on a node, round robin; ROUTEID keeps the session there.
  const node = `.node${(s.nextNode++ % 2) + 1}`;
  s.sessions.set(id, { companyDb: String(body.CompanyDB), lastUsed: deps.clock().getTime(), node });
  const context = entityContext(ctx, "B1Sessions");
  return sendJson(
    ctx,
    200,
    {
      [annotation(ctx, "context")]: context,
      SessionId: id,
      Version: "1000190",
      SessionTimeout: timeoutMinutes,
    },
    { "set-cookie": [`B1SESSION=${id}; path=${ctx.root.slice(0, -1)}; HttpOnly`, `ROUTEID=${node}; path=/b1s`] },
  );
}

/** Login, Logout, the B1SESSION cookie and its idle expiry; the login and request counts tests read. */
export function createSessions(deps: SessionsDeps) {
  const s: SessionState = { deps, sessions: new Map(), logins: 0, loginsInFlight: 0, nextNode: 0 };
  const counts = new Map<string, number>();

  /** A request received for a route; a login is in flight until `done` is called. */
  function received(route: string, isLogin: boolean): () => void {
    counts.set(route, (counts.get(route) ?? 0) + 1);
    if (isLogin) s.loginsInFlight++;
    return () => {
      if (isLogin) s.loginsInFlight--;
    };
  }

  return {
    session: (req: IncomingMessage) => sessionOf(s, req),
    login: (ctx: Ctx) => login(s, ctx),
    /** POST Logout: the session ends. */
    logout(req: IncomingMessage): void {
      s.sessions.delete(cookies(req).get("B1SESSION") ?? "");
    },
    received,
    loginCount: () => s.logins,
    requestCount: (route?: string) =>
      route === undefined ? [...counts.values()].reduce((a, b) => a + b, 0) : (counts.get(route) ?? 0),
    resetCounts: () => counts.clear(),
    expireAllSessions: () => s.sessions.clear(),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
