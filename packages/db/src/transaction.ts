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
   *
   * `options.conflictRetries`: when PostgreSQL aborts the transaction as the victim of a deadlock or a
   * serialization failure (isTransactionConflict: 40P01, 40001), `work` runs again from the start in a new
   * transaction, up to that many more times; the last conflict is thrown as it is. Only the outermost call
   * retries: a nested one joins a transaction it does not own, so its conflict goes up to whoever opened it.
   * `work` must then be safe to run again — everything it does is inside the transaction (no mail sent, no
   * in-memory state changed before it commits).
   */
  withTransaction<T>(work: (tx: R) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

export interface TransactionOptions {
  /** How many times a transaction aborted by a deadlock or serialization failure runs again (default 0). */
  conflictRetries?: number;
}

/**
 * SQLSTATEs after which the transaction was rolled back by PostgreSQL for another transaction's sake, not for
 * anything wrong in it: 40P01 deadlock_detected (two transactions waited for each other's rows; one is chosen to
 * fail) and 40001 serialization_failure (a REPEATABLE READ/SERIALIZABLE transaction saw a concurrent update).
 * Running the same work again is the documented remedy for both.
 */
export const TRANSACTION_CONFLICT_SQLSTATES: ReadonlySet<string> = new Set(["40P01", "40001"]);

/**
 * True when `error`, or what it wraps (Drizzle's DrizzleQueryError keeps the driver's error in `cause`), is a
 * deadlock or serialization failure (TRANSACTION_CONFLICT_SQLSTATES).
 */
export function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && TRANSACTION_CONFLICT_SQLSTATES.has(code)) return true;
    current = cause;
  }
  return false;
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
    async withTransaction(work, options) {
      const outer = open.getStore();
      const run = () => (outer ?? db).transaction((tx) => open.run(tx, () => work(createRepositories(tx))));
      const retries = outer ? 0 : Math.max(0, options?.conflictRetries ?? 0);
      for (let attempt = 0; ; attempt++) {
        try {
          return await run();
        } catch (error) {
          if (attempt >= retries || !isTransactionConflict(error)) throw error;
        }
      }
    },
  };
}
