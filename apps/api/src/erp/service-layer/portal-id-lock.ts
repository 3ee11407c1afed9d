// Part of the Service Layer ErpAdapter (adapter.ts composes the parts; decision 044).
import { sql } from "drizzle-orm";
import type { SlBase } from "./wire";

/**
 * One creation per portal id at a time (decision 048, fidelity finding F7). SAP has no uniqueness on a user field:
 * two creations of one portal id that both look before writing (a job whose lease ran out while SAP was slow, picked
 * up by a second worker) would both POST and leave two A/P invoices. The look-before-write and the POST run under a
 * PostgreSQL advisory lock of the portal's own database (every API process shares it), inside a transaction that
 * only holds the lock: the second creation waits, then finds the first one's A/P invoice. In-process callers queue
 * first, so one process holds at most one connection per portal id.
 */
export function createPortalIdLock(deps: Pick<SlBase, "db">) {
  const { db } = deps;
  const queues = new Map<string, Promise<unknown>>();

  return async function serialised<T>(kind: string, bd: string, portalId: number, work: () => Promise<T>): Promise<T> {
    const key = `sl-${kind}|${bd}|${portalId}`;
    const previous = queues.get(key) ?? Promise.resolve();
    const mine = previous
      .catch(() => {})
      .then(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
          return work();
        }),
      );
    queues.set(key, mine);
    try {
      return await mine;
    } finally {
      if (queues.get(key) === mine) queues.delete(key);
    }
  };
}

export type PortalIdLock = ReturnType<typeof createPortalIdLock>;
