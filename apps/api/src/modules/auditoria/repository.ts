import type { HistorialFactura } from "@portal/contracts";
import type { Database } from "@portal/db";
import { schema } from "@portal/db";
import { sql } from "drizzle-orm";

const { auditoria, empleados, proveedores } = schema;

/** One audit entry as a Historial shows it, with who made the change. */
export interface EntradaHistorial {
  at: Date | string;
  operador: string;
  campo: string;
  valor_anterior: string;
  valor_nuevo: string;
  comentario: string;
  quien: string;
}

/** An audit entry as the getHistorial calls answer it (invoices and complements alike). */
export const comoHistorial = (h: EntradaHistorial): HistorialFactura => ({
  Fecha: new Date(h.at).toISOString(),
  Quien: h.quien,
  Operador: h.operador,
  Campo: h.campo,
  De: h.valor_anterior,
  A: h.valor_nuevo,
  Comentario: h.comentario,
});

/**
 * The history of one record (audit entries of `entidad` 'factura' or 'pago'), oldest first, with who made each
 * change: the employee's name, the supplier's name, or the stored reference when neither is found.
 */
export async function historialDe(db: Database, entidad: "factura" | "pago", id: number): Promise<EntradaHistorial[]> {
  const result = (await db.execute(sql`
    select a.at, a.operador, a.campo, a.valor_anterior, a.valor_nuevo, a.comentario,
           coalesce(nullif(trim(e.nombre || ' ' || e.apellidos), ''), p.card_name, a.usuario_ref) as quien
    from ${auditoria} a
    left join ${empleados} e on a.operador = 'Empleado' and e.id::text = a.usuario_ref
    left join ${proveedores} p on a.operador = 'Proveedor' and p.card_code = a.usuario_ref
    where a.entidad = ${entidad} and a.entidad_id = ${String(id)}
    order by a.at, a.id`)) as unknown as { rows: EntradaHistorial[] };
  return result.rows;
}

/** Every state change a reviewer makes (who, when, from, to, comment), written in the change's transaction. */
export function createAuditoriaRepository(db: Database) {
  return {
    record: async (values: typeof auditoria.$inferInsert) => {
      await db.insert(auditoria).values(values);
    },
  };
}
export type AuditoriaRepository = ReturnType<typeof createAuditoriaRepository>;
