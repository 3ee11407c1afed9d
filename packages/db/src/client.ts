import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index";

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
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // A connection whose server vanished without closing it (a cable, a firewall) is noticed by TCP keepalive.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle client that errors (server restart) must not crash the process; the pool drops it and opens a new
    // one on the next query, so the app recovers by itself once the server is back. Listeners hear about it.
    const listeners = new Set<ConnectionListener>();
    pool.on("error", (error) => {
      for (const l of listeners) l.lost(error);
    });
    pool.on("connect", () => {
      for (const l of listeners) l.connected();
    });
    const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      close: () => pool.end(),
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
    return { db, kind: "pglite", close: () => client.close() };
  }
  mkdirSync(dataDir, { recursive: true });
  const soltar = tomarCandado(dataDir);
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
    return { db, kind: "pglite", close };
  } catch (error) {
    soltar();
    throw error;
  }
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

const estaVivo = (pid: number) => {
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
function tomarCandado(dataDir: string): () => void {
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
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && estaVivo(pid)) {
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
        for (const a of [...candados.keys()]) soltarArchivo(a);
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
    else soltarArchivo(archivo);
  };
}

/** Removes the lock file if it is still this process's (and forgets it). */
function soltarArchivo(archivo: string) {
  if (!candados.has(archivo)) return;
  candados.delete(archivo);
  try {
    if (Number(readFileSync(archivo, "utf8").trim()) === process.pid) rmSync(archivo, { force: true });
  } catch {
    // Already gone.
  }
}
