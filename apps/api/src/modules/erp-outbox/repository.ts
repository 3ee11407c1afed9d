import { type Database, schema } from "@portal/db";
import { and, eq, ne } from "drizzle-orm";
import type { ErpSujeto, ErpTrabajo } from "./records";
import { erpLeaseQueries } from "./repository-lease";
import { erpAttemptOutcomes } from "./repository-outcomes";

const { erpTrabajos } = schema;

export type { ClaseError, ErpEspera, ErpSujeto, ErpTrabajo } from "./records";

/**
 * The ERP outbox (erp_trabajos, decision 054): jobs written with the decision that causes them, leased while they
 * run. It knows no job kind: each kind's module (facturas/erp-jobs.ts, notas-credito/erp-job.ts,
 * bloqueo-pago/erp-jobs.ts) names its `tipo` and what it waits for.
 */
export function createErpTrabajosRepository(db: Database) {
  const subjectColumn = (sujeto: ErpSujeto) =>
    "facturaId" in sujeto
      ? erpTrabajos.facturaId
      : "notaCreditoId" in sujeto
        ? erpTrabajos.notaCreditoId
        : erpTrabajos.solicitudCuentaId;
  const subjectId = (sujeto: ErpSujeto) =>
    "facturaId" in sujeto
      ? sujeto.facturaId
      : "notaCreditoId" in sujeto
        ? sujeto.notaCreditoId
        : sujeto.solicitudCuentaId;
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
    ...erpLeaseQueries(db),
    ...erpAttemptOutcomes(db),
  };
}
export type ErpTrabajosRepository = ReturnType<typeof createErpTrabajosRepository>;
