import { type Database, schema } from "@portal/db";
import { and, desc, eq, inArray } from "drizzle-orm";

const { auditoria, proveedores, recordatoriosComplementos } = schema;

export type RecordatorioComplemento = typeof recordatoriosComplementos.$inferInsert;

/** Complement deadlines (issue 27): the reminders sent and the suppliers' "retener pagos" flag. */
export function createComplementosAtrasadosRepository(db: Database) {
  return {
    /**
     * Records a reminder of one payment at one threshold; false when it was already recorded (by an earlier run or
     * by another process at the same moment: the primary key decides, the second insert waits for the first's
     * transaction and then inserts nothing).
     */
    recordRecordatorio: async (r: RecordatorioComplemento) =>
      (
        await db
          .insert(recordatoriosComplementos)
          .values(r)
          .onConflictDoNothing()
          .returning({ bd: recordatoriosComplementos.bd })
      ).length > 0,
    /** Every reminder sent, as "bd|docEntry|umbral" (the job's backlog for administrators). */
    recordatoriosEnviados: async () =>
      new Set(
        (
          await db
            .select({
              bd: recordatoriosComplementos.bd,
              docEntry: recordatoriosComplementos.pagoDocEntry,
              umbral: recordatoriosComplementos.umbral,
            })
            .from(recordatoriosComplementos)
        ).map((r) => `${r.bd}|${r.docEntry}|${r.umbral}`),
      ),
    /** Name, RFC and flag of these suppliers (the report's rows). */
    proveedores: async (cardCodes: readonly string[]) =>
      cardCodes.length === 0
        ? []
        : db
            .select({
              cardCode: proveedores.cardCode,
              cardName: proveedores.cardName,
              rfc: proveedores.rfc,
              retenerPagos: proveedores.retenerPagos,
            })
            .from(proveedores)
            .where(inArray(proveedores.cardCode, [...cardCodes])),
    /**
     * The comment each of these suppliers' flag was last set with (issue 40: it was audited and shown nowhere), by
     * CardCode; a supplier whose last change had no comment is absent.
     */
    comentariosRetencion: async (cardCodes: readonly string[]) => {
      if (cardCodes.length === 0) return new Map<string, string>();
      const rows = await db
        .selectDistinctOn([auditoria.entidadId], { cardCode: auditoria.entidadId, comentario: auditoria.comentario })
        .from(auditoria)
        .where(
          and(
            eq(auditoria.entidad, "proveedor"),
            eq(auditoria.campo, "retenerPagos"),
            eq(auditoria.valorNuevo, "Y"),
            inArray(auditoria.entidadId, [...cardCodes]),
          ),
        )
        .orderBy(auditoria.entidadId, desc(auditoria.at), desc(auditoria.id));
      return new Map(rows.filter((r) => r.comentario !== "").map((r) => [r.cardCode, r.comentario]));
    },
    /** The suppliers flagged "retener pagos por complementos atrasados" (the reviewers' badge). */
    retenidos: async () =>
      new Set(
        (
          await db
            .select({ cardCode: proveedores.cardCode })
            .from(proveedores)
            .where(eq(proveedores.retenerPagos, true))
        ).map((p) => p.cardCode),
      ),
    /** The supplier's flag, locked until the transaction ends (two employees at once: one after the other). */
    readForUpdate: async (cardCode: string) =>
      (
        await db
          .select({ cardName: proveedores.cardName, retenerPagos: proveedores.retenerPagos })
          .from(proveedores)
          .where(eq(proveedores.cardCode, cardCode))
          .for("update")
      )[0],
    setRetenerPagos: async (cardCode: string, retener: boolean, now: Date) => {
      await db
        .update(proveedores)
        .set({ retenerPagos: retener, updatedAt: now })
        .where(eq(proveedores.cardCode, cardCode));
    },
  };
}
export type ComplementosAtrasadosRepository = ReturnType<typeof createComplementosAtrasadosRepository>;
