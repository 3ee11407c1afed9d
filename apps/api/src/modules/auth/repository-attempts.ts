import { type Database, schema } from "@portal/db";
import { and, count, eq, gt, lt, sql } from "drizzle-orm";

const { loginFallidos } = schema;

/** The password attempts counted per key and address (issue 22; attempts.ts decides with them). */
export function loginAttemptQueries(db: Database) {
  return {
    /**
     * Counts a password attempt before its password is verified (issue 22). Two statements on purpose, each
     * committed on its own: the attempt's row is inserted first and only then are the rows counted, so
     * whichever way simultaneous attempts interleave (PostgreSQL's pool or PGlite's one connection), the last of
     * any N to count sees all N. At most `limit` attempts ever see a count within `limit`. The counts include
     * this attempt: attempts of `clave` from `ip`, and of every key from `ip` (password spraying), since `since`.
     */
    beginAttempt: async (values: { clave: string; ip: string; operador: string; at: Date }, since: Date) => {
      const [row] = await db.insert(loginFallidos).values(values).returning({ id: loginFallidos.id });
      const [counts] = await db
        .select({
          porClave: sql<number>`count(*) filter (where ${loginFallidos.clave} = ${values.clave})`.mapWith(Number),
          porIp: count(),
        })
        .from(loginFallidos)
        .where(and(eq(loginFallidos.ip, values.ip), gt(loginFallidos.at, since)));
      return { porClave: counts?.porClave ?? 0, porIp: counts?.porIp ?? 0, id: row!.id };
    },
    /** One attempt counts no more (a right password whose second factor is still due, decision 071). */
    forgetAttempt: async (id: number) => {
      await db.delete(loginFallidos).where(eq(loginFallidos.id, id));
    },
    /** Attempts older than `before` (the window's start) count no more. */
    purgeAttempts: async (before: Date) => {
      await db.delete(loginFallidos).where(lt(loginFallidos.at, before));
    },
    /** A password reset through a link clears the account's sign-in attempts from every address (decision 067). */
    clearKey: async (clave: string) => {
      await db.delete(loginFallidos).where(eq(loginFallidos.clave, clave));
    },
    /** A right password clears the key's attempts from that address (this attempt's row included). */
    clearFailures: async (clave: string, ip: string) => {
      await db.delete(loginFallidos).where(and(eq(loginFallidos.clave, clave), eq(loginFallidos.ip, ip)));
    },
  };
}
