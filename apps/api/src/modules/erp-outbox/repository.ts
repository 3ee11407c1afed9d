import { type Database, schema } from "@portal/db";
import { and, asc, eq, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";

const { erpTrabajos } = schema;

export type ErpTrabajo = typeof erpTrabajos.$inferSelect;
/**
 * How an attempt failed (issue 36, decision 040): the ERP (or the portal's database) could not answer, the job waits
 * for another document, the ERP refused, or anything else.
 */
export type ClaseError = "no_disponible" | "espera" | "rechazo" | "error";
/** What a job is about: an invoice, or a credit note (the table's two subject columns, one of them set). */
export type ErpSujeto = { facturaId: number } | { notaCreditoId: number };
/**
 * While a job of its kind may not run yet: a condition over the job's row (erp_trabajos), given by the kind's
 * handler (a credit note's job while an invoice it credits has no A/P invoice, issue 36).
 */
export type ErpEspera = SQL;

/**
 * The ERP outbox (erp_trabajos, decision 054): jobs written with the decision that causes them, leased while they
 * run. It knows no job kind: each kind's module (facturas/erp-jobs.ts, notas-credito/erp-job.ts,
 * bloqueo-pago/erp-jobs.ts) names its `tipo` and what it waits for.
 */
export function createErpTrabajosRepository(db: Database) {
  /** Free to take: not leased, or its lease ran out (a worker that died mid-way). */
  const libre = (now: Date) => or(isNull(erpTrabajos.bloqueadoHasta), lte(erpTrabajos.bloqueadoHasta, now));
  /** The lease and the attempt's count; the wake-up's time is kept only while it is still ahead (see claimDue). */
  const leaseFields = (now: Date, hasta: Date) => ({
    bloqueadoHasta: hasta,
    intentos: sql`${erpTrabajos.intentos} + 1`,
    intentoProgramado: sql`case when ${erpTrabajos.intentoProgramado} > ${now} then ${erpTrabajos.intentoProgramado} end`,
  });
  const subjectColumn = (sujeto: ErpSujeto) =>
    "facturaId" in sujeto ? erpTrabajos.facturaId : erpTrabajos.notaCreditoId;
  const subjectId = (sujeto: ErpSujeto) => ("facturaId" in sujeto ? sujeto.facturaId : sujeto.notaCreditoId);
  return {
    /** Job `tipo` of `sujeto`, due now; a second call for the same kind and document changes nothing. */
    enqueue: async (tipo: string, sujeto: ErpSujeto, now: Date) => {
      await db
        .insert(erpTrabajos)
        .values({ tipo, ...sujeto, siguienteIntento: now, createdAt: now })
        .onConflictDoNothing();
    },
    /**
     * Job `tipo` of `sujeto`, written in the transaction of the change that wants it; one done or failed is armed
     * again (for kinds the ERP does idempotently: a cancellation, decision 021; a payment block, decision 036); one
     * waiting or running is left alone.
     */
    rearm: async (tipo: string, sujeto: ErpSujeto, now: Date) => {
      await db
        .insert(erpTrabajos)
        .values({ tipo, ...sujeto, siguienteIntento: now, createdAt: now })
        .onConflictDoUpdate({
          target: [erpTrabajos.tipo, subjectColumn(sujeto)],
          set: {
            estado: "pendiente",
            intentos: 0,
            ultimoError: "",
            claseError: "",
            siguienteIntento: now,
            intentoProgramado: null,
            terminadoAt: null,
          },
          setWhere: ne(erpTrabajos.estado, "pendiente"),
        });
    },
    /** The job of kind `tipo` of `sujeto`, if any. */
    find: async (tipo: string, sujeto: ErpSujeto): Promise<ErpTrabajo | undefined> =>
      (
        await db
          .select()
          .from(erpTrabajos)
          .where(and(eq(erpTrabajos.tipo, tipo), eq(subjectColumn(sujeto), subjectId(sujeto))))
      )[0],
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
    finish: async (id: number, now: Date) => {
      await db
        .update(erpTrabajos)
        .set({
          estado: "hecho",
          ultimoError: "",
          claseError: "",
          bloqueadoHasta: null,
          intentoProgramado: null,
          terminadoAt: now,
        })
        .where(eq(erpTrabajos.id, id));
    },
    /**
     * The ERP answers again for company database `bd` (issue 36, decision 040): each of its jobs waiting out the
     * backoff of earlier failures, and not woken since its last attempt, is woken once — due at `now` plus a share
     * of `ventanaMs` drawn from `random` (jobs in id order), so they do not all hit an ERP that just came back at the
     * same moment; never later than its backoff had it. Each keeps the time its backoff had set
     * (intento_programado). The ERP's refusals are 'fallido' and stay so. Returns how many were woken.
     */
    wakeAfterOutage: async (bd: string, now: Date, ventanaMs: number, random: () => number): Promise<number> => {
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
                db
                  .select({ id: schema.notasCredito.id })
                  .from(schema.notasCredito)
                  .where(eq(schema.notasCredito.bd, bd)),
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
    },
    /**
     * A failed attempt that counts: retried at `siguiente`, or left 'fallido' (until an employee retries) when null.
     * Its class is kept, to tell whether a wake-up fails the same way.
     */
    fail: async (id: number, error: string, clase: ClaseError, siguiente: Date | null) => {
      await db
        .update(erpTrabajos)
        .set({
          estado: siguiente ? "pendiente" : "fallido",
          ultimoError: error.slice(0, 500),
          claseError: clase,
          bloqueadoHasta: null,
          intentoProgramado: null,
          ...(siguiente ? { siguienteIntento: siguiente } : {}),
        })
        .where(eq(erpTrabajos.id, id));
    },
    /**
     * A failure that is not an attempt (issue 36): a wake-up after an outage that failed the way the last attempt
     * did (back to the time its backoff had set, intento_programado, which stays so it is not woken again before
     * then), or a job that waits for another document (`siguiente`: due again, its claim waits for the document).
     * The attempt counted when it was taken is given back.
     */
    failUncounted: async (id: number, error: string, clase: ClaseError, siguiente: Date | null) => {
      await db
        .update(erpTrabajos)
        .set({
          estado: "pendiente",
          intentos: sql`greatest(${erpTrabajos.intentos} - 1, 0)`,
          ultimoError: error.slice(0, 500),
          claseError: clase,
          bloqueadoHasta: null,
          siguienteIntento:
            siguiente ?? sql`coalesce(${erpTrabajos.intentoProgramado}, ${erpTrabajos.siguienteIntento})`,
          ...(siguiente ? { intentoProgramado: null } : {}),
        })
        .where(eq(erpTrabajos.id, id));
    },
  };
}
export type ErpTrabajosRepository = ReturnType<typeof createErpTrabajosRepository>;
