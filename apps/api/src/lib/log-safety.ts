/**
 * What reaches a log line about an error. A failed query carries its parameters (Drizzle puts them in the
 * message and in `params`; PostgreSQL's `detail` repeats the failing row), and those can be password hashes,
 * encrypted SAP passwords, session token hashes or personal data. So errors are logged through this serializer:
 * type, SQLSTATE code, constraint/table/column names, the query text (placeholders only) and a message whose
 * quoted values are masked — never parameters, details or rows. Issue 9 ("secrets in the server log").
 */

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  query?: unknown;
  cause?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  statusCode?: unknown;
}

/** Anything that looks like a secret, wherever it appears in a text. */
export function scrubSecrets(text: string): string {
  return (
    text
      // Drizzle: "Failed query: …\nparams: …" — the parameters go, whatever follows.
      .replace(/\n?params:[\s\S]*/i, "\nparams: [omitidos]")
      .replace(/\$argon2[a-z]*\$[^\s"',)]*/gi, "[hash omitido]")
      // AES-GCM secrets as stored (packages/db crypto: v1.<iv>.<tag>.<data>).
      .replace(/\bv1\.[A-Za-z0-9+/=_-]+\.[A-Za-z0-9+/=._-]+/g, "[cifrado omitido]")
      // SHA-256 hex (token hashes) and long base64url runs (tokens).
      .replace(/\b[0-9a-f]{64}\b/gi, "[hash omitido]")
      .replace(/[A-Za-z0-9_-]{40,}/g, "[valor omitido]")
  );
}

/** PostgreSQL messages quote the offending value ('invalid input syntax for type integer: "…"'): mask quotes. */
const maskQuoted = (text: string) => text.replace(/"[^"]*"/g, '"…"').replace(/\([^()]*\)=\([^()]*\)/g, "(…)=(…)");

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serialize(err: ErrorLike, depth: number): SafeError {
  const isPg = typeof err.code === "string" && /^[0-9A-Z]{5}$/.test(err.code) && "routine" in err;
  const type = str(err.name) ?? "Error";
  const rawMessage = str(err.message) ?? "";
  const message = isPg ? maskQuoted(rawMessage) : scrubSecrets(rawMessage);
  const frames = (str(err.stack) ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 15)
    .join("\n");
  const out: SafeError = { type, message, stack: `${type}: ${message}\n${frames}` };
  if (typeof err.code === "string" || typeof err.code === "number") out.code = err.code;
  if (typeof err.statusCode === "number") out.statusCode = err.statusCode;
  if (str(err.query)) out.query = scrubSecrets(str(err.query)!);
  for (const key of ["constraint", "table", "column", "routine"] as const) if (str(err[key])) out[key] = err[key];
  if (err.cause && typeof err.cause === "object" && depth < 3) out.cause = serialize(err.cause as ErrorLike, depth + 1);
  return out;
}

/** pino serializer for `err` (and `error`): the safe shape above. */
export function safeErrorSerializer(err: unknown): SafeError {
  if (!err || typeof err !== "object") return { type: typeof err, message: scrubSecrets(String(err)), stack: "" };
  return serialize(err as ErrorLike, 0);
}

/** The SQLSTATE of a database error, looking through wrappers (DrizzleQueryError keeps the driver's in `cause`). */
export function sqlState(err: unknown): string | null {
  let current: unknown = err;
  for (let i = 0; i < 4 && current && typeof current === "object"; i++) {
    const e = current as ErrorLike;
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && "routine" in e) return e.code;
    current = e.cause;
  }
  return null;
}
