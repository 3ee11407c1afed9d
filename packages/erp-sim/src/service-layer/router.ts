import type { IncomingMessage, ServerResponse } from "node:http";
import type { Database } from "@portal/db";
import type { Attachments } from "./attachments";
import type { Currencies } from "./currency";
import type { EntitySet } from "./entities";
import type { Faults } from "./faults";
import { type Ctx, cookies, type Dialect, SapFailure, sendError } from "./http";
import type { PostingPeriods } from "./posting-periods";
import type { Query } from "./query";
import type { Sessions } from "./sessions";
import type { createWrites } from "./writes";
import { answerBankAccounts, asksBankAccounts } from "./writes/patch-business-partner";

export interface RouterDeps {
  faults: Faults;
  sessions: Sessions;
  sets: Map<string, EntitySet>;
  attachments: Attachments;
  query: Query;
  writes: Pick<ReturnType<typeof createWrites>, "handle">;
  currencies: Pick<Currencies, "answerCurrencies" | "answerAdminInfo">;
  /** F3: CompanyService_GetPeriods / CompanyService_GetFinancePeriods. */
  postingPeriods: Pick<PostingPeriods, "serve">;
  /** Issue 41 (decision 069): a partner's BPBankAccounts are read from erp_mock.socio_cuentas. */
  db: Database;
}

export function routeOf(pathname: string): string {
  const m = /^\/b1s\/v[12]\/([^(/?]*)/.exec(pathname);
  return m?.[1] || "";
}

/**
 * One request: the fault knobs (faults.ts), the service root (`/b1s/v1/` or `/b1s/v2/`), Login, the session,
 * Logout, then Attachments2, a read (query.ts) or a write (writes.ts) of an entity set.
 */
export function createRouter(deps: RouterDeps) {
  const { sessions, sets, attachments, query, writes } = deps;
  const hooks = deps.faults;
  const { faults } = hooks;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://simulator");
    const route = routeOf(url.pathname);
    const done = sessions.received(route, route === "Login" && req.method === "POST");
    try {
      await answer(req, res, url, route);
    } finally {
      done();
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL, route: string): Promise<void> {
    if (await hooks.beforeRouting(res, route)) return;
    const version = /^\/b1s\/(v[12])\//.exec(url.pathname)?.[1] as Dialect | undefined;
    const ctx: Ctx = { req, res, dialect: version ?? "v2", root: `/b1s/${version ?? "v2"}/` };
    if (!version) return sendError(ctx, 404, -1, "Resource not found.");
    if (hooks.serverFault(ctx)) return;
    let resource: string;
    try {
      resource = decodeURIComponent(url.pathname.slice(ctx.root.length));
    } catch {
      return sendError(ctx, 400, -1000, "Invalid URL.");
    }

    if (req.method === "POST" && resource === "Login") return sessions.login(ctx);

    const routeId = cookies(req).get("ROUTEID");
    if (faults.brokenNode && routeId === faults.brokenNode) {
      return sendError(ctx, 500, 407, "Table definition not found for '@X'");
    }

    const current = sessions.session(req);
    if (!current) return sendError(ctx, 401, 301, "Invalid session or session already timeout.");

    if (req.method === "POST" && resource === "Logout") {
      sessions.logout(req);
      res.writeHead(204);
      res.end();
      return;
    }

    try {
      const m = /^([A-Za-z0-9_]+)(?:\((.*)\))?(?:\/(.+))?$/.exec(resource);
      if (!m) throw new SapFailure(404, -1, "Resource not found.");
      const [, name = "", keyText, sub] = m;
      const bd = current.companyDb;
      if (keyText === undefined && (await deps.postingPeriods.serve(ctx, req.method ?? "", name, bd))) return;
      if (name === "Attachments2" && keyText !== undefined && req.method === "GET") {
        return await attachments.attachment(ctx, bd, keyText, sub);
      }
      // OCRN and AdminInfo (currency.ts, issue 37 F9).
      if (name === "Currencies" && req.method === "GET") return deps.currencies.answerCurrencies(ctx, bd, keyText);
      if (name === "CompanyService_GetAdminInfo") return deps.currencies.answerAdminInfo(ctx, bd);
      if (name === "DraftsService_SaveDraftToDocument" && req.method === "POST" && keyText === undefined) {
        // Issue 37 (F2): the Drafts service's action (REF127 Drafts), answered by writes.ts.
        return await writes.handle(ctx, "POST", sets.get("Drafts") as EntitySet, bd, undefined, "SaveDraftToDocument");
      }
      const set = sets.get(name);
      if (!set) throw new SapFailure(404, -1, `Resource not found for the segment '${name}'.`);
      if (req.method === "GET") {
        if (keyText === undefined) {
          if (sub !== undefined && sub !== "$count") throw new SapFailure(404, -1, "Resource not found.");
          return await query.getCollection(ctx, set, bd, url, sub === "$count");
        }
        if (set.name === "BusinessPartners" && asksBankAccounts(url, sub)) {
          return await answerBankAccounts(deps.db, ctx, bd, keyText, sub);
        }
        return await query.getOne(ctx, set, bd, keyText, sub, url);
      }
      return await writes.handle(ctx, req.method ?? "", set, bd, keyText, sub);
    } catch (error) {
      if (error instanceof SapFailure) return sendError(ctx, error.status, error.code, error.message);
      throw error;
    }
  }

  return { handle };
}
