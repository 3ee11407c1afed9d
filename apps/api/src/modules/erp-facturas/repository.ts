import { type Database, schema } from "@portal/db";
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";

const { erpTrabajos } = schema;

export type ErpTrabajo = typeof erpTrabajos.$inferSelect;
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
          set: { estado: "pendiente", intentos: 0, ultimoError: "", siguienteIntento: now, terminadoAt: null },
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
          set: { estado: "pendiente", intentos: 0, ultimoError: "", siguienteIntento: now, terminadoAt: null },
          setWhere: ne(erpTrabajos.estado, "pendiente"),
        });
    },
    /**
     * Leases up to `limit` due jobs until `hasta` and counts the attempt: two workers never get the same job
     * (the lease is taken by one UPDATE, row locks skipped by the other).
     */
    claimDue: async (now: Date, hasta: Date, limit: number): Promise<ErpTrabajo[]> =>
      db
        .update(erpTrabajos)
        .set({ bloqueadoHasta: hasta, intentos: sql`${erpTrabajos.intentos} + 1` })
        .where(
          inArray(
            erpTrabajos.id,
            db
              .select({ id: erpTrabajos.id })
              .from(erpTrabajos)
              .where(and(eq(erpTrabajos.estado, "pendiente"), lte(erpTrabajos.siguienteIntento, now), libre(now)))
              .orderBy(asc(erpTrabajos.id))
              .limit(limit)
              .for("update", { skipLocked: true }),
          ),
        )
        .returning(),
    /**
     * An employee's retry: leases the invoice's job now whatever its backoff or 'fallido' state, unless it is
     * done or another worker holds it. Undefined when there is nothing to take.
     */
    claimFactura: async (
      facturaId: number,
      now: Date,
      hasta: Date,
      tipo: string = TIPO_CREAR_FACTURA,
    ): Promise<ErpTrabajo | undefined> =>
      (
        await db
          .update(erpTrabajos)
          .set({ estado: "pendiente", bloqueadoHasta: hasta, intentos: sql`${erpTrabajos.intentos} + 1` })
          .where(
            and(
              eq(erpTrabajos.tipo, tipo),
              eq(erpTrabajos.facturaId, facturaId),
              inArray(erpTrabajos.estado, ["pendiente", "fallido"]),
              libre(now),
            ),
          )
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
        .set({ estado: "hecho", ultimoError: "", bloqueadoHasta: null, terminadoAt: now })
        .where(eq(erpTrabajos.id, id));
    },
    /**
     * The ERP answers again for company database `bd`: its invoices' jobs waiting out the backoff of earlier
     * failures are due now (each counted its attempts; the ERP's refusals are 'fallido' and stay so). Returns how
     * many.
     */
    makeDueAfterOutage: async (bd: string, now: Date): Promise<number> => {
      const rows = await db
        .update(erpTrabajos)
        .set({ siguienteIntento: now })
        .where(
          and(
            eq(erpTrabajos.estado, "pendiente"),
            sql`${erpTrabajos.intentos} > 0`,
            sql`${erpTrabajos.siguienteIntento} > ${now}`,
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
        .returning({ id: erpTrabajos.id });
      return rows.length;
    },
    /** A failed attempt: retried at `siguiente`, or left 'fallido' (until an employee retries) when null. */
    fail: async (id: number, error: string, siguiente: Date | null) => {
      await db
        .update(erpTrabajos)
        .set({
          estado: siguiente ? "pendiente" : "fallido",
          ultimoError: error.slice(0, 500),
          bloqueadoHasta: null,
          ...(siguiente ? { siguienteIntento: siguiente } : {}),
        })
        .where(eq(erpTrabajos.id, id));
    },
  };
}
export type ErpTrabajosRepository = ReturnType<typeof createErpTrabajosRepository>;
