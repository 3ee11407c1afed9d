import { type Database, decryptSecret, encryptSecret, schema } from "@portal/db";
import { and, eq, sql } from "drizzle-orm";
import { systemClock } from "../../lib/clock";

/**
 * Where the Service Layer client keeps its sessions (one per company database): in memory for a single process
 * (unit tests, scripts), or in PostgreSQL (`erp_sl_sesiones`) so that every portal process shares one session per
 * company database instead of logging in once each (SAP counts sessions, and parallel logins are fragile). The
 * client decides when a session is fresh; the store only keeps rows and serialises the logins.
 */

/** A session as stored. `version` identifies this very row: a session is dropped only if it is still that one. */
export interface StoredServiceLayerSession {
  /** `B1SESSION=…; ROUTEID=…` (name=value pairs). A credential: never logged. */
  cookie: string;
  /** SessionTimeout from the Login answer (idle timeout), minutes. */
  timeoutMinutes: number;
  /** The last use any process recorded (refreshed at most once a minute per process). */
  lastUsed: Date;
  /** Opaque identity of the stored row (the ciphertext in PostgreSQL, which differs for every write). */
  version: string;
}

export interface NewServiceLayerSession {
  cookie: string;
  timeoutMinutes: number;
}

export interface ServiceLayerSessionStore {
  read(companyDb: string): Promise<StoredServiceLayerSession | undefined>;
  /**
   * Runs `decide` alone for `companyDb` across every process sharing the store: it gets the session stored NOW
   * (re-read under the lock: another process may have just logged in) and returns either that session (reuse)
   * or a new one it logged in, which is stored in place of the old one before the lock is released.
   */
  exclusive(
    companyDb: string,
    decide: (
      current: StoredServiceLayerSession | undefined,
    ) => Promise<StoredServiceLayerSession | NewServiceLayerSession>,
  ): Promise<StoredServiceLayerSession>;
  /** Records a use of the session `version` (nothing if the row has been replaced meanwhile). */
  touch(companyDb: string, version: string, at: Date): Promise<void>;
  /** Deletes the stored session if it is still `version` (any version when omitted). */
  remove(companyDb: string, version?: string): Promise<void>;
}

function isStored(s: StoredServiceLayerSession | NewServiceLayerSession): s is StoredServiceLayerSession {
  return "version" in s;
}

/** One process's sessions (the client's default). Logins of one company database are serialised in the process. */
export function createMemorySessionStore(clock: () => Date = systemClock): ServiceLayerSessionStore {
  const rows = new Map<string, StoredServiceLayerSession>();
  const locks = new Map<string, Promise<unknown>>();
  let counter = 0;
  return {
    async read(companyDb) {
      return rows.get(companyDb);
    },
    exclusive(companyDb, decide) {
      const previous = locks.get(companyDb) ?? Promise.resolve();
      const run = previous
        .catch(() => {})
        .then(async () => {
          const result = await decide(rows.get(companyDb));
          if (isStored(result)) return result;
          const stored = { ...result, lastUsed: clock(), version: String(++counter) };
          rows.set(companyDb, stored);
          return stored;
        });
      locks.set(
        companyDb,
        run.catch(() => {}),
      );
      return run;
    },
    async touch(companyDb, version, at) {
      const row = rows.get(companyDb);
      if (row?.version === version) rows.set(companyDb, { ...row, lastUsed: at });
    },
    async remove(companyDb, version) {
      if (version === undefined || rows.get(companyDb)?.version === version) rows.delete(companyDb);
    },
  };
}

export interface PgSessionStoreOptions {
  db: Database;
  /** The app's key (APP_ENCRYPTION_KEY): the cookie pair is stored encrypted (AES-256-GCM). */
  encryptionKey: Buffer;
  clock: () => Date;
}

/**
 * Sessions in `erp_sl_sesiones`, shared by every portal process. A login runs inside a transaction holding
 * `pg_advisory_xact_lock(hashtext('erp_sl_sesion|' || bd))`, after re-reading the row: N processes that find the
 * session expired at once log in once, the others wait for the lock and take the session just stored.
 *
 * The transaction spans the Login call (bounded by the client's timeout); with embedded PGlite (one connection,
 * one process) other queries wait for it meanwhile, which is what a single process would do anyway.
 */
export function createPgSessionStore(options: PgSessionStoreOptions): ServiceLayerSessionStore {
  const { db, encryptionKey, clock } = options;
  const t = schema.erpSlSesiones;

  function toSession(row: typeof t.$inferSelect): StoredServiceLayerSession | undefined {
    try {
      return {
        cookie: decryptSecret(row.cookieCifrada, encryptionKey),
        timeoutMinutes: row.timeoutMinutos,
        lastUsed: row.ultimoUso,
        version: row.cookieCifrada,
      };
    } catch {
      // Written with another key (APP_ENCRYPTION_KEY changed): as good as no session; the next login replaces it.
      return undefined;
    }
  }

  async function readWith(handle: Database, companyDb: string) {
    const rows = await handle.select().from(t).where(eq(t.bd, companyDb));
    return rows[0] ? toSession(rows[0]) : undefined;
  }

  return {
    read: (companyDb) => readWith(db, companyDb),

    exclusive(companyDb, decide) {
      return db.transaction(async (tx) => {
        const handle = tx as unknown as Database;
        await handle.execute(sql`select pg_advisory_xact_lock(hashtext(${`erp_sl_sesion|${companyDb}`}))`);
        const result = await decide(await readWith(handle, companyDb));
        if (isStored(result)) return result;
        const now = clock();
        const cookieCifrada = encryptSecret(result.cookie, encryptionKey);
        const values = { cookieCifrada, timeoutMinutos: result.timeoutMinutes, ultimoUso: now, creadaEn: now };
        await handle
          .insert(t)
          .values({ bd: companyDb, ...values })
          .onConflictDoUpdate({ target: t.bd, set: values });
        return { cookie: result.cookie, timeoutMinutes: result.timeoutMinutes, lastUsed: now, version: cookieCifrada };
      });
    },

    async touch(companyDb, version, at) {
      // Never moves the last use backwards (another process may have recorded a later one).
      await db
        .update(t)
        .set({ ultimoUso: sql`greatest(${t.ultimoUso}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(t.bd, companyDb), eq(t.cookieCifrada, version)));
    },

    async remove(companyDb, version) {
      await db
        .delete(t)
        .where(version === undefined ? eq(t.bd, companyDb) : and(eq(t.bd, companyDb), eq(t.cookieCifrada, version)));
    },
  };
}
