import { type Database, schema } from "@portal/db";
import { and, desc, eq, sql } from "drizzle-orm";

const { facturas, bloqueosCuentaBancaria, sociedades, solicitudesCuentaBancaria } = schema;

/** An invoice whose payment block changed: what the audit entry, the answer and the outbox job need. */
export interface CambioBloqueo {
  id: number;
  uuid: string;
  folio: string;
}

const cambio = { id: facturas.id, uuid: facturas.uuid, folio: facturas.folio };

/**
 * The payment block the portal asks of the ERP (issue 27, decision 036; issue 36, decision 038):
 * `facturas.bloqueo_pago` and `sustituta_id`. Every change is conditional on the state it leaves, so two jobs (or a
 * job and a review, or two employees) finding the same CFDI change it once.
 */
export function createBloqueoPagoRepository(db: Database) {
  return {
    /**
     * The replacement that took over accepted invoice `id`'s A/P invoice (decision 036's takeover: same supplier,
     * sociedad, receipts, total and currency, accepted), undefined when none did. Only that replacement stands in
     * for the invoice: another CFDI naming it with TipoRelacion 04 does not (decision 038).
     */
    takenOverBy: async (id: number): Promise<CambioBloqueo | undefined> =>
      (
        (await db.execute(sql`select r.id, r.uuid, r.folio from ${facturas} f
          join ${facturas} r on r.id = f.sustituida_por_id and r.estatus = 'A'
          where f.id = ${id}`)) as unknown as { rows: CambioBloqueo[] }
      ).rows[0],
    /** Blocks accepted invoice `id` unless it already is (or was lifted); true when this call blocked it. */
    block: async (id: number): Promise<boolean> =>
      (
        await db
          .update(facturas)
          .set({ bloqueoPago: "bloqueado" })
          .where(and(eq(facturas.id, id), eq(facturas.estatus, "A"), eq(facturas.bloqueoPago, "")))
          .returning({ id: facturas.id })
      ).length > 0,
    /** Records the takeover found before the cancellation (nothing to block); true if recorded. */
    recordReplacement: async (id: number, sustitutaId: number): Promise<boolean> =>
      (
        await db
          .update(facturas)
          .set({ sustitutaId })
          .where(and(eq(facturas.id, id), eq(facturas.bloqueoPago, ""), sql`${facturas.sustitutaId} is null`))
          .returning({ id: facturas.id })
      ).length > 0,
    /**
     * Lifts the block of the invoice accepted replacement `sustituta` takes over (decision 036's takeover, marked
     * by the acceptance just before): only that invoice, only if blocked. Returns it when lifted.
     */
    liftTakenOver: async (sustituta: {
      id: number;
      sustituyeAId: number | null;
    }): Promise<CambioBloqueo | undefined> =>
      sustituta.sustituyeAId === null
        ? undefined
        : (
            await db
              .update(facturas)
              .set({ bloqueoPago: "liberado", sustitutaId: sustituta.id })
              .where(
                and(
                  eq(facturas.id, sustituta.sustituyeAId),
                  eq(facturas.sustituidaPorId, sustituta.id),
                  eq(facturas.bloqueoPago, "bloqueado"),
                ),
              )
              .returning(cambio)
          )[0],
    /**
     * An employee lifts the block of invoice `id` by hand (decision 038), only if it is still blocked and at the
     * version the employee saw (the version trigger bumps it, so of two employees lifting at once one wins).
     */
    liftByHand: async (id: number, version: number): Promise<CambioBloqueo | undefined> =>
      (
        await db
          .update(facturas)
          .set({ bloqueoPago: "liberado" })
          .where(and(eq(facturas.id, id), eq(facturas.version, version), eq(facturas.bloqueoPago, "bloqueado")))
          .returning(cambio)
      )[0],
    /**
     * Whether the portal wants invoice `id`'s payment blocked now: the SAT's cancellation (`bloqueo_pago`), or — issue
     * 41, decision 069 — the cooling-off period of an approved change of the supplier's bank account not yet over.
     */
    /**
     * The supplier's latest approved change of bank account as invoice `id` sees it (decision 069): the request, when
     * it was approved and the invoice's sociedad's cooling-off days; undefined when the supplier never changed one.
     */
    latestCambioCuenta: async (
      id: number,
    ): Promise<{ solicitudId: number; aprobadaAt: Date; dias: number } | undefined> =>
      (
        await db
          .select({
            solicitudId: solicitudesCuentaBancaria.id,
            aprobadaAt: solicitudesCuentaBancaria.decididaAt,
            dias: sociedades.diasEnfriamientoCuenta,
          })
          .from(facturas)
          .innerJoin(sociedades, eq(sociedades.id, facturas.sociedadId))
          .innerJoin(
            solicitudesCuentaBancaria,
            and(
              eq(solicitudesCuentaBancaria.cardCode, facturas.cardCode),
              eq(solicitudesCuentaBancaria.estatus, "aprobada"),
            ),
          )
          .where(eq(facturas.id, id))
          .orderBy(desc(solicitudesCuentaBancaria.decididaAt))
          .limit(1)
      ).map((r) => ({ ...r, aprobadaAt: r.aprobadaAt ?? new Date(0) }))[0],
    /** Invoice `facturaId`'s cooling-off block for request `solicitudId` until `hasta`; false when it had one. */
    insertCoolingOff: async (facturaId: number, solicitudId: number, hasta: Date): Promise<boolean> =>
      (
        await db
          .insert(bloqueosCuentaBancaria)
          .values({ facturaId, solicitudId, hasta })
          .onConflictDoNothing()
          .returning()
      ).length > 0,
    wanted: async (id: number): Promise<boolean> =>
      (
        await db
          .select({
            w: sql<boolean>`${facturas.bloqueoPago} = 'bloqueado' or exists (select 1 from ${bloqueosCuentaBancaria} b
              where b.factura_id = ${facturas.id} and b.levantado_at is null)`,
          })
          .from(facturas)
          .where(eq(facturas.id, id))
      )[0]?.w === true,
  };
}
export type BloqueoPagoRepository = ReturnType<typeof createBloqueoPagoRepository>;
