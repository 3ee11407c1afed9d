import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index";
import { isDatabaseUnavailable } from "./unavailable";

export type Schema = typeof schema;
/** The portal's database, whichever driver is underneath (node-postgres or embedded PGlite). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  close(): Promise<void>;
  /**
   * PostgreSQL: tells `listener` when the pool opens a connection (the server answers) and when an idle one
   * breaks (the server went away or ended it), so the API can log an outage once and its end. PGlite runs in the
   * process and never calls it. Returns the function that stops listening.
   */
  watchConnections?(listener: ConnectionListener): () => void;
  /**
   * PostgreSQL: `select 1` on a connection of its own, outside the pool, answered within `timeoutMs` or rejected —
   * the health check's question ("can this process reach its database?") without waiting behind a pool that a busy
   * moment has taken (a load balancer would take a busy process out, and its load would go to the others).
   */
  ping?(timeoutMs: number): Promise<void>;
  /**
   * Runs `work` while this process holds a PostgreSQL advisory lock named `name` (on a connection of its own,
   * outside the pool), so N processes starting at once migrate or seed one after the other, never together.
   * PGlite is one process's database (its lock file keeps a second one out): `work` simply runs.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
}

export interface ConnectionListener {
  connected(): void;
  lost(error: Error): void;
}

export interface DatabaseOptions {
  /** postgres:// URL. When absent the embedded PGlite database in `dataDir` is used. */
  url?: string | undefined;
  /** Folder of the embedded database (PGlite). Ignored when `url` is set. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * PostgreSQL: how long opening a connection, or waiting for a free one, may take before the query fails
   * (default 5 s). Without it a request waits forever on a server that does not answer.
   */
  connectTimeoutMs?: number;
  /** PostgreSQL: how long a connection may stay idle in the pool before it is closed (default 10 s). */
  idleTimeoutMs?: number;
  /**
   * PostgreSQL: the server cancels any statement of the pool's connections that runs longer (SQLSTATE 57014);
   * 0 or absent = no limit. The advisory locks of `exclusive` wait on their own connection, outside it.
   */
  statementTimeoutMs?: number;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_POOL_MAX = 10;
export const DEFAULT_IDLE_TIMEOUT_MS = 10_000;

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? DEFAULT_POOL_MAX,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
      // Seen in pg_stat_activity (docs/operations.md: connections per process).
      application_name: "portal",
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      // A connection whose server vanished without closing it (a cable, a firewall) is noticed by TCP keepalive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle client that errors (server restart) must not crash the process; the pool drops it and opens a new
    // one on the next query, so the app recovers by itself once the server is back. Listeners hear about it.
    const listeners = new Set<ConnectionListener>();
    // An idle connection's error reaches both its own listener (below) and the pool's: told once.
    const told = new WeakSet<Error>();
    const lost = (error: Error) => {
      if (told.has(error)) return;
      told.add(error);
      for (const l of listeners) l.lost(error);
    };
    pool.on("error", lost);
    pool.on("connect", (client) => {
      // The pool listens for errors only while a connection is idle: one checked out (a transaction between two
      // statements, a worker's claim) that the server ends (a restart, 57P01) would emit an 'error' nobody hears,
      // and Node ends the process. This listener stays for the connection's life; the query under way (or the
      // next) fails with the 503, and the pool drops the connection when it is released.
      client.on("error", lost);
      for (const l of listeners) l.connected();
    });
    const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
    // The health check's connection, opened on first use (concurrent checks share the opening).
    let pinger: Promise<pg.Client> | null = null;
    const dropPinger = (which: Promise<pg.Client> | null = pinger) => {
      if (!which || pinger !== which) return;
      pinger = null;
      which.then((c) => c.end()).catch(() => {});
    };
    return {
      db,
      kind: "postgres",
      close: async () => {
        dropPinger();
        await pool.end();
      },
      async ping(timeoutMs) {
        let opening = pinger;
        if (!opening) {
          const client = new pg.Client({
            connectionString: options.url,
            connectionTimeoutMillis: timeoutMs,
            application_name: "portal-health",
          });
          const connecting = client.connect().then(() => client);
          opening = connecting;
          pinger = connecting;
          // A server restart ends it: the next ping opens another.
          client.on("error", () => dropPinger(connecting));
        }
        const current = opening;
        try {
          const client = await current;
          await client.query({ text: "select 1", query_timeout: timeoutMs } as pg.QueryConfig);
        } catch (error) {
          dropPinger(current);
          throw error;
        }
      },
      exclusive: (name, work) => withAdvisoryLock(options.url as string, options, name, work),
      watchConnections(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  }
  const dataDir = options.dataDir ?? ".data/pglite";
  if (dataDir.startsWith("memory://")) {
    const client = await PGlite.create(dataDir);
    const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
    return { db, kind: "pglite", close: () => client.close(), exclusive: (_name, work) => work() };
  }
  mkdirSync(dataDir, { recursive: true });
  const soltar = takeLock(dataDir);
  try {
    const client = await PGlite.create(dataDir);
    const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
    let cerrada = false;
    const close = async () => {
      if (cerrada) return;
      cerrada = true;
      try {
        await client.close();
      } finally {
        soltar();
      }
    };
    return { db, kind: "pglite", close, exclusive: (_name, work) => work() };
  } catch (error) {
    soltar();
    throw error;
  }
}

/**
 * Session-level advisory lock on a dedicated connection: taken before `work`, released after it (and by the server
 * if this process dies, since the connection goes with it). The key is the 64-bit hash of `portal:<name>`.
 */
async function withAdvisoryLock<T>(
  url: string,
  options: DatabaseOptions,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
  });
  // A connection error while waiting must not crash the process: the query under way fails instead.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [`portal:${name}`]);
    return await work();
  } finally {
    // Ending the session releases the lock even if the unlock itself cannot be sent.
    await client.end().catch(() => {});
  }
}

/**
 * Waits until PostgreSQL answers (a process that starts while the server is still coming up), retrying while the
 * error is an outage (`isDatabaseUnavailable`: refused, starting up, terminated…) for at most `maxWaitMs`. Any other
 * error (a wrong password, a database that does not exist) is thrown at once: waiting would not fix it. PGlite
 * answers at once.
 */
export async function waitForDatabase(
  handle: DatabaseHandle,
  options: {
    maxWaitMs: number;
    retryMs?: number;
    /** Told before each pause: the attempt that failed (1, 2, …), the pause and the error. */
    onRetry?(attempt: number, delayMs: number, error: unknown): void;
  },
): Promise<void> {
  const retryMs = options.retryMs ?? 2_000;
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      await handle.db.execute(sql`select 1`);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const left = options.maxWaitMs - (performance.now() - started);
      if (left <= 0) {
        throw new BaseDeDatosNoResponde(
          `PostgreSQL no respondió en ${Math.round(options.maxWaitMs / 1000)} s (${attempt} intentos); ` +
            "revise DATABASE_URL y que el servidor esté en marcha.",
          { cause: error },
        );
      }
      const delay = Math.min(retryMs, left);
      options.onRetry?.(attempt, delay, error);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** PostgreSQL did not answer within the start-up wait. */
export class BaseDeDatosNoResponde extends Error {
  override readonly name = "BaseDeDatosNoResponde";
}

/** Another live process holds the embedded database: the message says which and what to do. */
export class BaseDeDatosEnUso extends Error {
  override readonly name = "BaseDeDatosEnUso";
}

/** The lock file of an embedded database folder: beside it (`.data/pglite.lock`), not inside PGlite's files. */
export const candadoDe = (dataDir: string): string => `${resolve(dataDir)}.lock`;

/** Handles this process holds per lock file: the lock is removed when the last one closes. */
const candados = new Map<string, number>();
let salidaVigilada = false;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * PGlite is one process's database: a second process opening the same folder (`npm run erp` or `npm run seed`
 * while `npm start` serves) can corrupt it. The first process writes its pid to the lock file; another one is
 * refused while that process lives, and a lock left by a process that died (killed, crashed) is taken over.
 * Returns the function that releases it.
 */
function takeLock(dataDir: string): () => void {
  const archivo = candadoDe(dataDir);
  const propios = candados.get(archivo) ?? 0;
  if (propios === 0) {
    for (let intento = 1; ; intento++) {
      try {
        writeFileSync(archivo, `${process.pid}\n`, { flag: "wx" });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || intento >= 3) throw error;
      }
      let pid = Number.NaN;
      try {
        pid = Number(readFileSync(archivo, "utf8").trim());
      } catch {
        continue; // removed in between: try again
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new BaseDeDatosEnUso(
          `La base de datos embebida (${resolve(dataDir)}) está en uso por el portal en ejecución (pid ${pid}). ` +
            "Deténgalo (Ctrl+C en la terminal de `npm start`) y vuelva a intentarlo, o use PostgreSQL con " +
            `DATABASE_URL. Si el portal no está corriendo, borre ${archivo}.`,
        );
      }
      // A lock left by a process that is gone (or by this one before): replace it.
      rmSync(archivo, { force: true });
    }
    if (!salidaVigilada) {
      salidaVigilada = true;
      // A process that exits without closing (process.exit) does not leave its lock behind.
      process.once("exit", () => {
        for (const a of [...candados.keys()]) releaseFile(a);
      });
    }
  }
  candados.set(archivo, propios + 1);
  let suelto = false;
  return () => {
    if (suelto) return;
    suelto = true;
    const quedan = (candados.get(archivo) ?? 1) - 1;
    if (quedan > 0) candados.set(archivo, quedan);
    else releaseFile(archivo);
  };
}

/** Removes the lock file if it is still this process's (and forgets it). */
function releaseFile(archivo: string) {
  if (!candados.has(archivo)) return;
  candados.delete(archivo);
  try {
    if (Number(readFileSync(archivo, "utf8").trim()) === process.pid) rmSync(archivo, { force: true });
  } catch {
    // Already gone.
  }
}
