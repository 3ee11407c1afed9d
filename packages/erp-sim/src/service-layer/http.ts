import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/** HTTP pieces of the Service Layer simulator shared by its reads and writes. */

export type Dialect = "v1" | "v2";

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  dialect: Dialect;
  root: string;
}

/** An answer SAP gives with its error body. */
export class SapFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const HTML_502 =
  '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head><title>502 Proxy Error</title></head><body>' +
  "<h1>Proxy Error</h1><p>The proxy server received an invalid response from an upstream server.</p></body></html>";
export const HTML_503 =
  '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head><title>503 Service Unavailable</title></head>' +
  "<body><h1>Service Unavailable</h1><p>The server is temporarily unable to service your request.</p></body></html>";
export const NOT_FOUND = "No matching records found (ODBC -2028)";
export const JSON_TYPE = "application/json;odata.metadata=minimal;charset=utf-8";

export function sendError(ctx: Ctx, status: number, code: number, value: string): void {
  // v1 (OData v3): numeric code and {lang, value}; v2 (OData v4): string code and a plain message (MAN p176).
  const body =
    ctx.dialect === "v1"
      ? { error: { code, message: { lang: "en-us", value } } }
      : { error: { code: String(code), message: value } };
  ctx.res.writeHead(status, { "content-type": JSON_TYPE });
  ctx.res.end(JSON.stringify(body));
}

export function sendJson(
  ctx: Ctx,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  ctx.res.writeHead(status, { "content-type": JSON_TYPE, ...headers });
  ctx.res.end(JSON.stringify(body));
}

/** An answer already serialised (the simulator's collection pages splice JSON text PostgreSQL built). */
export function sendRawJson(ctx: Ctx, text: string, headers: Record<string, string | string[]> = {}): void {
  ctx.res.writeHead(200, { "content-type": JSON_TYPE, ...headers });
  ctx.res.end(text);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function cookies(req: IncomingMessage): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 'YYYY-MM-DD HH:MM:SS' of an instant (UTC: the simulator's server time). */
export function stampOf(d: Date): string {
  return d.toISOString().slice(0, 19).replace("T", " ");
}

export function etagOf(version: unknown): string {
  return `W/"${createHash("sha1").update(String(version)).digest("hex")}"`;
}

/** `12`, `'c1'`, `CardCode='c1'`, `TableName='OPCH',FieldID=0` → named or positional values. */
export function parseKey(text: string): Map<string, string | number> | undefined {
  const out = new Map<string, string | number>();
  const re = /\s*(?:([A-Za-z_][A-Za-z0-9_]*)\s*=\s*)?('(?:[^']|'')*'|-?\d+)\s*(,|$)/y;
  let i = 0;
  let position = 0;
  while (i < text.length) {
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) return undefined;
    const raw = m[2] as string;
    const value = raw.startsWith("'") ? raw.slice(1, -1).replaceAll("''", "'") : Number(raw);
    out.set(m[1] ?? `#${position}`, value);
    position++;
    i = re.lastIndex;
    if (m[3] === "") break;
  }
  return out.size > 0 ? out : undefined;
}
