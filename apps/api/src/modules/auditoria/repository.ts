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
 * The history of one record (audit entries of `entidad` 'factura', 'pago' or — issue 40 — 'nota_credito', the
 * review kit's ReviewKind.auditEntity of each), oldest first, with who made each change: the employee's name, the
 * supplier's name, or the stored reference when neither is found.
 */
export async function historialDe(
  db: Database,
  entidad: "factura" | "pago" | "nota_credito" | "solicitud_cuenta_bancaria",
  id: number,
): Promise<EntradaHistorial[]> {
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

/** Who made a change: a signed-in user (operador and id), or the system with what acted ("Sistema", "SAT"). */
export interface Actor {
  operador: string;
  id: string;
}

/** What changed: the record (its kind and id), the field, its value before and after, and the reason given. */
export interface Change {
  entidad: string;
  id: number | string;
  campo: string;
  from: string;
  to: string;
  comment?: string;
}

/** Every state change (who, when, from, to, comment), written in the change's transaction. */
export function createAuditoriaRepository(db: Database) {
  return {
    /** One audit entry, in the shape every site writes it (issue 38: one call instead of the row spelled out). */
    recordChange: async (by: Actor, change: Change, at: Date) => {
      await db.insert(auditoria).values({
        entidad: change.entidad,
        entidadId: String(change.id),
        campo: change.campo,
        valorAnterior: change.from,
        valorNuevo: change.to,
        comentario: change.comment ?? "",
        operador: by.operador,
        usuarioRef: by.id,
        at,
      });
    },
  };
}
export type AuditoriaRepository = ReturnType<typeof createAuditoriaRepository>;
