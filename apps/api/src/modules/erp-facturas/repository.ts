import { type Database, schema } from "@portal/db";
import { and, asc, eq, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";

const { erpTrabajos } = schema;

export type ErpTrabajo = typeof erpTrabajos.$inferSelect;
/**
 * How an attempt failed (issue 36, decision 040): the ERP (or the portal's database) could not answer, the job waits
 * for another document, the ERP refused, or anything else.
 */
export type ClaseError = "no_disponible" | "espera" | "rechazo" | "error";
export const TIPO_CREAR_FACTURA = "crear_factura";
/** The cancellation of the A/P invoice of an invoice that is not accepted (issue 22, decision 021). */
export const TIPO_CANCELAR_FACTURA = "cancelar_factura";
/** The payment block of the A/P invoice of an accepted CFDI the SAT cancelled, and its lifting (decision 036). */
export const TIPO_BLOQUEAR_PAGO = "bloquear_pago";
export const TIPO_DESBLOQUEAR_PAGO = "desbloquear_pago";
/** The A/P credit memo of an accepted credit note (issue 27, decision 034): names the credit note, not an invoice. */
export const TIPO_CREAR_NOTA_CREDITO = "crear_nota_credito";
/** An accepted replacement CFDI takes over the A/P invoice of the invoice it replaces (decision 036). */
export const TIPO_SUSTITUIR_CFDI = "sustituir_cfdi";

/** The ERP outbox (erp_trabajos): jobs written with the decision that causes them, leased while they run. */
export function createErpTrabajosRepository(db: Database) {
  /** Free to take: not leased, or its lease ran out (a worker that died mid-way). */
  const libre = (now: Date) => or(isNull(erpTrabajos.bloqueadoHasta), lte(erpTrabajos.bloqueadoHasta, now));
  /** The lease and the attempt's count; the wake-up's time is kept only while it is still ahead (see claimDue). */
  const tomar = (now: Date, hasta: Date) => ({
    bloqueadoHasta: hasta,
    intentos: sql`${erpTrabajos.intentos} + 1`,
    intentoProgramado: sql`case when ${erpTrabajos.intentoProgramado} > ${now} then ${erpTrabajos.intentoProgramado} end`,
  });
  /**
   * Issue 36 (decision 040): a job that waits for another invoice's A/P invoice — a credit note's job for the
   * invoices it credits, a takeover's (decision 036) for the replaced invoice's — while one of them has none yet
   * (its own job pending). Such a job is not due: it waits without spending attempts.
   */
  const esperaFactura: SQL = sql`exists (
    select 1 from ${schema.facturas} f where f.erp_doc_entry is null and (
      (${erpTrabajos.tipo} = ${TIPO_CREAR_NOTA_CREDITO} and f.id in (
        select ncf.factura_id from ${schema.notasCreditoFacturas} ncf
        where ncf.nota_credito_id = ${erpTrabajos.notaCreditoId}))
      or (${erpTrabajos.tipo} = ${TIPO_SUSTITUIR_CFDI} and f.id = (
        select s.sustituye_a_id from ${schema.facturas} s where s.id = ${erpTrabajos.facturaId}))))`;
  return {
    /** The A/P invoice job of an accepted invoice; a second call for the same invoice changes nothing. */
    enqueueFactura: async (facturaId: number, now: Date) => {
      await db
        .insert(erpTrabajos)
        .values({ tipo: TIPO_CREAR_FACTURA, facturaId, siguienteIntento: now, createdAt: now })
        .onConflictDoNothing();
    },
    /** Issue 27: the A/P credit memo job of an accepted credit note; a second call changes nothing. */
    enqueueNotaCredito: async (notaCreditoId: number, now: Date) => {
      await db
        .insert(erpTrabajos)
        .values({ tipo: TIPO_CREAR_NOTA_CREDITO, notaCreditoId, siguienteIntento: now, createdAt: now })
        .onConflictDoNothing();
    },
    /** The credit note's job (issue 27), if any. */
    deNotaCredito: async (notaCreditoId: number): Promise<ErpTrabajo | undefined> =>
      (
        await db
          .select()
          .from(erpTrabajos)
          .where(and(eq(erpTrabajos.tipo, TIPO_CREAR_NOTA_CREDITO), eq(erpTrabajos.notaCreditoId, notaCreditoId)))
      )[0],
    /** The takeover of the replaced invoice's A/P invoice by accepted replacement `facturaId` (decision 036). */
    enqueueSustitucion: async (facturaId: number, now: Date) => {
      await db
        .insert(erpTrabajos)
        .values({ tipo: TIPO_SUSTITUIR_CFDI, facturaId, siguienteIntento: now, createdAt: now })
        .onConflictDoNothing();
    },
    /**
     * The cancellation of the invoice's A/P invoice (decision 021), written in the transaction of whatever finds
     * the invoice not accepted (a review, the creation job). A cancellation that is done or failed is armed again
     * (cancelling in the ERP is idempotent); one waiting or running is left alone.
     */
    enqueueCancellation: async (facturaId: number, now: Date) => {
      await db
        .insert(erpTrabajos)
        .values({ tipo: TIPO_CANCELAR_FACTURA, facturaId, siguienteIntento: now, createdAt: now })
        .onConflictDoUpdate({
          target: [erpTrabajos.tipo, erpTrabajos.facturaId],
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
    /**
     * The payment block (`blocked`) or its lifting for the invoice's A/P invoice (decision 036), written in the
     * transaction that changes `facturas.bloqueo_pago`. Like a cancellation, one done or failed is armed again
     * (setting a payment block is idempotent in the ERP); one waiting or running is left alone.
     */
    enqueuePaymentBlock: async (facturaId: number, blocked: boolean, now: Date) => {
      await db
        .insert(erpTrabajos)
        .values({
          tipo: blocked ? TIPO_BLOQUEAR_PAGO : TIPO_DESBLOQUEAR_PAGO,
          facturaId,
          siguienteIntento: now,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [erpTrabajos.tipo, erpTrabajos.facturaId],
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
    /**
     * Leases up to `limit` due jobs until `hasta` and counts the attempt: two workers never get the same job
     * (the lease is taken by one UPDATE, row locks skipped by the other). Issue 36: a credit note's job is not due
     * while an invoice it credits has no A/P invoice (its own job pending), nor a takeover's while the replaced
     * invoice has none: it waits without spending attempts. A
     * job taken before the time its backoff had set (woken after an outage) keeps that time in intento_programado;
     * one taken at or after it is an ordinary attempt and forgets it.
     */
    claimDue: async (now: Date, hasta: Date, limit: number): Promise<ErpTrabajo[]> =>
      db
        .update(erpTrabajos)
        .set(tomar(now, hasta))
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
                  sql`not ${esperaFactura}`,
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
          .set({ ...tomar(now, hasta), estado: "pendiente", intentoProgramado: null })
          .where(and(eq(erpTrabajos.id, id), inArray(erpTrabajos.estado, ["pendiente", "fallido"]), libre(now)))
          .returning()
      )[0],
    deFactura: async (facturaId: number, tipo: string = TIPO_CREAR_FACTURA): Promise<ErpTrabajo | undefined> =>
      (
        await db
          .select()
          .from(erpTrabajos)
          .where(and(eq(erpTrabajos.tipo, tipo), eq(erpTrabajos.facturaId, facturaId)))
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
      const despertar = candidatos.flatMap((c) => {
        const at = now.getTime() + Math.floor(Math.min(Math.max(random(), 0), 0.999_999) * ventanaMs);
        return at < c.siguienteIntento.getTime() ? [{ id: c.id, at: new Date(at).toISOString() }] : [];
      });
      if (despertar.length === 0) return 0;
      // Only rows still waiting, not woken and not taken meanwhile (another process), and never postponed.
      const rows = (await db.execute(sql`
        update ${erpTrabajos} t set siguiente_intento = d.at, intento_programado = t.siguiente_intento
        from jsonb_to_recordset(${JSON.stringify(despertar)}::jsonb) as d(id int, at timestamptz)
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
