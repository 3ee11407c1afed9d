import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Database, schema } from "@portal/db";
import { asc, count, eq } from "drizzle-orm";

/**
 * A local SAP Business One Service Layer (OData v4, `/b1s/v2`) over the `erp_mock` tables the seed fills, for the
 * Service Layer client's tests and (later) the demo. First step of issue 24: Login/Logout with the manual's cookies
 * and body, the idle timeout on the injected clock, 401 code 301, and `GET PurchaseOrders` with `$select`,
 * `Prefer: odata.maxpagesize` (default 20, `Preference-Applied`) and relative `@odata.nextLink`. Behaviour follows
 * SAP's manual (Working with SAP Business One Service Layer, v1.22) as summarised in docs/erp-service-layer.md.
 */

export interface SimulatorCredentials {
  companyDb: string;
  userName: string;
  password: string;
}

export interface SimulatorFaults {
  /** The next N requests (any route) answer the Apache balancer's HTML 502 page. */
  html502: number;
  /** Delay before every answer, in milliseconds. */
  latencyMs: number;
  /**
   * The form of next links: relative to the service root (v2, default), an absolute path (MAN p35's
   * "/b1s/v1/Orders?$skip=20" form, here under /b1s/v2) or a full URL. Clients must accept all three.
   */
  nextLinkForm: "relative" | "absolute-path" | "url";
}

export interface SimulatorOptions {
  db: Database;
  /** Accepted logins; any other CompanyDB/UserName/Password answers -304. */
  credentials: SimulatorCredentials[];
  clock: () => Date;
  /** Idle timeout in minutes (SAP's default 30). */
  sessionTimeoutMinutes?: number;
  /** 0 (default) takes a free port. */
  port?: number;
}

export interface ServiceLayerSimulator {
  /** Service root, e.g. http://127.0.0.1:40123/b1s/v2/ */
  url: string;
  faults: SimulatorFaults;
  /** Login attempts received, successful or not. */
  loginCount(): number;
  /** Invalidates every open session now (the next call answers 401 code 301). */
  expireAllSessions(): void;
  close(): Promise<void>;
}

interface Session {
  companyDb: string;
  lastUsed: number;
}

const ROOT = "/b1s/v2/";

function sapError(res: ServerResponse, status: number, code: number, value: string): void {
  res.writeHead(status, { "content-type": "application/json;odata.metadata=minimal;charset=utf-8" });
  res.end(JSON.stringify({ error: { code, message: { lang: "en-us", value } } }));
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(status, { "content-type": "application/json;odata.metadata=minimal;charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function cookies(req: IncomingMessage): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

const HTML_502 =
  '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head><title>502 Proxy Error</title></head><body>' +
  "<h1>Proxy Error</h1><p>The proxy server received an invalid response from an upstream server.</p></body></html>";

/** SAP property names of a purchase order header, from the erp_mock row. */
function purchaseOrder(row: typeof schema.erpPedidos.$inferSelect): Record<string, unknown> {
  return {
    DocEntry: row.docEntry,
    DocNum: row.docNum,
    CardCode: row.cardCode,
    CardName: row.cardName,
    DocumentStatus: row.docStatus === "O" ? "bost_Open" : "bost_Close",
    DocDate: row.docDate,
    DocDueDate: row.docDueDate,
    DocCurrency: row.docCur,
    DocRate: Number(row.docRate),
    NumAtCard: row.numAtCard,
    Comments: row.comments,
    VatSum: Number(row.vatSum),
    DocTotal: Number(row.docTotal),
  };
}

const PURCHASE_ORDER_PROPERTIES = new Set(Object.keys(purchaseOrder({} as typeof schema.erpPedidos.$inferSelect)));

export async function startServiceLayerSimulator(options: SimulatorOptions): Promise<ServiceLayerSimulator> {
  const timeoutMinutes = options.sessionTimeoutMinutes ?? 30;
  const sessions = new Map<string, Session>();
  const faults: SimulatorFaults = { html502: 0, latencyMs: 0, nextLinkForm: "relative" };
  let logins = 0;

  function session(req: IncomingMessage): Session | undefined {
    const id = cookies(req).get("B1SESSION");
    const found = id ? sessions.get(id) : undefined;
    if (!id || !found) return undefined;
    const now = options.clock().getTime();
    if (now - found.lastUsed > timeoutMinutes * 60_000) {
      sessions.delete(id);
      return undefined;
    }
    found.lastUsed = now; // the timeout is by inactivity
    return found;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (faults.latencyMs > 0) await new Promise((r) => setTimeout(r, faults.latencyMs));
    if (faults.html502 > 0) {
      faults.html502--;
      res.writeHead(502, { "content-type": "text/html; charset=iso-8859-1" });
      res.end(HTML_502);
      return;
    }
    const url = new URL(req.url ?? "/", "http://simulator");
    if (!url.pathname.startsWith(ROOT)) return sapError(res, 404, -1, "Resource not found.");
    const resource = url.pathname.slice(ROOT.length);

    if (req.method === "POST" && resource === "Login") {
      logins++;
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return sapError(res, 400, -1000, "Invalid JSON body.");
      }
      // As reported of real Service Layers: a wrong password -304, an unknown company
      // database -306, both with the same text.
      const known = options.credentials.some((c) => c.companyDb === body.CompanyDB);
      const ok = options.credentials.some(
        (c) => c.companyDb === body.CompanyDB && c.userName === body.UserName && c.password === body.Password,
      );
      if (!ok) return sapError(res, 401, known ? -304 : -306, "Fail to NONE-SSO login from SLD.");
      const id = randomUUID();
      sessions.set(id, { companyDb: String(body.CompanyDB), lastUsed: options.clock().getTime() });
      return json(
        res,
        200,
        {
          "@odata.context": `${ROOT}$metadata#B1Sessions/$entity`,
          SessionId: id,
          Version: "1000190",
          SessionTimeout: timeoutMinutes,
        },
        { "set-cookie": [`B1SESSION=${id}; path=/b1s/v2; HttpOnly`, "ROUTEID=.node1; path=/b1s"] },
      );
    }

    const current = session(req);
    if (!current) return sapError(res, 401, 301, "Invalid session or session already timeout.");

    if (req.method === "POST" && resource === "Logout") {
      sessions.delete(cookies(req).get("B1SESSION") ?? "");
      res.writeHead(204);
      res.end();
      return;
    }

    if (req.method === "GET" && resource === "PurchaseOrders") {
      const select = url.searchParams.get("$select");
      const fields = select && select !== "*" ? select.split(",").map((f) => f.trim()) : undefined;
      const unknown = fields?.find((f) => !PURCHASE_ORDER_PROPERTIES.has(f));
      if (unknown) return sapError(res, 400, -1000, `Property '${unknown}' of 'Document' is invalid`);
      const skip = Number(url.searchParams.get("$skip") ?? "0");
      if (!Number.isInteger(skip) || skip < 0) return sapError(res, 400, -1000, "Invalid $skip value.");
      const prefer = /odata\.maxpagesize=(\d+)/.exec(String(req.headers.prefer ?? ""));
      const pageSize = prefer ? Number(prefer[1]) : 20;
      const t = schema.erpPedidos;
      const base = options.db.select().from(t).where(eq(t.bd, current.companyDb)).orderBy(asc(t.docEntry));
      const rows = pageSize > 0 ? await base.limit(pageSize).offset(skip) : await base.offset(skip);
      const counted = await options.db.select({ total: count() }).from(t).where(eq(t.bd, current.companyDb));
      const total = counted[0]?.total ?? 0;
      const value = rows.map((row) => {
        const full = purchaseOrder(row);
        return fields ? Object.fromEntries(fields.map((f) => [f, full[f]])) : full;
      });
      const body: Record<string, unknown> = { "@odata.context": `${ROOT}$metadata#PurchaseOrders`, value };
      if (pageSize > 0 && skip + rows.length < total) {
        const next = new URLSearchParams(url.searchParams);
        next.set("$skip", String(skip + rows.length));
        // Relative to the service root and with `$` unescaped, as SAP writes it ("Orders?$skip=20").
        const relative = `PurchaseOrders?${next.toString().replaceAll("%24", "$").replaceAll("%2C", ",")}`;
        body["@odata.nextLink"] =
          faults.nextLinkForm === "relative"
            ? relative
            : faults.nextLinkForm === "absolute-path"
              ? `${ROOT}${relative}`
              : `http://${req.headers.host}${ROOT}${relative}`;
      }
      return json(res, 200, body, prefer ? { "preference-applied": `odata.maxpagesize=${pageSize}` } : {});
    }

    return sapError(res, 404, -2028, "No matching records found (ODBC -2028)");
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sapError(res, 500, -1, error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${ROOT}`,
    faults,
    loginCount: () => logins,
    expireAllSessions: () => sessions.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
