import { AsyncLocalStorage } from "node:async_hooks";
import type { Database } from "./client";

/**
 * Repositories over one handle, and the transactions that bind them (repositories accept the transaction they run in,
 * so which writes commit together is visible where they are called). A service gets `repos` for reads and single
 * writes, and `withTransaction` for work of several writes: the callback receives the same repositories bound to the
 * transaction, so every write in it commits or rolls back together, whichever repository it goes through.
 */
export interface DataAccess<R> {
  /** Repositories on the database itself. They refuse to run inside a transaction of this data access. */
  readonly repos: R;
  /**
   * Runs `work` in one transaction with repositories bound to it. Called again inside (a service calling
   * another), it joins the open transaction as a savepoint instead of asking for a second connection.
   */
  withTransaction<T>(work: (tx: R) => Promise<T>): Promise<T>;
}

export const OUTSIDE_TRANSACTION_MESSAGE =
  "Dentro de una transacción use los repositorios que recibe withTransaction: el acceso directo a la base de " +
  "datos esperaría para siempre la única conexión de PGlite (y en PostgreSQL escribiría fuera de la transacción).";

/**
 * Why the guard: embedded PGlite has one connection. A read or write on the database handle while a
 * transaction holds that connection waits forever (the deadlock that `tx as unknown as Database` casts used to
 * warn about); on PostgreSQL it silently runs outside the transaction. Here that mistake throws at once, on
 * both drivers, instead of hanging or committing half of the work.
 */
export function createDataAccess<R extends object>(
  db: Database,
  createRepositories: (db: Database) => R,
): DataAccess<R> {
  const open = new AsyncLocalStorage<Database>();
  const guard = <T>(value: T): T => {
    if (typeof value === "function") {
      return ((...args: unknown[]) => {
        if (open.getStore()) throw new Error(OUTSIDE_TRANSACTION_MESSAGE);
        return value(...args);
      }) as T;
    }
    if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, guard(v)])) as T;
    }
    return value;
  };
  return {
    repos: guard(createRepositories(db)),
    withTransaction(work) {
      const current = open.getStore() ?? db;
      return current.transaction((tx) => open.run(tx, () => work(createRepositories(tx))));
    },
  };
}
