import { type Database, schema } from "@portal/db";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { ErpEspera, ErpTrabajo } from "./records";

const { erpTrabajos } = schema;

/** Free to take: not leased, or its lease ran out (a worker that died mid-way). */
const libre = (now: Date) => or(isNull(erpTrabajos.bloqueadoHasta), lte(erpTrabajos.bloqueadoHasta, now));

/**
 * The ERP answers again for company database `bd` (issue 36, decision 040): each of its jobs waiting out the
 * backoff of earlier failures, and not woken since its last attempt, is woken once — due at `now` plus a share
 * of `ventanaMs` drawn from `random` (jobs in id order), so they do not all hit an ERP that just came back at the
 * same moment; never later than its backoff had it. Each keeps the time its backoff had set
 * (intento_programado). The ERP's refusals are 'fallido' and stay so. Returns how many were woken.
 */
async function wakeAfterOutage(
  db: Database,
  bd: string,
  now: Date,
  ventanaMs: number,
  random: () => number,
): Promise<number> {
  const candidatos = await db
    .select({ id: erpTrabajos.id, siguienteIntento: erpTrabajos.siguienteIntento })
    .from(erpTrabajos)
    .where(
      and(
        eq(erpTrabajos.estado, "pendiente"),
        sql`${erpTrabajos.intentos} > 0`,
        sql`${erpTrabajos.siguienteIntento} > ${now}`,
        isNull(erpTrabajos.intentoProgramado),
        libre(now),
        or(
          inArray(
            erpTrabajos.facturaId,
            db.select({ id: schema.facturas.id }).from(schema.facturas).where(eq(schema.facturas.bd, bd)),
          ),
          inArray(
            erpTrabajos.notaCreditoId,
            db.select({ id: schema.notasCredito.id }).from(schema.notasCredito).where(eq(schema.notasCredito.bd, bd)),
          ),
        ),
      ),
    )
    .orderBy(asc(erpTrabajos.id));
  const wakeUps = candidatos.flatMap((c) => {
    const at = now.getTime() + Math.floor(Math.min(Math.max(random(), 0), 0.999_999) * ventanaMs);
    return at < c.siguienteIntento.getTime() ? [{ id: c.id, at: new Date(at).toISOString() }] : [];
  });
  if (wakeUps.length === 0) return 0;
  // Only rows still waiting, not woken and not taken meanwhile (another process), and never postponed.
  const rows = (await db.execute(sql`
      update ${erpTrabajos} t set siguiente_intento = d.at, intento_programado = t.siguiente_intento
      from jsonb_to_recordset(${JSON.stringify(wakeUps)}::jsonb) as d(id int, at timestamptz)
      where t.id = d.id and t.estado = 'pendiente' and t.intento_programado is null
        and t.siguiente_intento > d.at
        and (t.bloqueado_hasta is null or t.bloqueado_hasta <= ${now})
      returning t.id`)) as unknown as { rows: unknown[] };
  return rows.rows.length;
}

/** The outbox's leases (decision 054): taking due jobs, an employee's retry, the wake-up after an outage. */
export function erpLeaseQueries(db: Database) {
  /** The lease and the attempt's count; the wake-up's time is kept only while it is still ahead (see claimDue). */
  const leaseFields = (now: Date, hasta: Date) => ({
    bloqueadoHasta: hasta,
    intentos: sql`${erpTrabajos.intentos} + 1`,
    intentoProgramado: sql`case when ${erpTrabajos.intentoProgramado} > ${now} then ${erpTrabajos.intentoProgramado} end`,
  });
  return {
    /**
     * Leases up to `limit` due jobs until `hasta` and counts the attempt: two workers never get the same job
     * (the lease is taken by one UPDATE, row locks skipped by the other). Issue 36: a job is not due while `espera`
     * (its kind's condition, from the handlers) holds: it waits without spending attempts. A
     * job taken before the time its backoff had set (woken after an outage) keeps that time in intento_programado;
     * one taken at or after it is an ordinary attempt and forgets it.
     */
    claimDue: async (now: Date, hasta: Date, limit: number, espera?: ErpEspera): Promise<ErpTrabajo[]> =>
      db
        .update(erpTrabajos)
        .set(leaseFields(now, hasta))
        .where(
          inArray(
            erpTrabajos.id,
            db
              .select({ id: erpTrabajos.id })
              .from(erpTrabajos)
              .where(
                and(
                  eq(erpTrabajos.estado, "pendiente"),
                  lte(erpTrabajos.siguienteIntento, now),
                  libre(now),
                  espera ? sql`not (${espera})` : undefined,
                ),
              )
              .orderBy(asc(erpTrabajos.id))
              .limit(limit)
              .for("update", { skipLocked: true }),
          ),
        )
        .returning(),
    /**
     * An employee's retry: leases job `id` now whatever its backoff or 'fallido' state, unless it is done or another
     * worker holds it. Undefined when there is nothing to take. The attempt counts (and is no wake-up).
     */
    claimTrabajo: async (id: number, now: Date, hasta: Date): Promise<ErpTrabajo | undefined> =>
      (
        await db
          .update(erpTrabajos)
          .set({ ...leaseFields(now, hasta), estado: "pendiente", intentoProgramado: null })
          .where(and(eq(erpTrabajos.id, id), inArray(erpTrabajos.estado, ["pendiente", "fallido"]), libre(now)))
          .returning()
      )[0],
    wakeAfterOutage: (bd: string, now: Date, ventanaMs: number, random: () => number) =>
      wakeAfterOutage(db, bd, now, ventanaMs, random),
  };
}
