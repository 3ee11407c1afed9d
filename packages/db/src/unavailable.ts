/**
 * Whether an error means "the database cannot be reached right now" rather than "this query is wrong": the server
 * is down or restarting, the network dropped the connection, or no connection could be had in time. The API
 * answers those 503 with Retry-After (the call may simply be repeated) and logs the outage once, not per request.
 * Driver knowledge lives here, beside the pool that raises them (client.ts).
 */

/** Socket errors of a server that is not there (or went away mid-way). */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that is shutting down, starting or out of connections: class 08 (connection exception),
 * 57P01 admin_shutdown (the backend was terminated), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting
 * up or in recovery), 53300 too_many_connections.
 */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres and pg-pool raise these without a code. */
const MESSAGES = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/i, // pg-pool: no connection within connectionTimeoutMillis
  /is not queryable/i, // a client whose connection already failed or ended
  /^Cannot use a pool after calling end/i, // a request finishing while the app closes its pool
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function matches(error: ErrorLike): boolean {
  const code = typeof error.code === "string" ? error.code : "";
  if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof error.message === "string" ? error.message : "";
  return MESSAGES.some((re) => re.test(message));
}

/**
 * True when `error`, or what it wraps (Drizzle's DrizzleQueryError keeps the driver's error in `cause`; a
 * connection to "localhost" that fails on every address is an AggregateError), says the database is unreachable.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 10; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== "object") continue;
    const e = current as ErrorLike;
    if (matches(e)) return true;
    if (e.cause) pending.push(e.cause);
    if (Array.isArray(e.errors)) pending.push(...e.errors);
  }
  return false;
}
