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

/** Login, Logout, the B1SESSION cookie and its idle expiry; the login and request counts tests read. */
export function createSessions(deps: SessionsDeps) {
  const { faults, timeoutMinutes } = deps;
  const sessions = new Map<string, Session>();
  let logins = 0;
  let loginsInFlight = 0;
  let nextNode = 0;
  const counts = new Map<string, number>();

  function session(req: IncomingMessage): Session | undefined {
    const id = cookies(req).get("B1SESSION");
    const found = id ? sessions.get(id) : undefined;
    if (!id || !found) return undefined;
    const now = deps.clock().getTime();
    if (now - found.lastUsed > timeoutMinutes * 60_000) {
      sessions.delete(id);
      return undefined;
    }
    found.lastUsed = now; // the timeout is by inactivity
    return found;
  }

  async function login(ctx: Ctx): Promise<void> {
    logins++;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(ctx.req)) as Record<string, unknown>;
    } catch {
      return sendError(ctx, 400, -1000, "Invalid JSON body.");
    }
    if (faults.maxParallelLogins > 0 && loginsInFlight > faults.maxParallelLogins) {
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
    const node = `.node${(nextNode++ % 2) + 1}`;
    sessions.set(id, { companyDb: String(body.CompanyDB), lastUsed: deps.clock().getTime(), node });
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

  /** POST Logout: the session ends. */
  function logout(req: IncomingMessage): void {
    sessions.delete(cookies(req).get("B1SESSION") ?? "");
  }

  /** A request received for a route; a login is in flight until `done` is called. */
  function received(route: string, isLogin: boolean): () => void {
    counts.set(route, (counts.get(route) ?? 0) + 1);
    if (isLogin) loginsInFlight++;
    return () => {
      if (isLogin) loginsInFlight--;
    };
  }

  return {
    session,
    login,
    logout,
    received,
    loginCount: () => logins,
    requestCount: (route?: string) =>
      route === undefined ? [...counts.values()].reduce((a, b) => a + b, 0) : (counts.get(route) ?? 0),
    resetCounts: () => counts.clear(),
    expireAllSessions: () => sessions.clear(),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
