import { type Database, schema } from "@portal/db";
import { and, eq, inArray, ne, sql } from "drizzle-orm";

const { facturas } = schema;

/** An invoice whose payment block changed: what the audit entry and the outbox job need. */
export interface CambioBloqueo {
  id: number;
  uuid: string;
}

/**
 * The payment block the portal asks of the ERP (issue 27, decision 036): `facturas.bloqueo_pago` and
 * `sustituta_id`. Every change is conditional on the state it leaves, so two jobs (or a job and a review) finding
 * the same CFDI change it once.
 */
export function createBloqueoPagoRepository(db: Database) {
  return {
    /**
     * The accepted replacement of accepted invoice `id`: an accepted invoice of the same supplier and sociedad whose
     * CFDI names its UUID with TipoRelacion 04 (sustitución); undefined when there is none.
     */
    replacementOf: async (id: number): Promise<CambioBloqueo | undefined> =>
      (
        (await db.execute(sql`select r.id, r.uuid from ${facturas} f join ${facturas} r
          on r.card_code = f.card_code and r.sociedad_id = f.sociedad_id and r.id <> f.id
            and r.estatus = 'A' and f.uuid = any(r.uuids_sustituidos)
          where f.id = ${id} order by r.id limit 1`)) as unknown as { rows: CambioBloqueo[] }
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
    /** Records the replacement accepted before the cancellation was found (no block is needed); true if recorded. */
    recordReplacement: async (id: number, sustitutaId: number): Promise<boolean> =>
      (
        await db
          .update(facturas)
          .set({ sustitutaId })
          .where(and(eq(facturas.id, id), eq(facturas.bloqueoPago, ""), sql`${facturas.sustitutaId} is null`))
          .returning({ id: facturas.id })
      ).length > 0,
    /**
     * Lifts the block of the invoices accepted invoice `sustituta` replaces: blocked ones of the same supplier and
     * sociedad whose UUID its CFDI names with TipoRelacion 04. Returns those lifted.
     */
    liftReplacedBy: async (sustituta: {
      id: number;
      cardCode: string;
      sociedadId: number;
      uuidsSustituidos: string[];
    }): Promise<CambioBloqueo[]> =>
      sustituta.uuidsSustituidos.length === 0
        ? []
        : db
            .update(facturas)
            .set({ bloqueoPago: "liberado", sustitutaId: sustituta.id })
            .where(
              and(
                eq(facturas.cardCode, sustituta.cardCode),
                eq(facturas.sociedadId, sustituta.sociedadId),
                ne(facturas.id, sustituta.id),
                eq(facturas.bloqueoPago, "bloqueado"),
                inArray(facturas.uuid, sustituta.uuidsSustituidos),
              ),
            )
            .returning({ id: facturas.id, uuid: facturas.uuid }),
    /** Whether the portal wants invoice `id`'s payment blocked now. */
    wanted: async (id: number): Promise<boolean> =>
      (await db.select({ b: facturas.bloqueoPago }).from(facturas).where(eq(facturas.id, id)))[0]?.b === "bloqueado",
  };
}
export type BloqueoPagoRepository = ReturnType<typeof createBloqueoPagoRepository>;
